//! What a rule file says about its game: `summary/1` (one line for `ludolog games`)
//! and `option/4` (the options its initial/2 takes), read from the loaded module.

use super::engine::RulesEngine;
use super::term::{term_integer, term_text};
use crate::game::{check_declared, DeclaredKind, DeclaredOption, EngineError};
use scryer_prolog::Term;

/// A rule file's description of its game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    pub summary: Option<String>,
    /// The options it declares, checked (empty when it declares none).
    pub options: Vec<DeclaredOption>,
}

/// A value as a user writes it: an atom's name or an integer's digits.
fn value_text(t: &Term) -> Option<String> {
    match t {
        Term::Atom(a) => Some(a.clone()),
        Term::Integer(_) => term_integer(t).map(|i| i.to_string()),
        _ => None,
    }
}

/// The atoms of a list term.
fn atoms(t: &Term) -> Option<Vec<String>> {
    match t {
        Term::List(items) => items
            .iter()
            .map(|i| match i {
                Term::Atom(a) => Some(a.clone()),
                _ => None,
            })
            .collect(),
        Term::Atom(a) if a == "[]" => Some(Vec::new()),
        _ => None,
    }
}

/// The kind term of an option: `int(Min, Max)`, `bool`, `choice([W, ...])` or `name`.
fn kind(t: &Term) -> Option<DeclaredKind> {
    match t {
        Term::Atom(a) if a == "bool" => Some(DeclaredKind::Bool),
        Term::Atom(a) if a == "name" => Some(DeclaredKind::Name),
        Term::Compound(f, args) if f == "int" && args.len() == 2 => Some(DeclaredKind::Int {
            min: term_integer(&args[0])?,
            max: term_integer(&args[1])?,
        }),
        Term::Compound(f, args) if f == "choice" && args.len() == 1 => {
            Some(DeclaredKind::Choice(atoms(&args[0])?))
        }
        _ => None,
    }
}

/// One `option(Key, Kind, Default, Meaning)` answer.
fn option(t: &Term) -> Result<DeclaredOption, String> {
    let bad = || {
        format!(
            "option/4: expected option(Key, Kind, Default, \"meaning\") with Kind \
             int(Min, Max), bool, choice([...]) or name, got {}",
            super::shown(t)
        )
    };
    let Term::Compound(f, args) = t else {
        return Err(bad());
    };
    if f != "option" || args.len() != 4 {
        return Err(bad());
    }
    let key = match &args[0] {
        Term::Atom(a) => a.clone(),
        _ => return Err(bad()),
    };
    Ok(DeclaredOption {
        key,
        kind: kind(&args[1]).ok_or_else(bad)?,
        default: value_text(&args[2]).ok_or_else(bad)?,
        meaning: term_text(&args[3]).ok_or_else(bad)?,
    })
}

impl RulesEngine {
    /// The game's summary and declared options; an error names a malformed declaration.
    pub fn info(&mut self) -> Result<GameInfo, EngineError> {
        let t = self.request("info")?;
        game_info(&t, self.path())
    }
}

/// A game's description from the host's answer to `info` (`info(Summary, Options)`);
/// an error names the rule file at `path` and the malformed declaration.
pub fn game_info(t: &Term, path: &str) -> Result<GameInfo, EngineError> {
    let fail = |why: String| EngineError::Rules(format!("{path}: {why}"));
    let Term::Compound(f, args) = t else {
        return Err(fail(format!("unexpected info {}", super::shown(t))));
    };
    if f != "info" || args.len() != 2 {
        return Err(fail(format!("unexpected info {}", super::shown(t))));
    }
    let summary = match &args[0] {
        Term::Atom(a) if a == "none" => None,
        other => Some(
            term_text(other)
                .ok_or_else(|| fail("summary/1 gives a text, e.g. summary(\"...\")".into()))?,
        ),
    };
    let options = match &args[1] {
        Term::List(items) => items.iter().map(option).collect::<Result<Vec<_>, _>>(),
        _ => Ok(Vec::new()),
    }
    .map_err(&fail)?;
    check_declared(&options).map_err(fail)?;
    Ok(GameInfo { summary, options })
}
