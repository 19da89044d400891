//! The `ludolog` binary: the command line (parsed with clap, see command_line.rs), and
//! each command handed to the library (`ludolog::cli`), which holds what commands do
//! and how they run.

/// The process's allocator: the system's, counted against the memory limit.
#[global_allocator]
static ALLOCATOR: ludolog::foreign::memory::LimitedAlloc = ludolog::foreign::memory::LimitedAlloc;

mod command_line;

use anyhow::Result;
use clap::Parser;
use command_line::{Cli, Command, FromArgs, GameArgs, PositionArgs, RunArgs};
use ludolog::cli::{self, PositionArg};
use ludolog::game::{defaults, GameOptions, Tier};
use ludolog::parallel::thread_count;
use ludolog::registry::EngineSpec;
use std::process::ExitCode;

fn spec(g: &GameArgs) -> Result<EngineSpec> {
    engine_spec(g.game.clone(), &g.run)
}

fn engine_spec(game: String, run: &RunArgs) -> Result<EngineSpec> {
    if run.trust {
        eprintln!(
            "warning: --trust: the sandbox is off; rule files and queries can reach files, programs, the network and foreign libraries"
        );
    }
    Ok(EngineSpec {
        game,
        options: GameOptions::parse(&run.options)?,
        tier: run.tier,
        rules: run.rules.clone(),
        limit: run.inference_limit,
        trust: run.trust,
    })
}

fn position(p: &PositionArgs) -> PositionArg {
    position_arg(p.position.clone(), &p.from)
}

