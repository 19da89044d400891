//! Game records: one text format for every game (PGN-like tags, then the moves in the
//! game's own notation) and SGF where the game has a convention for it (Hex, GM[11]).
//!
//! The interface is small: `load` reads a file of either format into a `Record` (with
//! notes on what a lenient read passed over), `Record::render` writes one, and
//! `Record::merge_options` and `Record::position` put a record to work on an engine.

mod hex_sgf;
mod sgf;
mod text;

pub use hex_sgf::{player_tag, speaks_sgf};

use crate::game::{elide, Engine, EngineError, GameOptions, Player, Pos};
use std::path::Path;

/// A game: its rules, where it started, the moves played and what came of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The game's name (`hex`, or the path of a rule file).
    pub game: String,
    /// The options the game was played with (those given; the rest are defaults).
    pub options: GameOptions,
    /// The start position's text; `None`: the game's start.
    pub start: Option<String>,
    /// Stones placed on the start before the first move, (player, move) — SGF's
    /// `AB`/`AW`; each is played by that player, out of turn if need be.
    pub setup: Vec<(String, String)>,
    /// Who moves after the setup (SGF's `PL`); `None`: the side to move of the start.
    pub setup_to_move: Option<String>,
    /// The moves, in the game's notation.
    pub moves: Vec<String>,
    /// `win(P)` or `draw`; `None` while the game goes on.
    pub result: Option<String>,
    /// How the game ended when no position says it: `blue resigned`.
    pub termination: Option<String>,
    /// `YYYY.MM.DD`.
    pub date: Option<String>,
    /// Every other tag, in order: the players (`Red` → `alphabeta:3`), events, sites.
    pub tags: Vec<(String, String)>,
}

/// The two formats a record is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Sgf,
}

impl Format {
    /// SGF for a `.sgf` file, else text.
    pub fn of_path(path: &Path) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("sgf") => Format::Sgf,
            _ => Format::Text,
        }
    }
}

/// A record that cannot be read, used or written.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    // the causes are named `error`, not `source`: a source would be printed twice
    #[error("{path}: cannot read the record: {error}")]
    Read { path: String, error: std::io::Error },
    #[error("{path}: {error}")]
    In {
        path: String,
        error: Box<RecordError>,
    },
    #[error("line {line}: {what}")]
    Syntax { line: usize, what: String },
    #[error("{0}")]
    Invalid(String),
    #[error("the record names no game: it needs a [Game \"…\"] tag")]
    NoGame,
    #[error(transparent)]
    Sgf(#[from] sgf::NoGameTree),
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// A record as read: its format, and what a lenient read passed over.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub record: Record,
    pub format: Format,
    /// `line 3: ignored …`: what was read leniently or left out (SGF).
    pub notes: Vec<String>,
}

/// Reads a record file of `game` (its name: `hex`), SGF or text, told apart by their
/// content; `options` are the user's (an SGF record of Con-Tac-Tix takes its colour
/// names from them).
pub fn load(path: &Path, game: &str, options: &GameOptions) -> Result<Loaded, RecordError> {
    let text = std::fs::read_to_string(path).map_err(|error| RecordError::Read {
        path: path.display().to_string(),
        error,
    })?;
    parse(&text, game, options).map_err(|e| RecordError::In {
        path: path.display().to_string(),
        error: Box::new(e),
    })
}

/// Reads a record text (see `load`).
pub fn parse(text: &str, game: &str, options: &GameOptions) -> Result<Loaded, RecordError> {
    // a UTF-8 byte-order mark (some editors write one) is no part of the record
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with('(') {
        if !speaks_sgf(game) {
            return Err(RecordError::Invalid(format!(
                "an SGF record is a Hex game (GM[11]): {game} cannot read it"
            )));
        }
        let (record, notes) = hex_sgf::read(text, game, options)?;
        Ok(Loaded {
            record,
            format: Format::Sgf,
            notes,
        })
    } else {
        Ok(Loaded {
            record: text::parse(text)?,
            format: Format::Text,
            notes: Vec::new(),
        })
    }
}

/// The most kinds of note shown from one record; the rest are counted.
const MAX_NOTE_KINDS: usize = 20;

