//! The REPL's Prolog top level on a rules engine (rules/lib/repl.pl): typed text
//! answered one answer at a time, clauses added to the user module, listings, and
//! the user's definitions as texts that another machine can restore.

use super::engine::RulesEngine;
use super::machine::LoadError;
use super::rules::embedded_toplevel;
use super::term::{quote_atom, quote_string, term_integer, term_text};
use crate::game::{EngineError, Pos};
use scryer_prolog::Term;

/// What to do after an answer, as `repl.pl` reads it when the
/// query resumes (the host hands it over through `foreign::set_repl_step`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplStep {
    /// The next answer.
    Next,
    /// The same answer again, written without eliding.
    Full,
    /// No more answers: cut the query.
    Stop,
}

/// One reply of the top level to typed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TopReply {
    /// An answer; `last` when no other can follow.
    Answer { text: String, last: bool },
    /// The answer just given, written without eliding.
    Full(String),
    /// No (more) answers.
    False,
    /// A syntax error, an exception, a runaway answer.
    Error(String),
    /// A typed clause was added: the predicate and its number of clauses.
    Defined { predicate: String, clauses: u64 },
    /// `[user].`: the caller reads clauses and hands them to `consult`.
    ReadClauses,
    /// `halt.` or `halt(Code).`
    Halt(u8),
    /// The query was stopped after an answer.
    Stopped,
}

use crate::game::defaults::ANSWER_SETTINGS;

impl TopReply {
    /// Whether the query has ended with this reply (nothing may follow but `Stopped`).
    pub fn is_final(&self) -> bool {
        !matches!(
            self,
            TopReply::Answer { last: false, .. } | TopReply::Full(_)
        )
    }
}

/// A syntax error of typed text with its place (line:column, the text marked) and
/// what was expected there, when a second scan finds them; else as the reader said it.
fn placed_syntax_error(text: &str, said: String) -> String {
    match super::syntax_hint::find(text) {
        Some(h) => format!(
            "syntax error at {}:{}: {}\n{}",
            h.line,
            h.column,
            h.what,
            h.marked(text)
        ),
        None => said,
    }
}

/// An error of a `[user]` block (`text`, its terms with their lines): a syntax
/// error that the reader gave as `user:LINE: syntax error: ...` gets its column and
/// the line marked, when a second scan finds the place inside that term; any other
/// error is left as it is.
pub fn placed_block_error(text: &str, terms: &[(usize, String)], error: String) -> String {
    let Some((line, rest)) = error
        .strip_prefix("user:")
        .and_then(|e| e.split_once(": "))
        .and_then(|(n, rest)| Some((n.parse::<usize>().ok()?, rest)))
    else {
        return error;
    };
    if !rest.starts_with("syntax error") {
        return error;
    }
    // the term's lines: from its first to the one before the next term's
    let next = terms
        .iter()
        .map(|(l, _)| *l)
        .find(|l| *l > line)
        .unwrap_or(usize::MAX);
    match super::syntax_hint::find_from(text, line) {
        Some(h) if h.line >= line && h.line < next => format!(
            "user:{}:{}: syntax error: {}\n{}",
            h.line,
            h.column,
            h.what,
            h.marked(text)
        ),
        _ => error,
    }
}

/// What a `[user]` block did: each predicate it defined with its number of
/// clauses, and one message per term that could not be read or added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Consulted {
    pub defined: Vec<(String, u64)>,
    pub errors: Vec<String>,
}

fn texts_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|t| quote_string(t)).collect();
    format!("[{}]", quoted.join(","))
}

fn predicate_text(t: &Term) -> Option<String> {
    match t {
        Term::Compound(f, args) if f == "/" && args.len() == 2 => Some(format!(
            "{}/{}",
            term_text(&args[0])?,
            term_integer(&args[1])?
        )),
        _ => None,
    }
}

fn texts_of(t: &Term) -> Vec<String> {
    match t {
        Term::List(items) => items.iter().filter_map(term_text).collect(),
        _ => Vec::new(),
    }
}

