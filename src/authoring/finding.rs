//! `Finding`: one thing `ludolog lint` found wrong with a rule file — where
//! (file:line), which predicate, which check, what, and for the dynamic checks the
//! shortest move sequence from the start that shows it.

use crate::prolog::{term_integer, term_text};
use scryer_prolog::Term;
use std::fmt;

/// A problem in a rule file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Finding {
    pub file: String,
    /// The line it is about (0: the file as a whole).
    pub line: usize,
    /// The predicate, as `play/3` or `position//1` (empty when none).
    pub predicate: String,
    /// The check that found it: `exports`, `calls`, `singleton`, `together`,
    /// `options`, `syntax`, `legal`, `over`, `to_move`, `evaluate`, `play`,
    /// `refuse`, `text`, `legal_moves`, `counted` (legal_count/2 and nth_legal/3),
    /// `lossless`, `ends` or `engine`.
    pub check: String,
    pub message: String,
    /// For a finding of the random games: the moves from the start that show it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// ... and the position they reach.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

impl Finding {
    /// A finding of the static checks.
    pub fn at(file: &str, line: usize, predicate: &str, check: &str, message: String) -> Finding {
        Finding {
            file: file.to_string(),
            line,
            predicate: predicate.to_string(),
            check: check.to_string(),
            message,
            moves: None,
            position: None,
        }
    }

    /// A finding from an answer `f(Line, Pred, Check, Text)` of lint.pl; a finding
    /// about one name of a clause says `near(Line, Name)`, and is placed at the line
    /// of that name in the clause starting at Line when `source` (the file's text)
    /// shows it.
    pub(crate) fn from_term(file: &str, t: &Term, source: Option<&str>) -> Option<Finding> {
        let Term::Compound(f, args) = t else {
            return None;
        };
        if f != "f" || args.len() != 4 {
            return None;
        }
        let check = match &args[2] {
            Term::Atom(a) => a.clone(),
            other => term_text(other)?,
        };
        let line = |t: &Term| term_integer(t).unwrap_or(0).max(0) as usize;
        let line = match &args[0] {
            Term::Compound(f, near) if f == "near" && near.len() == 2 => {
                let first = line(&near[0]);
                let name = match &near[1] {
                    Term::Atom(a) => Some(a.clone()),
                    other => term_text(other),
                };
                source
                    .zip(name)
                    .and_then(|(text, name)| crate::prolog::line_of(text, first, &name))
                    .unwrap_or(first)
            }
            other => line(other),
        };
        Some(Finding::at(
            file,
            line,
            &term_text(&args[1]).unwrap_or_default(),
            &check,
            term_text(&args[3]).unwrap_or_default(),
        ))
    }

    /// Findings are the same problem when they agree in all but line and moves.
    pub fn key(&self) -> (String, String, String) {
        (
            self.file.clone(),
            self.predicate.clone(),
            self.check.clone(),
        )
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: ", self.file, self.line)?;
        } else {
            write!(f, "{}: ", self.file)?;
        }
        if !self.predicate.is_empty() {
            write!(f, "{}: ", self.predicate)?;
        }
        write!(f, "{}", self.message)?;
        if let Some(moves) = &self.moves {
            if moves.is_empty() {
                write!(f, "\n    shown at the start position")?;
            } else if moves.len() <= 40 {
                write!(f, "\n    shown after {} (from the start)", moves.join(" "))?;
            } else {
                write!(
                    f,
                    "\n    shown after {} moves from the start: {} ... (all of them with --json)",
                    moves.len(),
                    moves[..20].join(" ")
                )?;
            }
        }
        if let Some(p) = &self.position {
            write!(f, "\n    position: {p}")?;
        }
        Ok(())
    }
}
