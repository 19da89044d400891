//! `ludolog new NAME`: a starter rule file that passes lint and plays (K in a row on
//! a square board), to be changed into a new game.

use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The starter of a square board (`{NAME}` stands for the game's name).
const SQUARE: &str = include_str!("starter/square.pl");
/// The starter of a hex rhombus: Hex-style connection.
const HEX: &str = include_str!("starter/hex.pl");

/// The boards a starter is written for.
pub const BOARDS: &[&str] = &["square", "hex"];

/// The starter's text of game `name` on `board` (`None`: no such board).
pub fn starter_text(name: &str, board: &str) -> Option<String> {
    match board {
        "square" => Some(SQUARE.replace("{NAME}", name)),
        "hex" => Some(HEX.replace("{NAME}", name)),
        _ => None,
    }
}

/// What the starter of `board` plays, in a few words.
pub fn board_summary(board: &str) -> Option<&'static str> {
    match board {
        "square" => Some("K in a row on a square board"),
        "hex" => Some("Hex-style connection on a rhombus"),
        _ => None,
    }
}

/// Writes the starter rule file of game `name` on `board` into `dir` (`NAME.pl`);
/// refuses a name that is no Prolog atom, an unknown board and an existing file.
pub fn new_game(name: &str, board: &str, dir: &Path, out: &mut dyn Write) -> Result<PathBuf> {
    let mut chars = name.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() <= 40;
    if !valid {
        bail!(
            "`{}` is no name for a game: a lowercase letter, then letters, digits or _ \
             (it names the module and the file)",
            crate::game::elide(name)
        );
    }
    let (Some(text), Some(what)) = (starter_text(name, board), board_summary(board)) else {
        bail!(
            "no starter for the board `{}` (boards: {})",
            crate::game::elide(board),
            BOARDS.join(", ")
        )
    };
    let players = match board {
        "hex" => "--red human --blue rave:1s",
        _ => "--x human --o rave:1s",
    };
    let file = format!("{name}.pl");
    let path = if dir == Path::new(".") {
        PathBuf::from(file)
    } else {
        dir.join(file)
    };
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .with_context(|| format!("{}: cannot write the new game", path.display()))?;
    file.write_all(text.as_bytes())
        .with_context(|| format!("{}: cannot write the new game", path.display()))?;
    writeln!(
        out,
        "wrote {p}: {name}, {what}, to make your own\n\
         next: ludolog lint {p}\n      ludolog play {p} {players}\n      \
         ludolog check {p} --tiers spec,accelerated",
        p = path.display()
    )?;
    Ok(path)
}
