//! The position a command works on: a position text, a file holding one, `-` for
//! stdin, the start, or a game record (`--record`, to `--ply`), then `--after` moves —
//! read once into a held position.

use crate::game::{Engine, EngineError, Pos};
use crate::registry::EngineSpec;
use anyhow::{Context, Result};
use std::io::Read;

/// A position as the user gave it.
#[derive(Clone, Debug, Default)]
pub struct PositionArg {
    /// A position text, `-` for standard input, or `None` for the start position.
    pub text: Option<String>,
    /// Moves to play from that position, separated by spaces or commas.
    pub after: Option<String>,
    /// A game record whose position to start from (see `open_at` in cli).
    pub record: Option<std::path::PathBuf>,
    /// How many of the record's moves to play (all when `None`).
    pub ply: Option<usize>,
}

/// The moves of an `--after` list: separated by spaces, or by commas in a word
/// that holds no `;` (a Mitsudomoe move lists its relocations after `;`,
/// separated by commas: `d2>c3/a2-c4;b5,e2`); a GDL move in parentheses, or a
/// joint move, is one move.
pub fn split_moves(moves: &str) -> Vec<String> {
    crate::game::move_words(moves.split_whitespace())
        .into_iter()
        .flat_map(|word| {
            if word.contains([';', '(', ' ']) {
                vec![word]
            } else {
                word.split(',').map(str::to_string).collect()
            }
        })
        .filter(|m| !m.is_empty())
        .collect()
}

/// The held position a user asked for.
pub fn read_position(engine: &mut dyn Engine, arg: &PositionArg) -> Result<Pos> {
    let start = match arg.text.as_deref() {
        None => engine.initial()?,
        Some("-") => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("reading the position from standard input")?;
            parse(engine, text.trim())?
        }
        Some(path) if std::path::Path::new(path).is_file() => {
            // a position file (e.g. Con-Tac-Tix's assignment format) given by its path
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("{path}: cannot read the position"))?;
            parse(engine, text.trim())?
        }
        Some(text) => parse(engine, text.trim())?,
    };
    if arg.ply.is_some() {
        engine.release(start);
        anyhow::bail!("--ply counts the moves of a --record");
    }
    after_moves(engine, start, arg)
}

/// A position text read into a held position; a text that does not read is shown
/// under the error with a caret at the column where it went wrong.
pub fn parse(engine: &mut dyn Engine, text: &str) -> Result<Pos> {
    engine.parse(text).map_err(|e| match &e {
        EngineError::Position(p) => match p.pointer(text) {
            Some(pointer) => anyhow::anyhow!("{e}\n{pointer}"),
            None => e.into(),
        },
        _ => e.into(),
    })
}

/// The position after the `--after` moves from `start` (which it takes over).
pub fn after_moves(engine: &mut dyn Engine, start: Pos, arg: &PositionArg) -> Result<Pos> {
    match arg.after.as_deref() {
        None => Ok(start),
        Some(moves) => {
            let after = engine.play_all(start, &split_moves(moves));
            engine.release(start);
            Ok(after?)
        }
    }
}

/// `-O` given with a position text that contradicts it (`-O size=5` with a 3x3
/// position) is an error: the position would silently win.
pub fn check_options(
    spec: &EngineSpec,
    engine: &mut dyn Engine,
    pos: Pos,
    arg: &PositionArg,
) -> Result<()> {
    if arg.text.is_none() || spec.options.pairs().is_empty() {
        return Ok(());
    }
    // a game with a native engine says what its position texts carry of its options;
    // a game written only as rules is held to its board's size
    let Some(d) = spec.descriptor().filter(|d| d.native.is_some()) else {
        return rules_only_options(spec, engine, pos);
    };
    let text = engine.text(pos)?;
    let clashes = d.contradicted(&spec.options, &text);
    if let Some((key, given, in_text)) = clashes.first() {
        anyhow::bail!(
            "-O {key}={given} contradicts the position, which has {key}={in_text} (drop -O {key} or change the position)"
        );
    }
    Ok(())
}

/// A rules-only game has no list of what its options mean for a position text, but
/// its board says it: the start with the user's options and the position must be
/// drawn on boards of one size (`-O rows=8` with a 6x6 position is an error).
fn rules_only_options(spec: &EngineSpec, engine: &mut dyn Engine, pos: Pos) -> Result<()> {
    let start = engine.initial()?;
    let sizes = engine.view(start).and_then(|a| Ok((a, engine.view(pos)?)));
    engine.release(start);
    let Ok((a, b)) = sizes else {
        return Ok(());
    };
    if (a.cols, a.rows) != (b.cols, b.rows) {
        anyhow::bail!(
            "-O {} gives a {}x{} board, but the position is on {}x{} (drop the -O or change the position)",
            spec.options,
            a.cols,
            a.rows,
            b.cols,
            b.rows
        );
    }
    Ok(())
}