/// Notes as a person reads them: each kind once (a kind is what a note says after
/// its `line N: `), with the count and the first lines of the others like it; at
/// most `MAX_NOTE_KINDS` kinds, the rest counted in a last line.
pub fn grouped_notes(notes: &[String]) -> Vec<String> {
    let mut kinds: Vec<(&str, Vec<&str>)> = Vec::new();
    for note in notes {
        let (line, what) = match note.strip_prefix("line ").and_then(|r| r.split_once(": ")) {
            Some((n, what)) if n.bytes().all(|b| b.is_ascii_digit()) => (n, what),
            _ => ("", note.as_str()),
        };
        match kinds.iter_mut().find(|(w, _)| *w == what) {
            Some((_, lines)) => lines.push(line),
            None => kinds.push((what, vec![line])),
        }
    }
    let mut out: Vec<String> = kinds
        .iter()
        .take(MAX_NOTE_KINDS)
        .map(|(what, lines)| {
            let first = match lines[0] {
                "" => what.to_string(),
                n => format!("line {n}: {what}"),
            };
            match lines.len() {
                1 => first,
                n => {
                    let shown: Vec<&str> = lines[1..].iter().take(5).copied().collect();
                    let more = if n - 1 > shown.len() { ", …" } else { "" };
                    let at = if shown.iter().all(|l| l.is_empty()) {
                        String::new()
                    } else {
                        format!(": lines {}{more}", shown.join(", "))
                    };
                    format!("{first} (and {} more like it{at})", n - 1)
                }
            }
        })
        .collect();
    if kinds.len() > MAX_NOTE_KINDS {
        let rest: usize = kinds[MAX_NOTE_KINDS..].iter().map(|(_, l)| l.len()).sum();
        out.push(format!("… and {rest} more notes of other kinds"));
    }
    out
}

/// Today's date as records write it: `2025.06.01`.
pub fn today() -> String {
    chrono::Local::now().format("%Y.%m.%d").to_string()
}

impl Record {
    /// The text of the record in a format.
    pub fn render(&self, format: Format) -> Result<String, RecordError> {
        if !self.setup.is_empty() {
            return Err(RecordError::Invalid(
                "a record with setup stones is written from its start position".into(),
            ));
        }
        match format {
            Format::Text => Ok(text::render(self)),
            Format::Sgf if speaks_sgf(&self.game) => hex_sgf::write(self),
            Format::Sgf => Err(RecordError::Invalid(format!(
                "SGF records are for Hex and Con-Tac-Tix, not {}: save it as a text record",
                self.game
            ))),
        }
    }