impl RulesEngine {
    /// Loads the top level into this engine's machine (with `defaults::ANSWER_SETTINGS`): the game, the top level's
    /// helpers and the usual libraries (lists, dif, freeze, ...) become visible in
    /// the user module, where typed clauses go.
    pub fn start_toplevel(&mut self) -> Result<(), LoadError> {
        let path = self.path().to_string();
        let module = quote_atom(self.module());
        let machine = self.machine();
        for file in embedded_toplevel() {
            machine.load_library(&file)?;
        }
        let q = format!("catch((repl:setup({module}), R = ok), E, R = E).");
        match machine.answer(&q, "R") {
            Ok(t) if t == Term::atom("ok") => {
                for (key, value) in ANSWER_SETTINGS {
                    self.set_answer_option(key, value)
                        .map_err(|e| LoadError(format!("{path}: {e}")))?;
                }
                Ok(())
            }
            Ok(t) => Err(LoadError(format!(
                "{path}: the REPL's top level could not start: {}",
                super::shown(&t)
            ))),
            Err(e) => Err(LoadError(format!("{path}: {e}"))),
        }
    }

    /// Answers text typed at the prompt, with `current(S)` bound to `pos`, each
    /// answer within `limit` inferences.  `each` gets what the query printed and
    /// every reply as the query produces it, and must set the step the query reads when it resumes after
    /// an answer that is not final (`foreign::set_repl_step`).
    pub fn toplevel_query(
        &mut self,
        text: &str,
        pos: Pos,
        limit: u64,
        each: &mut dyn FnMut(String, TopReply),
    ) -> Result<(), EngineError> {
        let q = format!(
            "repl:answer({}, {}, {limit}, {}, R).",
            quote_string(text),
            self.slot(pos)?,
            self.machine().trust_atom()
        );
        let path = self.path().to_string();
        let mut bad = None;
        self.machine()
            .run_stepwise(&q, "R", &mut |output, t| {
                let reply = match t {
                    None => TopReply::Halt(0),
                    Some(t) => match parse_reply(&t) {
                        Some(TopReply::Error(e)) if e.starts_with("syntax error") => {
                            TopReply::Error(placed_syntax_error(text, e))
                        }
                        Some(r) => r,
                        None => {
                            bad = Some(super::shown(&t));
                            TopReply::Error(format!(
                                "unexpected reply from the top level: {}",
                                super::shown(&t)
                            ))
                        }
                    },
                };
                each(output, reply)
            })
            .map_err(|e| EngineError::Rules(format!("{path}: {e}")))?;
        match bad {
            Some(t) => Err(EngineError::Rules(format!(
                "{path}: unexpected reply from the top level: {t}"
            ))),
            None => Ok(()),
        }
    }

