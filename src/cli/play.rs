//! `ludolog play`: a game in the terminal between humans and computer players.

use super::record_file::Autosave;
use super::records::{game_name, read_record};
use crate::game::{Engine, GameLine, Pos};
use crate::record::{self, Format, Record};
use crate::registry::EngineSpec;
use crate::render::{render_ascii, terminal_text as t};
use crate::search::{choose_move, PlayerKind};
use anyhow::{bail, Result};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// How a `play` session is set up.
#[derive(Clone, Debug, Default)]
pub struct PlayConfig {
    /// (player name, who plays it); a side not named is played by a human.
    pub players: Vec<(String, PlayerKind)>,
    pub seed: u64,
    /// Where to save the game record on exit.
    pub save: Option<PathBuf>,
    /// A game record to resume.
    pub load: Option<PathBuf>,
    /// ANSI colours on the board.
    pub colour: bool,
    /// Repeat each line a human types (when input is not a terminal, for transcripts).
    pub echo: bool,
}

impl PlayConfig {
    /// The session `ludolog play` sets up from its command line: `players` are the
    /// words after the game (`--red human --blue alphabeta:4`, where `--save`,
    /// `--load` and `--seed` may come too); colours on a terminal unless `NO_COLOR`,
    /// and a human's moves echoed when they do not come from a terminal.
    pub fn from_command_line(
        seed: u64,
        save: Option<PathBuf>,
        load: Option<PathBuf>,
        players: &[String],
    ) -> Result<PlayConfig> {
        use std::io::IsTerminal;
        let mut config = PlayConfig {
            players: Vec::new(),
            seed,
            save,
            load,
            colour: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
            echo: !std::io::stdin().is_terminal(),
        };
        // options given after the first player flag arrive with the players
        for (name, value) in flag_pairs(players)? {
            match name.as_str() {
                "save" => config.save = Some(PathBuf::from(value)),
                "load" => config.load = Some(PathBuf::from(value)),
                "seed" => {
                    config.seed = value.parse().map_err(|_| {
                        anyhow::anyhow!(
                            "--seed takes a whole number from 0 to {}, not `{}`",
                            u64::MAX,
                            crate::game::elide(&value)
                        )
                    })?
                }
                _ => config
                    .players
                    .push((name, value.parse().map_err(anyhow::Error::msg)?)),
            }
        }
        Ok(config)
    }
}

/// Reads `--red human --blue alphabeta:4` (or `--red=human`) into name/value pairs.
pub fn flag_pairs(args: &[String]) -> Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let Some(name) = flag.strip_prefix("--") else {
            bail!("expected a player flag like --red, got `{flag}`")
        };
        match name.split_once('=') {
            Some((n, v)) => out.push((n.to_string(), v.to_string())),
            None => match it.next() {
                Some(v) => out.push((name.to_string(), v.clone())),
                None => bail!("--{name} needs a value (a player: human, random, greedy, alphabeta:N, alphabeta:Ns, mcts:N, mcts:Ns, rave:N or rave:Ns)"),
            },
        }
    }
    Ok(out)
}

/// Draws the line's position now.
fn draw(line: &mut GameLine, colour: bool, out: &mut dyn Write) -> Result<()> {
    let at = line.current();
    let view = line.engine().view(at)?;
    write!(out, "{}", render_ascii(&view, colour))?;
    Ok(())
}

/// The side to move after the first legal move from `start` (the second player's
/// name), if there is a legal move.
fn second_player(engine: &mut dyn Engine, start: Pos) -> Result<Option<String>> {
    let Some(m) = engine.describe(start)?.legal.first().cloned() else {
        return Ok(None);
    };
    let next = engine.play(start, &m)?;
    let name = engine.describe(next).map(|i| String::from(i.to_move));
    engine.release(next);
    Ok(Some(name?))
}

/// Who plays `name`: as named on the command line, else a human.
fn player_kind(players: &[(String, PlayerKind)], name: &str) -> PlayerKind {
    players
        .iter()
        .find(|(n, _)| n == name)
        .map_or(PlayerKind::Human, |(_, k)| *k)
}

/// The record as saved: `record` with these moves and result (`None`: the game goes
/// on), and who played each of the `sides` (those named on the command line, and any
/// the record does not name yet).
fn record_text(
    record: &Record,
    moves: &[String],
    result: Option<String>,
    sides: &[String],
    players: &[(String, PlayerKind)],
    format: Format,
) -> Result<String> {
    let mut record = record.clone();
    record.moves = moves.to_vec();
    record.result = result;
    for name in sides {
        if players.iter().any(|(n, _)| n == name) || record.player(name).is_none() {
            record.set_player(name, &player_kind(players, name).to_string());
        }
    }
    Ok(record.render(format)?)
}

