//! The `ludolog` binary: the command line parsed with clap, and each command handed
//! to the library (`ludolog::cli`), which holds what commands do and how they run.

use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use ludolog::cli::values::{
    bench_positions, bench_seconds, games_count, inference_limit, max_plies, mcts_playouts,
    parse_threads, perft_depth, search_depth, search_time, seed_value, solve_nodes, solve_time,
    table_mb,
};
use ludolog::cli::{self, PositionArg};
use ludolog::game::{defaults, GameOptions, Tier};
use ludolog::parallel::{thread_count, Shard};
use ludolog::registry::EngineSpec;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "ludolog",
    version,
    about = "Board game rules in Prolog, native engines in Rust, and proof that they agree"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Stop when the process holds more memory than this, in MB, 0 for none (default
    /// 2048): a rule file or query that allocates without end stops, named.
    #[arg(long, global = true, value_name = "MB", value_parser = cli::limits::memory_limit)]
    memory_limit: Option<u64>,
    /// Stop a rule-file request or REPL answer that runs longer than this, in seconds,
    /// 0 for none (default 10; given, it bounds perft, playouts and search too).
    #[arg(long, global = true, value_name = "SECONDS", value_parser = cli::limits::time_limit)]
    time_limit: Option<f64>,
}

/// Which game, with which options, rules and tier.
#[derive(Args, Clone)]
struct GameArgs {
    /// A built-in game (see `ludolog games`) or the path of a rule file.
    game: String,
    #[command(flatten)]
    run: RunArgs,
}

/// How to run a game: its options, tier, rule files and query limit.
#[derive(Args, Clone)]
struct RunArgs {
    /// A game option, key=value (repeatable), e.g. -O size=5.
    #[arg(short = 'O', long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Run on this tier: spec, accelerated or native (default: native where it exists).
    #[arg(long)]
    tier: Option<Tier>,
    /// Load the rules from this file or directory instead of the built-in copy.
    #[arg(long, value_name = "PATH")]
    rules: Option<PathBuf>,
    /// Stop each rule-file query after this many inferences, 1000 to 10^12 (default:
    /// 30 million for a query on one position, about two seconds; none for perft,
    /// playouts and search, whose size the user chose).
    #[arg(long, value_name = "N", value_parser = inference_limit)]
    inference_limit: Option<u64>,
    /// Run rule files and REPL queries without the sandbox: they may then reach
    /// files, programs, the network and foreign libraries.
    #[arg(long)]
    trust: bool,
}

/// How many threads to run.
#[derive(Args, Clone)]
struct ThreadArgs {
    /// Threads to run on (default: every core), each with engines of its own.
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    threads: Option<usize>,
}

/// Threads, and the part of a run split between machines.
#[derive(Args, Clone)]
struct SplitArgs {
    #[command(flatten)]
    threads: ThreadArgs,
    /// Do shard K of N of the run (e.g. 2/8), for `ludolog merge` to add up.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
}

impl SplitArgs {
    fn split(&self) -> cli::Split {
        cli::Split {
            threads: thread_count(self.threads.threads),
            shard: self.shard.unwrap_or(Shard::WHOLE),
        }
    }
}

#[derive(Args, Clone)]
struct PositionArgs {
    /// A position text, or - to read it from standard input (default: the start).
    position: Option<String>,
    #[command(flatten)]
    from: FromArgs,
}

/// Where a position starts besides its text: moves played first, or a game record.
#[derive(Args, Clone)]
struct FromArgs {
    /// Moves to play first, from the position (or the start), e.g. --after "a1 b2".
    #[arg(long, value_name = "MOVES")]
    after: Option<String>,
    /// Start from a game record (text, or SGF for Hex), played to its end or to --ply.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Play only the record's first N moves.
    #[arg(long, value_name = "N", requires = "record")]
    ply: Option<usize>,
}

