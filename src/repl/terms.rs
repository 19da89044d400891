//! Where typed Prolog text ends, for the REPL: the terms of its input, each with the
//! line it starts on, and what follows the last full stop — so it knows when a query
//! is complete and where each clause of a `[user]` block starts.  The scanning is
//! `prolog::split_clauses`, the one scanner of full stops (quotes, `0'c`, comments
//! and `=..` included) that rule files are read with too.

use crate::prolog::split_clauses;
use std::collections::VecDeque;

/// The complete terms of `text`, each with the line (from 1) it starts on, and
/// what follows the last full stop (an unfinished term, or only layout).
pub fn split(text: &str) -> (Vec<(usize, String)>, String) {
    let split = split_clauses(text);
    let terms = split.chunks.into_iter().map(|c| (c.line, c.text)).collect();
    (terms, split.rest)
}

/// Whether `rest` (what follows the last full stop) holds nothing but layout and comments.
pub fn is_blank(rest: &str) -> bool {
    let split = split_clauses(rest);
    split.chunks.is_empty() && split.unterminated.is_none()
}

/// The next term typed for a query's `read/1`: the first term of `pending` once the
/// lines `next_line` gives complete one (what follows it stays pending for the next
/// read).  At the end of input, what is pending if anything (a term without its full
/// stop, read as a syntax error), else `None`.
pub fn read_term(
    pending: &mut String,
    mut next_line: impl FnMut() -> Option<String>,
) -> Option<String> {
    loop {
        let (terms, rest) = split(pending);
        let mut terms = terms.into_iter().map(|(_, t)| t);
        if let Some(first) = terms.next() {
            let mut after: Vec<String> = terms.collect();
            after.push(rest);
            let after = after.join("\n");
            *pending = if is_blank(&after) {
                String::new()
            } else {
                after
            };
            return Some(first);
        }
        match next_line() {
            Some(line) => {
                pending.push_str(&line);
                pending.push('\n');
            }
            None => {
                let left = std::mem::take(pending);
                return (!is_blank(&left)).then_some(left);
            }
        }
    }
}

/// What a query's `read/1` reads first: the input typed after the query (as
/// SWI-Prolog's top level reads the rest of the line), that is the queries that follow
/// it and what is left unfinished, then what its earlier reads left. The queries are
/// made one text only when the query reads, so a line of many queries that read
/// nothing is split once, not once a query.
#[derive(Default)]
pub struct QueryInput {
    /// The queries after the query and the unfinished rest, while nothing read them.
    unread: Option<(VecDeque<String>, String)>,
    /// What the reads so far left of that input.
    pending: String,
}

impl QueryInput {
    /// The input of a query followed by `queries`, then the unfinished `rest`.
    pub fn start(&mut self, queries: VecDeque<String>, rest: String) {
        self.unread = Some((queries, rest));
        self.pending.clear();
    }

    /// The next term a read takes: from this input, then the lines `next_line`
    /// gives (see `read_term`).
    pub fn read(&mut self, next_line: impl FnMut() -> Option<String>) -> Option<String> {
        if let Some((queries, rest)) = self.unread.take() {
            self.pending = Vec::from(queries).join("\n");
            if !is_blank(&rest) {
                if !self.pending.is_empty() {
                    self.pending.push('\n');
                }
                self.pending.push_str(&rest);
            }
        }
        read_term(&mut self.pending, next_line)
    }

    /// What the query's reads left, as the queries still to run and what is left
    /// unfinished (empty when only layout is).
    pub fn finish(&mut self) -> (VecDeque<String>, String) {
        if let Some(unread) = self.unread.take() {
            return unread;
        }
        let (terms, rest) = split(&std::mem::take(&mut self.pending));
        let rest = if is_blank(&rest) { String::new() } else { rest };
        (terms.into_iter().map(|(_, t)| t).collect(), rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_query_reads_is_what_follows_it_and_the_rest_runs_after() {
        let mut input = QueryInput::default();
        input.start(["foo.".into(), "X = 1.".into()].into(), "bar(\n".into());
        // read/1 takes the next term; the query after it and the unfinished rest stay
        assert_eq!(input.read(|| None), Some("foo.".to_string()));
        let (queries, rest) = input.finish();
        assert_eq!(queries, ["X = 1."]);
        assert_eq!(rest.trim(), "bar(");
        // a query that reads nothing leaves all of it, as it was
        input.start(["foo.".into(), "X = 1.".into()].into(), String::new());
        assert_eq!(input.finish().0, ["foo.", "X = 1."]);
        // with nothing after the query, a read takes the next line
        assert_eq!(
            input.read(|| Some("typed.".into())),
            Some("typed.".to_string())
        );
        assert_eq!(input.finish(), (VecDeque::new(), String::new()));
    }

    fn texts(text: &str) -> Vec<String> {
        split(text).0.into_iter().map(|(_, t)| t).collect()
    }

    #[test]
    fn full_stops_end_terms() {
        assert_eq!(texts("a. b.\n"), ["a.", "b."]);
        assert_eq!(texts("X = 'a. b'."), ["X = 'a. b'."]);
        assert_eq!(texts("X = \"end. \"."), ["X = \"end. \"."]);
        assert_eq!(texts("X =.. Y."), ["X =.. Y."]);
        assert_eq!(texts("X = 0'. ."), ["X = 0'. ."]);
        assert_eq!(texts("X = 0''', Y = 1."), ["X = 0''', Y = 1."]);
        assert_eq!(texts("a --> [x]. % done. really\nb."), ["a --> [x].", "b."]);
        assert_eq!(texts("/* a. b. */ c."), ["c."]);
        assert_eq!(texts("X = 1.5."), ["X = 1.5."]);
        assert_eq!(texts("X = 'it''s'. "), ["X = 'it''s'."]);
    }

    #[test]
    fn an_unfinished_term_is_left_over() {
        let (terms, rest) = split("a.\nfoo(X,\n  Y");
        assert_eq!(terms, [(1, "a.".to_string())]);
        assert_eq!(rest, "foo(X,\n  Y");
        assert!(!is_blank(&rest));
        assert!(is_blank("  % a comment\n"));
        assert!(is_blank(""));
        assert!(!split("X = 'a.").1.is_empty());
    }

    #[test]
    fn terms_know_their_lines() {
        let (terms, _) = split("a.\n\n% c\nb :-\n  c.\n");
        assert_eq!(terms, [(1, "a.".into()), (4, "b :-\n  c.".into())]);
    }

    #[test]
    fn a_read_takes_one_term_of_the_lines_typed() {
        let mut lines = vec!["foo(", "bar). baz.", "", "qux"]
            .into_iter()
            .map(String::from);
        let mut pending = String::new();
        let mut next = || lines.next();
        assert_eq!(
            read_term(&mut pending, &mut next).as_deref(),
            Some("foo(\nbar).")
        );
        assert_eq!(read_term(&mut pending, &mut next).as_deref(), Some("baz."));
        assert_eq!(
            read_term(&mut pending, &mut next).as_deref(),
            Some("\nqux\n")
        );
        assert_eq!(read_term(&mut pending, &mut next), None);
    }
}
