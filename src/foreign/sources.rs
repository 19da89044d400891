//! The texts of the rule files loaded on this thread, term by term, for the REPL's
//! `clause/2`, `listing/1` and tracer on the rules' predicates
//! (rules/lib/repl_source.pl): scryer keeps no clauses of a static predicate it
//! compiled, so they are read again from the very text it loaded.
//!
//! A machine lives on one thread, and a module loaded again (`:reload`, `:load`)
//! replaces its text here.  Keeping a text costs a copy; it is split into terms only
//! when a query first asks for one of its predicates.

use super::{input, output};
use crate::prolog::split_clauses;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A module's text as loaded, or its terms once asked for.
enum Source {
    Text(String),
    Terms(Vec<String>),
}

thread_local! {
    static SOURCES: RefCell<HashMap<String, Source>> = RefCell::new(HashMap::new());
}

/// Remembers the text that module `module` was loaded from on this thread.
pub fn remember_rule_text(module: &str, text: &str) {
    SOURCES.with(|s| {
        s.borrow_mut()
            .insert(module.to_string(), Source::Text(text.to_string()))
    });
}

/// The `n`-th term (from 0) of a module's text, with its full stop; empty past the
/// last term, for a module whose text is not known, or for bad arguments.
fn term(module: &str, n: i64) -> String {
    let Ok(n) = usize::try_from(n) else {
        return String::new();
    };
    SOURCES.with(|s| {
        let mut sources = s.borrow_mut();
        let Some(source) = sources.get_mut(module) else {
            return String::new();
        };
        if let Source::Text(text) = source {
            let terms = split_clauses(text)
                .chunks
                .into_iter()
                .map(|c| c.text)
                .collect();
            *source = Source::Terms(terms);
        }
        match source {
            Source::Terms(terms) => terms.get(n).cloned().unwrap_or_default(),
            Source::Text(_) => String::new(),
        }
    })
}

/// The `n`-th term of the text module `module` was loaded from (see `term`).
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_rule_term(module: *const c_char, n: i64) -> *const c_char {
    let text = catch_unwind(AssertUnwindSafe(|| {
        input(module)
            .and_then(|m| std::str::from_utf8(m).ok())
            .map(|m| term(m, n))
            .unwrap_or_default()
    }))
    .unwrap_or_default();
    output(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_read_term_by_term() {
        remember_rule_text("m_sources", ":- module(m, []).\na(1).\n% c\nb :- a(_).\n");
        assert_eq!(term("m_sources", 0), ":- module(m, []).");
        assert_eq!(term("m_sources", 2), "b :- a(_).");
        assert_eq!(term("m_sources", 3), "");
        assert_eq!(term("m_sources", -1), "");
        assert_eq!(term("nobody", 0), "");
        remember_rule_text("m_sources", "c.\n");
        assert_eq!(term("m_sources", 0), "c.");
    }
}
