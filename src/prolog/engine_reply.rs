//! `RulesEngine`'s readers of the host's replies: texts, counts and lists, a
//! position's description, and an error reply as the `EngineError` it says (a
//! refusal with its reason term and its words; an exception at the line of its
//! cause).

use super::*;

impl RulesEngine {
    pub(super) fn text_of(&self, t: &Term) -> Result<String, EngineError> {
        term_text(t).ok_or_else(|| {
            EngineError::Rules(format!(
                "{}: expected a text, got {}",
                self.path,
                crate::prolog::shown(t)
            ))
        })
    }

    pub(super) fn integer(&self, t: &Term) -> Result<u64, EngineError> {
        term_integer(t)
            .and_then(|i| u64::try_from(i).ok())
            .ok_or_else(|| {
                EngineError::Rules(format!(
                    "{}: expected a count, got {}",
                    self.path,
                    crate::prolog::shown(t)
                ))
            })
    }

    pub(super) fn texts(&self, t: &Term) -> Result<Vec<String>, EngineError> {
        match t {
            Term::List(items) => items.iter().map(|m| self.text_of(m)).collect(),
            Term::Atom(a) if a == "[]" => Ok(Vec::new()),
            other => Err(EngineError::Rules(format!(
                "{}: expected a list, got {}",
                self.path,
                crate::prolog::shown(other)
            ))),
        }
    }

    /// A `d(Text, Player, Outcome, Moves)` reply as a `PositionInfo`.
    pub(super) fn description(&self, t: Term) -> Result<PositionInfo, EngineError> {
        match t {
            Term::Compound(f, args) if f == "d" && args.len() == 4 => {
                let outcome = match &args[2] {
                    Term::Atom(a) if a == "none" => None,
                    other => {
                        let text = self.text_of(other)?;
                        let ending = Ending::parse(&text).ok_or_else(|| {
                            EngineError::Rules(format!(
                                "{}: outcome/2 gave {}, which is none of win(Player), draw \
                                 and scores([Player-Value, ...])",
                                self.path,
                                crate::game::elide(&text)
                            ))
                        })?;
                        Some(ending)
                    }
                };
                Ok(PositionInfo {
                    position: self.text_of(&args[0])?,
                    to_move: Player::new(self.text_of(&args[1])?),
                    outcome,
                    legal: self.texts(&args[3])?,
                })
            }
            other => Err(EngineError::Rules(format!(
                "{}: bad description {}",
                self.path,
                crate::prolog::shown(&other)
            ))),
        }
    }

    /// The error an `error(Kind, What)` reply says.
    pub(super) fn error_reply(&self, kind_term: &Term, what: &Term) -> EngineError {
        let kind = match kind_term {
            Term::Atom(k) => k.clone(),
            Term::Compound(f, args) if f == "position" && args.len() == 1 => {
                let text = term_text(what).unwrap_or_else(|| crate::prolog::term::shown(what));
                return EngineError::Position(position_error(&args[0], text));
            }
            _ => String::new(),
        };
        if kind == "illegal" {
            if let Term::Compound(f, r) = what {
                if f == "refused" && r.len() == 2 {
                    let refusal = Refusal {
                        reason: crate::prolog::term::reason(&r[0]),
                        words: term_text(&r[1]).unwrap_or_default(),
                        at: String::new(),
                    };
                    return EngineError::from(match refusal.reason {
                        Some(_) => refusal,
                        None => Refusal::words(crate::prolog::term::shown(&r[0])),
                    });
                }
            }
        }
        let text = term_text(what).unwrap_or_else(|| crate::prolog::term::shown(what));
        match kind.as_str() {
            "position" => EngineError::Position(PositionError::unreadable(text)),
            "move" => EngineError::Move(text),
            "illegal" => EngineError::from(Refusal::words(text)),
            "options" => EngineError::Options(text),
            "limit" => EngineError::Limit(format!("{}: {text}", self.path)),
            "handle" => EngineError::Rules(format!("{}: {text}", self.path)),
            "exception" => EngineError::Rules(self.placed(&text)),
            _ => EngineError::Rules(format!("{}: {text}", self.path)),
        }
    }

    /// An error the rules raised, with the place of its cause where the text of the
    /// rule files shows it: an unknown procedure at the first line that calls it
    /// (`file:line: unknown procedure alowed/3, called here (while running legal/2)`).
    fn placed(&self, text: &str) -> String {
        // the procedure that is unknown, or the one the error names (`(in board_new/4, …`)
        let named = text
            .strip_prefix("unknown procedure ")
            .or_else(|| text.rsplit_once(" (in ").map(|(_, rest)| rest));
        let called = named
            .and_then(|rest| rest.split_once('/'))
            .map(|(name, _)| name.trim_start_matches(['\'', ':']))
            .filter(|name| !name.is_empty() && !name.contains(':'));
        let site = called.and_then(|name| {
            let call = format!("{name}(");
            self.rules.files.iter().rev().find_map(|f| {
                f.text.lines().enumerate().find_map(|(i, line)| {
                    let code = line.split('%').next().unwrap_or("");
                    // a call, not a clause's head (heads start the line)
                    let at = code.find(&call)?;
                    let before = code[..at].chars().last();
                    (at > 0 && !before.is_some_and(|c| c.is_alphanumeric() || c == '_'))
                        .then(|| format!("{}:{}", f.path, i + 1))
                })
            })
        });
        match site {
            Some(at) => format!("{at}: {text}"),
            None => format!("{}: {text}", self.path),
        }
    }
}

/// The host's refusal of a position, by the kind its `position(K)` names: a text
/// that does not read, a position `position_error/2` says no game reaches, or a
/// move that cannot go out of turn.
fn position_error(kind: &Term, text: String) -> PositionError {
    match kind {
        Term::Atom(k) if k == "unreachable" => PositionError::unreachable(text),
        Term::Atom(k) if k == "no_setup" => PositionError::no_setup(text),
        _ => PositionError::unreadable(text),
    }
}