    /// Who played `player` (its tag: `Red` for red).
    pub fn player(&self, player: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(player))
            .map(|(_, v)| v.as_str())
    }

    /// Records who played `player`.
    pub fn set_player(&mut self, player: &str, who: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(player))
        {
            Some((_, v)) => *v = who.to_string(),
            None => self.tags.push((player_tag(player), who.to_string())),
        }
    }

    /// Fails unless the record is a game of `game`.
    pub fn check_game(&self, game: &str) -> Result<(), RecordError> {
        if self.game == game {
            Ok(())
        } else {
            Err(RecordError::Invalid(format!(
                "the record is a game of {}, not of {game}",
                self.game
            )))
        }
    }

    /// The user's options with the record's added; an option both give must agree.
    pub fn merge_options(&self, given: &GameOptions) -> Result<GameOptions, RecordError> {
        let mut items: Vec<String> = given
            .pairs()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        for (k, v) in self.options.pairs() {
            match given.get(k) {
                Some(g) if g != v => {
                    return Err(RecordError::Invalid(format!(
                        "option {k}: the record says {v}, the command says {g}"
                    )))
                }
                Some(_) => {}
                None => items.push(format!("{k}={v}")),
            }
        }
        GameOptions::parse(&items).map_err(|e| RecordError::Invalid(e.to_string()))
    }

    /// The start: the record's start position (or the game's), with the setup stones.
    pub fn start_position(&self, engine: &mut dyn Engine) -> Result<Pos, RecordError> {
        let mut at = match &self.start {
            Some(text) => engine.parse(text)?,
            None => engine.initial()?,
        };
        if self.setup.is_empty() && self.setup_to_move.is_none() {
            return Ok(at);
        }
        let first = String::from(engine.describe(at)?.to_move);
        for (player, mv) in &self.setup {
            let step = engine
                .set_to_move(at, &Player::new(player.as_str()))
                .and_then(|p| {
                    let next = engine.play(p, mv);
                    engine.release(p);
                    next
                });
            engine.release(at);
            // a stone that cannot go out of turn keeps its kind (no_setup) for the
            // front ends that say it
            at = step.map_err(|e| match e {
                EngineError::Position(mut p) => {
                    p.message = format!("setup stone {mv} of {player}: {}", p.message);
                    RecordError::Engine(EngineError::Position(p))
                }
                e => RecordError::Invalid(format!("setup stone {mv} of {player}: {e}")),
            })?;
        }
        let side = self.setup_to_move.clone().unwrap_or(first);
        let next = engine.set_to_move(at, &Player::new(side));
        engine.release(at);
        Ok(next?)
    }

    /// Fails when the record's result contradicts its moves: a different outcome than
    /// the one the moves reach (naming the move that ended the game), or a winner while
    /// the game goes on and the record says no one resigned or lost on time.
    pub fn check_result(&self, engine: &mut dyn Engine) -> Result<(), RecordError> {
        let Some(said) = &self.result else {
            return Ok(());
        };
        let mut at = self.start_position(engine)?;
        let mut ended = engine.describe(at)?.outcome.map(|o| (o, 0));
        for (i, mv) in self.moves.iter().enumerate() {
            if ended.is_some() {
                break;
            }
            let next = engine.play(at, mv);
            engine.release(at);
            at = next.map_err(|e| crate::game::prefix_move(e, i + 1))?;
            ended = engine.describe(at)?.outcome.map(|o| (o, i + 1));
        }
        engine.release(at);
        let moves = self.moves.len();
        match ended {
            Some((outcome, _)) if crate::game::Ending::parse(said).as_ref() == Some(&outcome) => {
                Ok(())
            }
            Some((outcome, 0)) => Err(RecordError::Invalid(format!(
                "the record's result is {}, but the start position is already over: {outcome}",
                elide(said)
            ))),
            Some((outcome, n)) => Err(RecordError::Invalid(format!(
                "the record's result is {}, but the game ended with move {n} ({}): {outcome}",
                elide(said),
                elide(&self.moves[n - 1])
            ))),
            None if self.termination.is_some() => Ok(()),
            None => Err(RecordError::Invalid(format!(
                "the record's result is {}, but the game goes on after its {moves} move{} and \
                 the record says no one resigned or lost on time",
                elide(said),
                if moves == 1 { "" } else { "s" }
            ))),
        }
    }

    /// The position after the first `ply` moves (all of them without `ply`).
    pub fn position(
        &self,
        engine: &mut dyn Engine,
        ply: Option<usize>,
    ) -> Result<Pos, RecordError> {
        let n = ply.unwrap_or(self.moves.len());
        if n > self.moves.len() {
            return Err(RecordError::Invalid(format!(
                "the record has {} move{}: there is no ply {n}",
                self.moves.len(),
                if self.moves.len() == 1 { "" } else { "s" }
            )));
        }
        let start = self.start_position(engine)?;
        let at = engine.play_all(start, &self.moves[..n]);
        engine.release(start);
        Ok(at?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_merge_and_must_agree() {
        let r = Record {
            options: GameOptions::parse(&["size=5", "swap=true"]).unwrap(),
            ..Record::default()
        };
        let merged = r
            .merge_options(&GameOptions::parse(&["swap=true"]).unwrap())
            .unwrap();
        assert_eq!(merged.to_string(), "swap=true size=5");
        let e = r
            .merge_options(&GameOptions::parse(&["size=7"]).unwrap())
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "option size: the record says 5, the command says 7"
        );
    }

    #[test]
    fn notes_of_a_kind_are_shown_once_with_a_count() {
        let mut notes: Vec<String> = (1..=9).map(|n| format!("line {n}: ignored `x`")).collect();
        notes.push("no GM[11]: read as Hex".into());
        notes.extend((1..=30).map(|n| format!("line 1: kind {n}")));
        let shown = grouped_notes(&notes);
        assert_eq!(
            shown[0],
            "line 1: ignored `x` (and 8 more like it: lines 2, 3, 4, 5, 6, …)"
        );
        assert_eq!(shown[1], "no GM[11]: read as Hex");
        assert_eq!(shown.len(), MAX_NOTE_KINDS + 1);
        assert_eq!(shown[MAX_NOTE_KINDS], "… and 12 more notes of other kinds");
    }

    #[test]
    fn formats_come_from_the_content_and_the_name() {
        assert_eq!(Format::of_path(Path::new("a/game.SGF")), Format::Sgf);
        assert_eq!(Format::of_path(Path::new("game.txt")), Format::Text);
        let e = parse("(;GM[11]SZ[3])", "replica", &GameOptions::default()).unwrap_err();
        assert!(e.to_string().contains("replica cannot read it"), "{e}");
        let r = Record {
            game: "replica".into(),
            ..Record::default()
        };
        assert!(r
            .render(Format::Sgf)
            .unwrap_err()
            .to_string()
            .contains("not replica"));
    }
}
