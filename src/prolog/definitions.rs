//! A REPL user's own definitions (the clauses their queries asserted), carried
//! from one machine to a fresh one as texts read back as data (host.pl).

use super::engine::RulesEngine;
use super::term::{quote_atom, quote_string, term_text};
use crate::game::EngineError;
use scryer_prolog::Term;

impl RulesEngine {
    /// The predicates a user's queries defined, with their clauses, as texts for
    /// `add_user_definitions` (empty when there are none).
    pub fn user_definitions(&mut self) -> Result<Vec<String>, EngineError> {
        let path = self.path().to_string();
        let module = self.module().to_string();
        let fail = |e: String| EngineError::Rules(format!("{path}: the user's definitions: {e}"));
        let t = self
            .machine()
            .answer(
                &format!("host:user_definitions({}, R).", quote_atom(&module)),
                "R",
            )
            .map_err(|e| fail(e.to_string()))?;
        match &t {
            Term::List(items) => items
                .iter()
                .map(|i| term_text(i).ok_or_else(|| fail(format!("not a text: {i:?}"))))
                .collect(),
            Term::Atom(a) if a == "[]" => Ok(Vec::new()),
            other => Err(fail(format!("not a list: {other:?}"))),
        }
    }

    /// Defines again what `user_definitions` gave (of another machine).
    pub fn add_user_definitions(&mut self, texts: &[String]) -> Result<(), EngineError> {
        if texts.is_empty() {
            return Ok(());
        }
        let list: Vec<String> = texts.iter().map(|t| quote_string(t)).collect();
        let q = format!(
            "catch((host:add_user_definitions({}, [{}]), R = ok), E, R = failed(E)).",
            quote_atom(self.module()),
            list.join(", ")
        );
        let path = self.path().to_string();
        let fail = |e: String| EngineError::Rules(format!("{path}: the user's definitions: {e}"));
        match self.machine().answer(&q, "R") {
            Ok(Term::Atom(a)) if a == "ok" => Ok(()),
            Ok(other) => Err(fail(format!("{other:?}"))),
            Err(e) => Err(fail(e.to_string())),
        }
    }
}