/// The position a command starts from: its text (or the start) and `from`.
fn position_arg(text: Option<String>, from: &FromArgs) -> PositionArg {
    PositionArg {
        text,
        after: from.after.clone(),
        record: from.record.clone(),
        ply: from.ply,
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    cli::process::start(cli.memory_limit, cli.time_limit);
    // what rule files, records and positions say is shown, never acted on, by the
    // terminal (play, the REPL, GTP and serve write their own way)
    let mut out = ludolog::render::TerminalWriter::new(std::io::stdout().lock());
    match cli.command {
        None => {
            let code = ludolog::repl::run(EngineSpec::new(defaults::GAME, GameOptions::default()))?;
            return Ok(ExitCode::from(code));
        }
        Some(Command::Repl { game, run, watch }) => {
            let code = ludolog::repl::run_watching(engine_spec(game, &run)?, watch)?;
            return Ok(ExitCode::from(code));
        }
        Some(Command::ReplWorker) | Some(Command::Worker) | Some(Command::EngineProcess { .. }) => {
        }
        Some(Command::Check {
            game,
            tiers,
            games,
            max_plies,
            seed,
            perft,
            strategy,
            sweep,
            split,
            json,
            against,
            answer_timeout,
        }) => {
            let spec = spec(&game)?;
            let answer_timeout = std::time::Duration::from_secs_f64(answer_timeout);
            let config = ludolog::check::CheckConfig {
                games,
                max_plies,
                seed,
                perft_depth: perft,
                progress: true,
                strategy,
                sweep,
            };
            if let Some(command) = against {
                if !tiers.is_empty() {
                    anyhow::bail!("--against checks one tier (--tier), not --tiers");
                }
                let split = split.split();
                let engine = cli::Against {
                    command: &command,
                    timeout: answer_timeout,
                };
                if !cli::check_against(&spec, engine, config, split, json, &mut out)? {
                    return Ok(ExitCode::FAILURE);
                }
                return Ok(ExitCode::SUCCESS);
            }
            let tiers = if !tiers.is_empty() {
                tiers
            } else {
                let (tiers, note) = spec.check_tiers();
                if let Some(note) = note {
                    eprintln!("{note}");
                }
                tiers
            };
            if !cli::check(&spec, &tiers, config, split.split(), json, &mut out)? {
                return Ok(ExitCode::FAILURE);
            }
        }
        Some(Command::Merge { files, json }) => {
            if !cli::merge(&files, json, &mut out)? {
                return Ok(ExitCode::FAILURE);
            }
        }
        Some(Command::Moves { game, pos, json }) => {
            cli::moves(&spec(&game)?, &position(&pos), json, &mut out)?
        }
        Some(Command::Perft {
            game,
            pos,
            depth,
            split,
            json: _,
            against: Some(command),
            every_depth: _,
            answer_timeout,
        }) => {
            if !split.split().shard.is_whole() {
                anyhow::bail!("perft --against counts on one engine process: no --shard");
            }
            let p = position(&pos);
            if p.text.is_some() || p.record.is_some() || p.after.is_some() {
                anyhow::bail!(
                    "perft --against counts from the start: an external engine reads no position"
                );
            }
            let spec = spec(&game)?;
            let mut engine = ludolog::external::ExternalEngine::start(
                &command,
                &spec.protocol_name(),
                &spec.protocol_options(),
                std::time::Duration::from_secs_f64(answer_timeout),
            )?;
            use ludolog::game::Engine;
            let start = engine.initial()?;
            std::io::Write::write_fmt(&mut out, format_args!("{}\n", engine.perft(start, depth)?))?;
        }
        Some(Command::Perft {
            game,
            pos,
            depth,
            split,
            json,
            against: None,
            every_depth,
            answer_timeout: _,
        }) => {
            let (spec, pos, split) = (spec(&game)?, position(&pos), split.split());
            if every_depth {
                cli::perft_every_depth(&spec, &pos, depth, split, &mut out)?;
            } else {
                cli::perft(&spec, &pos, depth, split, json, &mut out)?;
            }
        }
        Some(Command::Games) => cli::games(&mut out)?,
        Some(Command::Gdl { file }) => {
            let text = ludolog::prolog::read_rule_text(&file).map_err(|e| {
                anyhow::anyhow!("{}: cannot read the rule sheet: {e}", file.display())
            })?;
            let translation = ludolog::prolog::translated(&file, &text)
                .map_err(|e| anyhow::anyhow!("{}:{}: {}", file.display(), e.line, e.message))?;
            std::io::Write::write_all(&mut out, translation.as_bytes())?;
        }
        Some(Command::New { name, board, dir }) => {
            cli::new_game(&name, &board, &dir, &mut out)?;
        }
        Some(Command::Lint {
            path,
            options,
            games,
            seed,
            max_plies,
            budget,
            inference_limit,
            tier,
            json,
        }) => {
            let plan = ludolog::authoring::Playouts {
                games,
                seed,
                max_plies,
                budget: (budget > 0.0).then(|| std::time::Duration::from_secs_f64(budget)),
            };
            let options = GameOptions::parse(&options)?;
            if tier == Tier::Native {
                anyhow::bail!(
                    "lint checks a rule file: --tier takes spec or accelerated, not native"
                );
            }
            if !cli::lint(&path, &options, plan, inference_limit, tier, json, &mut out)? {
                return Ok(ExitCode::FAILURE);
            }
        }
        Some(Command::Why { game, words, from }) => {
            let (text, mv) = match words.as_slice() {
                [mv] => (None, mv.clone()),
                [p, mv] => (Some(p.clone()), mv.clone()),
                _ => anyhow::bail!("why takes [POSITION] MOVE"),
            };
            let pos = position_arg(text, &from);
            cli::why(&spec(&game)?, &pos, &mv, &mut out)?;
        }
        Some(Command::Render {
            game,
            pos,
            svg,
            ascii: _,
        }) => cli::render(&spec(&game)?, &position(&pos), svg.as_ref(), &mut out)?,
        Some(Command::Engine { game, moves }) => {
            let spec = spec(&game)?;
            // the game is opened once now, so that a bad game or option is an error here
            spec.open()?;
            let table = moves
                .map(|p| ludolog::external::MoveTable::read(&p))
                .transpose()
                .map_err(anyhow::Error::msg)?;
            let stdin = std::io::stdin();
            ludolog::external::speak(
                &spec,
                table.as_ref(),
                &mut stdin.lock(),
                &mut std::io::stdout(),
            )?;
        }
        Some(Command::Gtp {
            game,
            player,
            seed,
            never_resign,
            resign_below,
        }) => {
            let spec = spec(&game)?;
            let player = player
                .unwrap_or_else(|| defaults::gtp_player(spec.effective_tier() == Tier::Native));
            let config = ludolog::gtp::GtpConfig {
                spec,
                player: player.parse().map_err(anyhow::Error::msg)?,
                seed,
                resign: !never_resign,
                resign_below: if never_resign { 0 } else { resign_below },
            };
            let stdin = std::io::stdin();
            cli::gtp(config, &mut stdin.lock(), &mut out)?;
        }
        Some(Command::Serve {
            game,
            run,
            port,
            host,
            allow_hosts,
        }) => {
            let config = ludolog::serve::ServeConfig {
                spec: engine_spec(game, &run)?,
                addr: std::net::SocketAddr::new(host, port),
                allow_hosts,
            };
            ludolog::serve::run(config, &mut out)?
        }
        Some(Command::Contactix { words }) => {
            cli::contactix(&cli::parse_contactix_args(&words)?, &mut out)?
        }
        Some(Command::Play {
            game,
            seed,
            save,
            load,
            players,
        }) => {
            let config = cli::PlayConfig::from_command_line(seed, save, load, &players)?;
            let stdin = std::io::stdin();
            // play colours its board: it escapes what the rules say itself
            cli::play(
                &spec(&game)?,
                &config,
                &mut stdin.lock(),
                &mut std::io::stdout(),
            )?;
        }
        Some(Command::Best {
            game,
            pos,
            depth,
            time,
            mcts,
            threads,
            json,
        }) => {
            let how = cli::best_search(depth, time, mcts, thread_count(threads.threads));
            cli::best(&spec(&game)?, &position(&pos), how, json, &mut out)?;
        }
        Some(Command::Analyse {
            games,
            run,
            games_count,
            players,
            stronger,
            max_plies,
            seed,
            split,
            svg,
            json,
        }) => {
            let specs = games
                .into_iter()
                .map(|g| engine_spec(g, &run))
                .collect::<Result<Vec<_>>>()?;
            let pairings = if players.is_empty() {
                cli::DEFAULT_PAIRINGS
                    .split_whitespace()
                    .map(cli::parse_pairing)
                    .collect::<Result<Vec<_>, String>>()
                    .map_err(anyhow::Error::msg)?
            } else {
                players
            };
            let stronger = match stronger.as_str() {
                "none" => None,
                s => Some(
                    s.parse::<ludolog::search::PlayerKind>()
                        .map_err(anyhow::Error::msg)?,
                ),
            };
            let split = split.split();
            let args = cli::AnalyseArgs {
                pairings,
                stronger,
                plan: ludolog::analyse::AnalysePlan {
                    pairings: Vec::new(),
                    games: games_count,
                    max_plies,
                    seed,
                    threads: split.threads,
                    shard: split.shard,
                    progress: !json && std::io::IsTerminal::is_terminal(&std::io::stderr()),
                    cancel: None,
                },
                svg,
                json,
            };
            cli::analyse(&specs, &args, &mut out)?;
        }
        Some(Command::Solve {
            game,
            pos,
            memory,
            time,
            nodes,
            openings,
            plain,
            svg,
            json,
        }) => {
            let plan = cli::SolvePlan {
                memory_mb: memory.unwrap_or(cli::DEFAULT_TABLE_MB),
                time,
                nodes,
                openings,
                plain,
                svg,
                json,
            };
            if !cli::solve(&spec(&game)?, &position(&pos), &plan, &mut out)? {
                return Ok(ExitCode::from(2));
            }
        }
        Some(Command::Bench {
            game,
            seconds,
            tiers,
            search_depth,
            positions,
            threads,
            json,
        }) => {
            let spec = spec(&game)?;
            let tiers = if !tiers.is_empty() {
                tiers
            } else {
                spec.default_tiers()
            };
            let plan = cli::BenchPlan {
                seconds,
                search_depth,
                positions,
                threads: thread_count(threads.threads),
            };
            cli::bench(&spec, &tiers, &plan, json, &mut out)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::ReplWorker) = cli.command {
        if std::env::var_os("RUST_BACKTRACE").is_none() {
            std::panic::set_hook(Box::new(|_| {}));
        }
        // at once: no exit handler runs (rules past the sandbox could register one)
        ludolog::foreign::exit::exit_now(ludolog::repl::run_worker());
    }
    if let Some(Command::EngineProcess { words }) = &cli.command {
        // at once, before anything else: it becomes the engine program
        return ExitCode::from(u8::try_from(ludolog::external::become_engine(words)).unwrap_or(1));
    }
    if let Some(Command::Worker) = cli.command {
        // confined first thing, on the process's only thread: nothing of the
        // command line's limits or the environment applies (it has none)
        if std::env::var_os("RUST_BACKTRACE").is_none() {
            std::panic::set_hook(Box::new(|_| {}));
        }
        ludolog::foreign::exit::exit_now(ludolog::worker::run_worker());
    }
    cli::process::run(move || run(cli))
}
