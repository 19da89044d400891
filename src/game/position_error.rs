//! Why a position was refused, by kind: its text does not read, no game reaches
//! the position it names, or the position cannot be set up as asked — the typed
//! error every engine's position reader gives, so that a front end can say which.

use std::fmt;

/// What is wrong with a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PositionKind {
    /// The text does not read as a position of the game (its notation is broken).
    Unreadable,
    /// The text reads, but no game of these rules reaches the position it names.
    Unreachable,
    /// The position cannot be set up as asked (the move given out of turn, to a
    /// player the game does not have, or in a game that is over).
    NoSetup,
}

impl PositionKind {
    /// The kind's name as the JSON APIs write it.
    pub fn name(self) -> &'static str {
        match self {
            PositionKind::Unreadable => "unreadable",
            PositionKind::Unreachable => "unreachable",
            PositionKind::NoSetup => "no_setup",
        }
    }
}

impl fmt::Display for PositionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A refused position: its kind, the message that says why, and for a text that
/// does not read, the place it stopped reading where the reader knows it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
#[error("{message}")]
pub struct PositionError {
    pub kind: PositionKind,
    /// Why, in words (the message names the column itself where it has one).
    pub message: String,
    /// The 1-based character column of the text where it went wrong, if known.
    pub at: Option<usize>,
}

impl PositionError {
    /// A text that does not read as a position.
    pub fn unreadable(message: impl Into<String>) -> PositionError {
        PositionError {
            kind: PositionKind::Unreadable,
            message: message.into(),
            at: None,
        }
    }

    /// A position no game reaches.
    pub fn unreachable(message: impl Into<String>) -> PositionError {
        PositionError {
            kind: PositionKind::Unreachable,
            message: message.into(),
            at: None,
        }
    }

    /// A position that cannot be set up as asked.
    pub fn no_setup(message: impl Into<String>) -> PositionError {
        PositionError {
            kind: PositionKind::NoSetup,
            message: message.into(),
            at: None,
        }
    }

    /// The same error, placed at a 1-based character column of the text.
    pub fn at(self, column: usize) -> PositionError {
        PositionError {
            at: Some(column),
            ..self
        }
    }

    /// The text with a caret under the column where it went wrong, as two lines to
    /// put under the message (`None` without a column, or for a text of several
    /// lines or too long to show whole).
    pub fn pointer(&self, text: &str) -> Option<String> {
        let column = self.at?;
        let shown = text.chars().count();
        if text.contains(['\n', '\r']) || shown > 80 || column > shown + 1 {
            return None;
        }
        // a character a terminal would not show as one column (a control, a
        // bidirectional override) would move the caret
        let unshown = |c: char| {
            c.is_control()
                || ('\u{202a}'..='\u{202e}').contains(&c)
                || ('\u{2066}'..='\u{2069}').contains(&c)
        };
        if text.chars().any(unshown) {
            return None;
        }
        Some(format!("  {text}\n  {}^", " ".repeat(column - 1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_their_api_names() {
        assert_eq!(PositionKind::Unreadable.name(), "unreadable");
        assert_eq!(PositionKind::Unreachable.to_string(), "unreachable");
        assert_eq!(PositionKind::NoSetup.name(), "no_setup");
        let e = PositionError::unreadable("column 3: expected 'x'").at(3);
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"kind":"unreadable","message":"column 3: expected 'x'","at":3}"#
        );
        assert_eq!(e.to_string(), "column 3: expected 'x'");
    }

    #[test]
    fn a_pointer_stands_under_the_column_counted_in_characters() {
        let e = PositionError::unreadable("column 5: expected a digit").at(5);
        assert_eq!(e.pointer("3×3 r").unwrap(), "  3×3 r\n      ^");
        // the end of the text is a column too
        let end = PositionError::unreadable("more").at(6);
        assert_eq!(end.pointer("3×3 r").unwrap(), "  3×3 r\n       ^");
        assert_eq!(PositionError::unreachable("no").pointer("3x3"), None);
        assert_eq!(e.pointer("a\nb"), None);
        assert_eq!(e.pointer("a\tbcdef"), None);
        assert_eq!(e.pointer(&"x".repeat(81)), None);
    }
}
