//! `ludolog contactix [best] [test] [svg] [FILE|-]`: the UGent assignment's
//! command line — read a position file, print the best next board or every next
//! board (separated by lines holding only `~`), as position files or as SVG.

use crate::game::{Game, GameOptions, Limits, Outcome, TextOps, Tier};
use crate::games::hex::{contactix_file, Hex};
use crate::prolog::RulesEngine;
use crate::registry::EngineSpec;
use crate::render::render_svg;
use crate::search::Searcher;
use anyhow::{bail, Context, Result};
use std::io::{Read, Write};
use std::time::Duration;

/// What the command was asked for.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ContactixArgs {
    pub test: bool,
    pub svg: bool,
    /// A file, or `-` / none for standard input.
    pub file: Option<String>,
}

/// Reads the words after `ludolog contactix`.
pub fn parse_contactix_args(words: &[String]) -> Result<ContactixArgs> {
    let mut args = ContactixArgs::default();
    for w in words {
        match w.to_ascii_lowercase().as_str() {
            "best" => {}
            "test" => args.test = true,
            "svg" => args.svg = true,
            _ if args.file.is_none() => args.file = Some(w.clone()),
            _ => bail!("unexpected `{w}`: ludolog contactix [best] [test] [svg] [FILE|-]"),
        }
    }
    Ok(args)
}

/// The best next position: an immediate win when there is one, else alpha-beta
/// (depth 4, at most 5 seconds).
fn best_next(game: &Hex) -> Option<Hex> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.sort();
    for &m in &moves {
        let mut next = game.clone();
        next.play(m);
        if next.outcome() == Some(Outcome::Win(game.to_move())) {
            return Some(next);
        }
    }
    let limits = Limits {
        depth: Some(4),
        time: Some(Duration::from_secs(5)),
        nodes: None,
    };
    let m = Searcher::<Hex>::new(1 << 18).search(game, limits).best?;
    let mut next = game.clone();
    next.play(m);
    Some(next)
}

fn show(game: &Hex, svg: bool, viewer: &mut Option<RulesEngine>) -> Result<String> {
    if !svg {
        return Ok(contactix_file::write(game));
    }
    if viewer.is_none() {
        *viewer =
            Some(EngineSpec::new("contactix", GameOptions::default()).open_rules(Tier::Spec)?);
    }
    let Some(rules) = viewer.as_mut() else {
        bail!("no viewer")
    };
    Ok(render_svg(&rules.view_text(&game.position_text())?))
}

/// Runs the command; the input is a position file.
pub fn contactix(args: &ContactixArgs, out: &mut dyn Write) -> Result<()> {
    let text = match args.file.as_deref() {
        None | Some("-") => {
            let mut t = String::new();
            std::io::stdin()
                .read_to_string(&mut t)
                .context("reading the position from standard input")?;
            t
        }
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("{path}: cannot read the position file"))?,
    };
    let game = contactix_file::parse(&text).map_err(|e| {
        let at = args
            .file
            .as_deref()
            .filter(|f| *f != "-")
            .unwrap_or("<stdin>");
        anyhow::anyhow!("{at}: {e}")
    })?;
    if game.outcome().is_some() {
        bail!("the game in the position file is already over");
    }
    let mut viewer = None;
    if args.test {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        moves.sort();
        let mut boards = Vec::new();
        for m in moves {
            let mut next = game.clone();
            next.play(m);
            boards.push(show(&next, args.svg, &mut viewer)?);
        }
        write!(out, "{}", boards.join("~\n"))?;
    } else {
        let next = best_next(&game).context("there is no move to play")?;
        write!(out, "{}", show(&next, args.svg, &mut viewer)?)?;
    }
    Ok(())
}