/// Plays a game: draws the board, asks humans for moves, lets computers choose.
/// With `--save`, the record is saved at the end, or as far as the game went when
/// Ctrl-C or SIGTERM stops it (see `Autosave`).
pub fn play(
    spec: &EngineSpec,
    config: &PlayConfig,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    if let Some(path) = &config.save {
        if Format::of_path(path) == Format::Sgf && !record::speaks_sgf(&game_name(spec)) {
            bail!(
                "{}: SGF records are for Hex and Con-Tac-Tix; save this game as a text record",
                path.display()
            );
        }
    }
    // a record that cannot be saved is an error now, not after the game; its saving
    // starts before any engine opens (see `Autosave`)
    let save_to = config.save.as_deref().map(Autosave::start).transpose()?;
    let (mut record, spec) = match &config.load {
        Some(path) => read_record(spec, path, out)?,
        None => (
            Record {
                game: game_name(spec),
                options: spec.options.clone(),
                date: Some(record::today()),
                ..Record::default()
            },
            spec.clone(),
        ),
    };
    let spec = &spec;
    let mut engine = spec.open()?;
    if let Some(path) = &config.load {
        super::records::check_record(spec, engine.as_mut(), &record, path)?;
    }
    let mut rng = SmallRng::seed_from_u64(config.seed);
    let start = record
        .start_position(engine.as_mut())
        .map_err(|e| match &config.load {
            Some(path) => anyhow::anyhow!("{}: the start position: {e}", path.display()),
            None => e.into(),
        })?;
    record.start = Some(engine.text(start)?);
    record.setup.clear();
    record.setup_to_move = None;
    let mut line = GameLine::at(engine, start, record.start.clone());
    line.play_all(&record.moves)
        .map_err(|(i, e)| match &config.load {
            Some(path) => anyhow::anyhow!(
                "{}: move {} ({}): {e}",
                path.display(),
                i + 1,
                crate::game::elide(&record.moves[i])
            ),
            None => anyhow::anyhow!("move {}: {e}", i + 1),
        })?;
    let first = String::from(line.engine().describe(start)?.to_move);
    let second = second_player(line.engine(), start)?;
    for (name, _) in &config.players {
        if name != &first && second.as_ref() != Some(name) {
            bail!(
                "this game has no player named `{}`",
                crate::game::elide(name)
            );
        }
    }
    let kind_of = |name: &str| player_kind(&config.players, name);
    let sides: Vec<String> = [Some(first), second].into_iter().flatten().collect();
    let mut result = record.result.take();
    // an error that stops the game still leaves the moves so far saved
    let played = (|| -> Result<()> {
        loop {
            if let Some(save) = &save_to {
                // what a signal saves if it stops the game now
                let format = Format::of_path(save.path());
                let players = &config.players;
                if let Ok(text) = record_text(
                    &record,
                    line.moves(),
                    result.clone(),
                    &sides,
                    players,
                    format,
                ) {
                    save.snapshot(text);
                }
            }
            let info = line.describe()?;
            draw(&mut line, config.colour, out)?;
            if let Some(o) = &info.outcome {
                let o = o.to_string();
                writeln!(out, "result: {}", t(&o))?;
                result = Some(o);
                break;
            }
            if let Some(r) = &result {
                // a record that ended without a finished position (a resignation)
                let how = record
                    .termination
                    .as_deref()
                    .unwrap_or("the record says so");
                writeln!(out, "result: {} ({})", t(r), t(how))?;
                break;
            }
            if info.legal.is_empty() {
                writeln!(out, "result: no legal moves for {}", t(&info.to_move))?;
                break;
            }
            let kind = kind_of(&info.to_move);
            let mv = if kind == PlayerKind::Human {
                write!(out, "{}> ", t(&info.to_move))?;
                out.flush()?;
                let mut text = String::new();
                if input.read_line(&mut text)? == 0 {
                    writeln!(out)?;
                    break;
                }
                if config.echo {
                    writeln!(out, "{}", t(text.trim_end()))?;
                }
                match text.trim() {
                    "" => continue,
                    "quit" | "exit" => break,
                    "moves" | "?" | "help" => {
                        writeln!(out, "legal moves: {}", t(&info.legal.join(" ")))?;
                        writeln!(out, "type a move, `undo`, `moves` or `quit`")?;
                        continue;
                    }
                    "undo" => {
                        // back to this human's previous turn
                        let mut undone = 0;
                        while line.undo().is_some() {
                            undone += 1;
                            if kind_of(&line.describe()?.to_move) == PlayerKind::Human {
                                break;
                            }
                        }
                        writeln!(
                            out,
                            "undid {undone} move{}",
                            if undone == 1 { "" } else { "s" }
                        )?;
                        continue;
                    }
                    text => match line.play(text) {
                        Ok(()) => continue,
                        Err(e) => {
                            writeln!(out, "{}", t(&e.to_string()))?;
                            writeln!(out, "legal moves: {}", t(&info.legal.join(" ")))?;
                            continue;
                        }
                    },
                }
            } else {
                let at = line.current();
                match choose_move(kind, line.engine(), at, &mut rng)? {
                    Some(m) => m,
                    None => bail!("{} found no move in {}", info.to_move, info.position),
                }
            };
            writeln!(out, "{} plays {}", t(&info.to_move), t(&mv))?;
            line.play(&mv)?;
        }
        Ok(())
    })();
    record.moves = line.moves().to_vec();
    writeln!(out, "moves: {}", t(&record.moves.join(" ")))?;
    if let Some(save) = &save_to {
        let format = Format::of_path(save.path());
        let text = record_text(
            &record,
            &record.moves,
            result,
            &sides,
            &config.players,
            format,
        )?;
        save.save(text)?;
        writeln!(out, "saved the game to {}", save.path().display())?;
    }
    played
}