#[derive(Subcommand)]
enum Command {
    /// A Prolog top level on a game's rules (the default: ludolog alone = repl hex).
    Repl {
        /// A built-in game or the path of a rule file.
        #[arg(default_value = defaults::GAME)]
        game: String,
        #[command(flatten)]
        run: RunArgs,
        /// Reload the rule files when they change on disk, replaying the game so far.
        #[arg(long)]
        watch: bool,
    },
    /// The REPL's engine process, started by the REPL itself (a line protocol on stdin/stdout).
    #[command(hide = true)]
    ReplWorker,
    /// The legal moves of a position.
    Moves {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        pos: PositionArgs,
        /// Print {"position", "to_move", "outcome", "legal"} as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the game tree to a depth.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        pos: PositionArgs,
        /// Count to this many plies, 0 to 20.
        #[arg(long, short, value_parser = perft_depth)]
        depth: u32,
        #[command(flatten)]
        split: SplitArgs,
        /// Print the count and what it is as JSON (the input of `ludolog merge`).
        #[arg(long)]
        json: bool,
        /// Count through an external engine (examples/engines/README.md) from the
        /// start, for a perft table of someone else's engine.
        #[arg(long, value_name = "COMMAND", conflicts_with = "json")]
        against: Option<String>,
        /// Print the count at every depth from 1 to --depth, on one line: a row of a
        /// perft table.
        #[arg(long, conflicts_with_all = ["json", "shard", "against"])]
        every_depth: bool,
    },
    /// Play seeded random games through two or more tiers in lockstep and compare every position.
    Check {
        #[command(flatten)]
        game: GameArgs,
        /// The tiers to compare, each with the next (default: spec,native where a native engine exists).
        #[arg(long, value_delimiter = ',')]
        tiers: Vec<Tier>,
        /// Random games to play, 1 to 10^7.
        #[arg(long, default_value_t = defaults::CHECK_GAMES, value_parser = games_count)]
        games: usize,
        /// Cut each game off after this many plies, 1 to 10^6.
        #[arg(long, default_value_t = defaults::MAX_PLIES, value_parser = max_plies)]
        max_plies: usize,
        /// Seed of the random games.
        #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
        seed: u64,
        /// Also compare perft counts to this depth, 0 to 20.
        #[arg(long, value_parser = perft_depth)]
        perft: Option<u32>,
        #[command(flatten)]
        split: SplitArgs,
        /// Print the report as JSON (the input of `ludolog merge`).
        #[arg(long)]
        json: bool,
        /// Check an external engine against the game (in its default tier, or
        /// --tier): COMMAND speaks the engine protocol, examples/engines/README.md.
        #[arg(long, value_name = "COMMAND")]
        against: Option<String>,
    },
    /// Add up the JSON results of the shards of one check, perft or analyse run.
    Merge {
        /// The shards' result files (`check --json`, `perft --json` or `analyse --json`).
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Print the merged result as JSON (as one run's `--json`).
        #[arg(long)]
        json: bool,
    },
    /// The best move of a position by alpha-beta (or MCTS), its score and principal variation.
    Best {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        pos: PositionArgs,
        /// Search this many plies deep, 1 to 40 (default 4 without --time).
        #[arg(long, short, value_parser = search_depth)]
        depth: Option<u32>,
        /// Search for this long, e.g. 2s or 500ms, 1ms to 3600s.
        #[arg(long, value_parser = search_time)]
        time: Option<std::time::Duration>,
        /// Use MCTS with this many playouts instead of alpha-beta, 1 to 10^8 (every tier; far slower on rule files).
        #[arg(long, value_parser = mcts_playouts)]
        mcts: Option<u64>,
        // with --mcts: one tree per thread (root-parallel), the playouts shared out
        #[command(flatten)]
        threads: ThreadArgs,
        #[arg(long)]
        json: bool,
    },
    /// Is a variant a good game?  Plays games between players and reports balance,
    /// length, branching, decisiveness and each first move, game by game side by side.
    Analyse {
        /// Built-in games or rule files, compared side by side (the same -O for all).
        #[arg(required = true, value_name = "GAME")]
        games: Vec<String>,
        #[command(flatten)]
        run: RunArgs,
        /// Games per pairing of players.
        #[arg(long = "games", value_name = "N", default_value_t = 100, value_parser = games_count)]
        games_count: usize,
        /// A pairing FIRST,SECOND of players (repeatable; default random,random and
        /// mcts:1000,mcts:1000).
        #[arg(long = "players", value_name = "FIRST,SECOND", value_parser = cli::parse_pairing)]
        players: Vec<ludolog::analyse::Pairing>,
        /// The player whose wins against random play measure decisiveness, or none.
        #[arg(long, value_name = "PLAYER", default_value = cli::DEFAULT_STRONGER)]
        stronger: String,
        /// Cut each game off after this many plies, 1 to 10^6.
        #[arg(long, default_value_t = defaults::MAX_PLIES, value_parser = max_plies)]
        max_plies: usize,
        /// Seed of the games (each game has its own seed from it).
        #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
        seed: u64,
        #[command(flatten)]
        split: SplitArgs,
        /// Draw the charts as SVG files into this directory.
        #[arg(long, value_name = "DIR")]
        svg: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// The value of a position under perfect play (win, loss or draw for the side to
    /// move) by proof-number search, with the moves that keep it.
    Solve {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        pos: PositionArgs,
        /// The transposition table's size in MB, 1 to 65536 (default 256).
        #[arg(long, value_name = "MB", value_parser = table_mb)]
        memory: Option<u64>,
        /// Stop after this long, e.g. 30s or 500ms (default: no limit; Ctrl-C stops too).
        #[arg(long, value_parser = solve_time)]
        time: Option<std::time::Duration>,
        /// Stop after expanding this many positions.
        #[arg(long, value_name = "N", value_parser = solve_nodes)]
        nodes: Option<u64>,
        /// Give the value of every move (from the start: every opening), not only one
        /// that keeps the position's value.
        #[arg(long)]
        openings: bool,
        /// Search without the game's own knowledge (Hex: virtual connections,
        /// must-play regions, dead cells): plain proof-number search.
        #[arg(long)]
        plain: bool,
        /// Draw the moves' values on the board as SVG: green wins, grey draws, red loses.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Play a game in the terminal: ludolog play hex --red human --blue alphabeta:4
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Seed of the random players.
        #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
        seed: u64,
        /// Save the game record here on exit (SGF when FILE ends in .sgf: Hex and Con-Tac-Tix).
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Resume a saved game record (text, or SGF from HexGui or Little Golem).
        #[arg(long, value_name = "FILE")]
        load: Option<PathBuf>,
        /// Players by name: --red human --blue alphabeta:4 (human, random, greedy,
        /// alphabeta:N, alphabeta:Ns, mcts:N); a side not named is played by a human.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "--PLAYER KIND"
        )]
        players: Vec<String>,
    },
    /// The web front end: a board you can click, over a JSON API (see the README).
    Serve {
        /// A built-in game or the path of a rule file: the game the page opens first.
        #[arg(default_value = defaults::GAME)]
        game: String,
        #[command(flatten)]
        run: RunArgs,
        /// The port to listen on (0: any free port).
        #[arg(long, default_value_t = 7878)]
        port: u16,
        /// The address to listen on; other machines can reach the server only if
        /// this is not a loopback address.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
    },
    /// Speak the engine protocol (examples/engines/README.md) on standard input and
    /// output, in any tier: for `check --against` and other tools.
    Engine {
        #[command(flatten)]
        game: GameArgs,
    },
    /// A GTP engine on standard input and output (for HexGui and other controllers).
    Gtp {
        #[command(flatten)]
        game: GameArgs,
        /// Who chooses the moves: random, greedy, alphabeta:N, alphabeta:Ns or mcts:N
        /// (default: mcts:250000 on a native engine, else alphabeta:2).
        #[arg(long, value_name = "KIND")]
        player: Option<String>,
        /// Seed of the random choices.
        #[arg(long, default_value_t = defaults::SEED, value_parser = seed_value)]
        seed: u64,
        /// Play on when the search proves the game lost, instead of answering `resign`.
        #[arg(long)]
        never_resign: bool,
        /// With an MCTS player, answer `resign` when the best move wins fewer
        /// playouts than this percent (0: never).
        #[arg(long, value_name = "PERCENT", default_value_t = defaults::MCTS_RESIGN_PERCENT,
              value_parser = clap::value_parser!(u32).range(0..=100))]
        resign_below: u32,
    },
    /// Draw a position from the rule file's view/2: --svg FILE (or -) or --ascii.
    Render {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        pos: PositionArgs,
        /// Write SVG to this file (- for standard output).
        #[arg(long, value_name = "FILE", conflicts_with = "ascii")]
        svg: Option<PathBuf>,
        /// Draw the board as text (the default).
        #[arg(long)]
        ascii: bool,
    },
    /// The UGent assignment's command: ludolog contactix [best] [test] [svg] [FILE|-]
    Contactix {
        /// `best` (the default): the board after the best move; `test`: every next
        /// board, separated by lines holding only `~`; `svg`: SVG instead of text;
        /// FILE or - (the default): the position file.
        words: Vec<String>,
    },
    /// List the built-in games and their options.
    Games,
    /// Write a starter rule file NAME.pl (K in a row on a square board, or Hex on a
    /// rhombus with --board hex) that passes lint and plays, to change into a new game.
    New {
        /// The game's name: a lowercase letter, then letters, digits or _.
        name: String,
        /// The board of the starter: square (K in a row) or hex (Hex-style connection).
        #[arg(long, default_value = "square", value_parser = clap::builder::PossibleValuesParser::new(cli::BOARDS))]
        board: String,
        /// The directory to write it in.
        #[arg(long, default_value = ".")]
        dir: PathBuf,
    },
    /// Does a rule file keep the protocol?  Static checks of its text, then checks
    /// on seeded random games; a directory is every rule file in it.
    Lint {
        /// A rule file, or a directory of rule files.
        path: PathBuf,
        /// A game option, key=value (repeatable), e.g. -O size=5.
        #[arg(short = 'O', long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Random games to play (0: the static checks only).
        #[arg(long, default_value_t = defaults::LINT_GAMES)]
        games: usize,
        /// Seed of the random games.
        #[arg(long, default_value_t = defaults::SEED)]
        seed: u64,
        /// A game still going after this many plies is a finding.
        #[arg(long, default_value_t = defaults::MAX_PLIES)]
        max_plies: usize,
        /// Stop a rule-file query after this many inferences.
        #[arg(long, value_name = "N")]
        inference_limit: Option<u64>,
        /// The rule tier to play the games in: spec, or accelerated (where the
        /// native helpers answer, so that legal_count/2 and nth_legal/3 written for
        /// them are held to legal/2 too).
        #[arg(long, default_value = "spec")]
        tier: Tier,
        #[arg(long)]
        json: bool,
    },
    /// Why a move is illegal (or, when it is legal, what it does): why GAME [POSITION] MOVE
    Why {
        #[command(flatten)]
        game: GameArgs,
        /// [POSITION] MOVE: a position text (or - for standard input; default: the
        /// start, after --after) and the move.
        #[arg(num_args = 1..=2, required = true, value_name = "[POSITION] MOVE")]
        words: Vec<String>,
        #[command(flatten)]
        from: FromArgs,
    },
    /// Measure the tiers side by side: random playouts/s and perft nodes/s.
    Bench {
        #[command(flatten)]
        game: GameArgs,
        /// Seconds to spend on each measurement, 0.01 to 600.
        #[arg(long, default_value_t = 2.0, value_parser = bench_seconds)]
        seconds: f64,
        /// Tiers to measure, comma-separated (default: all that exist).
        #[arg(long, value_delimiter = ',')]
        tiers: Vec<Tier>,
        /// Depth of the native search timed on sampled positions, 1 to 40.
        #[arg(long, default_value_t = defaults::SEARCH_DEPTH, value_parser = search_depth)]
        search_depth: u32,
        /// How many positions from random games to time that search on, 0 (skip) to 1000.
        #[arg(long, default_value_t = 12, value_parser = bench_positions)]
        positions: usize,
        // playouts and perft on this many threads too, for the speed-up
        #[command(flatten)]
        threads: ThreadArgs,
        #[arg(long)]
        json: bool,
    },
}

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
    if let Some(Command::ReplWorker) = cli.command {
        // the engine process writes its protocol to standard output: no lock held here
        ludolog::repl::serve_worker()?;
        return Ok(ExitCode::SUCCESS);
    }
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
        Some(Command::ReplWorker) => {}
        Some(Command::Check {
            game,
            tiers,
            games,
            max_plies,
            seed,
            perft,
            split,
            json,
            against,
        }) => {
            let spec = spec(&game)?;
            let config = ludolog::check::CheckConfig {
                games,
                max_plies,
                seed,
                perft_depth: perft,
                progress: true,
            };
            if let Some(command) = against {
                if !tiers.is_empty() {
                    anyhow::bail!("--against checks one tier (--tier), not --tiers");
                }
                if !cli::check_against(&spec, &command, config, split.split(), json, &mut out)? {
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
                &spec.options,
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
        }) => {
            let (spec, pos, split) = (spec(&game)?, position(&pos), split.split());
            if every_depth {
                cli::perft_every_depth(&spec, &pos, depth, split, &mut out)?;
            } else {
                cli::perft(&spec, &pos, depth, split, json, &mut out)?;
            }
        }
        Some(Command::Games) => cli::games(&mut out)?,
        Some(Command::New { name, board, dir }) => {
            cli::new_game(&name, &board, &dir, &mut out)?;
        }
        Some(Command::Lint {
            path,
            options,
            games,
            seed,
            max_plies,
            inference_limit,
            tier,
            json,
        }) => {
            let plan = ludolog::authoring::Playouts {
                games,
                seed,
                max_plies,
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
        Some(Command::Engine { game }) => {
            let spec = spec(&game)?;
            // the game is opened once now, so that a bad game or option is an error here
            spec.open()?;
            let stdin = std::io::stdin();
            ludolog::external::speak(&spec, &mut stdin.lock(), &mut std::io::stdout())?;
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
        }) => {
            let config = ludolog::serve::ServeConfig {
                spec: engine_spec(game, &run)?,
                addr: std::net::SocketAddr::new(host, port),
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
    cli::process::run(move || run(cli))
}