    /// Handles a `[user]` block: `terms` are its terms with their line numbers.
    pub fn consult(&mut self, terms: &[(usize, String)]) -> Result<Consulted, EngineError> {
        let pairs: Vec<String> = terms
            .iter()
            .map(|(line, text)| format!("{line}-{}", quote_string(text)))
            .collect();
        let q = format!(
            "repl:consult([{}], {}, R).",
            pairs.join(","),
            self.machine().trust_atom()
        );
        let t = self.top_answer(&q)?;
        match &t {
            Term::Compound(f, args) if f == "consulted" && args.len() == 2 => {
                let defined = match &args[0] {
                    Term::List(items) => items
                        .iter()
                        .filter_map(|item| match item {
                            Term::Compound(f, kv) if f == "-" && kv.len() == 2 => Some((
                                predicate_text(&kv[0])?,
                                u64::try_from(term_integer(&kv[1])?).ok()?,
                            )),
                            _ => None,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                Ok(Consulted {
                    defined,
                    errors: texts_of(&args[1]),
                })
            }
            other => Err(self.unexpected(other)),
        }
    }

    /// What `listing(Spec)` prints for `name` or `name/arity`.
    pub fn listing(&mut self, name: &str, arity: Option<u64>) -> Result<String, EngineError> {
        let spec = match arity {
            Some(a) => format!("{}/{a}", quote_atom(name)),
            None => quote_atom(name),
        };
        self.machine().take_output();
        let q = format!(
            "catch((repl_source:listing({spec}), flush_output(user_output), R = ok), E, R = E)."
        );
        let t = self.top_answer(&q)?;
        let out = self.machine().take_output();
        if t == Term::atom("ok") {
            Ok(out)
        } else {
            Err(self.unexpected(&t))
        }
    }

    /// The last answer that was shown elided, written in full.
    pub fn full_answer(&mut self) -> Result<String, EngineError> {
        let t = self.top_answer("repl:full_text(R).")?;
        term_text(&t).ok_or_else(|| self.unexpected(&t))
    }

    /// The user's libraries, operators and predicates as term texts, in the order
    /// `restore_user` takes them.
    pub fn user_state(&mut self) -> Result<Vec<String>, EngineError> {
        let t = self.top_answer("repl:user_state(R).")?;
        Ok(texts_of(&t))
    }

    /// Restores a user state taken from another machine; gives one message per
    /// term that could not be restored.
    pub fn restore_user(&mut self, state: &[String]) -> Result<Vec<String>, EngineError> {
        if state.is_empty() {
            return Ok(Vec::new());
        }
        let q = format!(
            "repl:restore({}, {}, R).",
            texts_list(state),
            self.machine().trust_atom()
        );
        let t = self.top_answer(&q)?;
        Ok(texts_of(&t))
    }

    /// Sets how answers are written: `strings` (char lists as "text"), `depth`
    /// (terms deeper than this are elided; 0 shows all) or `notation` (the game's
    /// states and moves as their texts).
    pub fn set_answer_option(&mut self, key: &str, value: &str) -> Result<(), EngineError> {
        let value = match (key, value) {
            ("strings", "on" | "true") => "true".to_string(),
            ("strings", "off" | "false") => "false".to_string(),
            ("notation", "on" | "true") => "true".to_string(),
            ("notation", "off" | "false") => "false".to_string(),
            ("depth", n) if n.parse::<u32>().is_ok() => n.to_string(),
            _ => {
                return Err(EngineError::Options(format!(
                    "no setting {key}={value} (strings on|off, depth N, notation on|off)"
                )))
            }
        };
        let q = format!("(repl:set({key}, {value}) -> R = ok ; R = no).");
        let t = self.top_answer(&q)?;
        if t == Term::atom("ok") {
            Ok(())
        } else {
            Err(self.unexpected(&t))
        }
    }

    /// The names of the predicates a query can call unqualified.
    pub fn visible_predicates(&mut self) -> Result<Vec<String>, EngineError> {
        let t = self.top_answer("repl:visible(R).")?;
        Ok(texts_of(&t))
    }

    fn top_answer(&mut self, q: &str) -> Result<Term, EngineError> {
        let path = self.path().to_string();
        self.machine()
            .answer(q, "R")
            .map_err(|e| EngineError::Rules(format!("{path}: {e}")))
    }

    fn unexpected(&self, t: &Term) -> EngineError {
        EngineError::Rules(format!(
            "{}: unexpected reply from the top level: {}",
            self.path(),
            super::shown(t)
        ))
    }
}

/// A reply term of `repl:answer/5`.
fn parse_reply(t: &Term) -> Option<TopReply> {
    Some(match t {
        Term::Atom(a) if a == "false" => TopReply::False,
        Term::Atom(a) if a == "read_clauses" => TopReply::ReadClauses,
        Term::Atom(a) if a == "stopped" => TopReply::Stopped,
        Term::Compound(f, args) if args.len() == 1 => {
            let arg = &args[0];
            match f.as_str() {
                "answer" => TopReply::Answer {
                    text: term_text(arg)?,
                    last: false,
                },
                "last" => TopReply::Answer {
                    text: term_text(arg)?,
                    last: true,
                },
                "full" => TopReply::Full(term_text(arg)?),
                "error" => TopReply::Error(term_text(arg)?),
                "halt" => TopReply::Halt(u8::try_from(term_integer(arg)?).ok()?),
                _ => return None,
            }
        }
        Term::Compound(f, args) if f == "defined" && args.len() == 2 => TopReply::Defined {
            predicate: predicate_text(&args[0])?,
            clauses: u64::try_from(term_integer(&args[1])?).ok()?,
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_read_from_their_terms() {
        let text = |f: &str, s: &str| Term::compound(f, [Term::string(s)]);
        assert_eq!(
            parse_reply(&text("answer", "X = 1")),
            Some(TopReply::Answer {
                text: "X = 1".into(),
                last: false
            })
        );
        assert_eq!(
            parse_reply(&text("last", "true")),
            Some(TopReply::Answer {
                text: "true".into(),
                last: true
            })
        );
        assert_eq!(parse_reply(&Term::atom("false")), Some(TopReply::False));
        assert_eq!(
            parse_reply(&Term::compound(
                "defined",
                [
                    Term::compound("/", [Term::atom("double"), Term::integer(2)]),
                    Term::integer(1)
                ]
            )),
            Some(TopReply::Defined {
                predicate: "double/2".into(),
                clauses: 1
            })
        );
        assert_eq!(parse_reply(&Term::atom("what")), None);
        assert!(TopReply::False.is_final());
        assert!(!TopReply::Full("x".into()).is_final());
    }
}
