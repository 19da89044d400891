//! `PrologMachine`: one scryer `Machine` with captured output, checked loading and panic-proof queries.
//!
//! Facts about scryer 0.10 this code is built around (see DESIGN.md):
//! a failed load leaves the machine unusable (the next load may panic), so a
//! machine whose load failed is dropped, never reused; `run_query` panics on
//! text that does not parse, so only queries built here from quoted data are
//! run; an escaped exception resurfaces in later queries, so every request
//! catches inside the query; and every query is read to its end.

use super::term::quote_atom;
use scryer_prolog::{InputStreamConfig, LeafAnswer, Machine, MachineBuilder, StreamConfig, Term};
use std::cell::RefCell;
use std::io::Cursor;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;

/// The toplevel module every machine starts with.  scryer's own toplevel (its
/// REPL) loads ten libraries, files and os among them, that no rule file needs:
/// about a seventh of a rule tier's start-up.  Each of our files imports what it
/// uses itself.
const TOPLEVEL: &str = ":- module('$toplevel', []).\n";

/// A rule file that could not be loaded: the message says file:line where known.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
#[error("{0}")]
pub struct LoadError(pub String);

/// A query that could not be answered.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum QueryError {
    /// The Prolog engine itself failed; the machine must be rebuilt.
    #[error("the Prolog engine failed inside scryer ({0}); reload the rules")]
    Engine(String),
    /// The query gave an answer of an unexpected shape.
    #[error("unexpected answer from the rules: {0}")]
    Answer(String),
}

/// Where Prolog's output goes: kept until `take_output`, or handed to a sink.
#[derive(Default)]
struct Captured {
    text: String,
    sink: Option<OutputSink>,
}

/// A receiver of Prolog's output as it is flushed.
pub type OutputSink = Box<dyn FnMut(&str)>;

/// A scryer machine with the ludolog helpers loaded.
pub struct PrologMachine {
    machine: Machine,
    output: Rc<RefCell<Captured>>,
    poisoned: bool,
    /// The loaded modules whose `load/0` binds foreign functions.
    accelerators: Vec<String>,
    /// About how many bytes the queries run so far have left in scryer's arena.
    arena_bytes: usize,
    /// Whether files from disk and REPL queries run unchecked (`--trust`).
    trust: bool,
    /// Whether the sandbox is loaded (see `ensure_sandbox`).
    sandboxed: bool,
    /// The rule modules loaded so far, each with how the sandbox treats it
    /// (`sandbox_kind`), for the sandbox to know when it comes.
    rule_modules: Vec<(String, String)>,
    /// The inference limit of a file's initialization goals.
    init_limit: u64,
    /// The modules of ludolog's tools (the REPL's top level, lint, why): no rule modules.
    tools: Vec<String>,
    /// Whether a rule file from disk was loaded checked: then even the work a user
    /// sized (perft, search, playouts) runs under the time limit, since the file
    /// decides how long each position takes.
    untrusted: bool,
    /// Whether scryer's load warnings are printed (not for `ludolog lint`, which
    /// reports the same singletons itself, with their predicate).
    warnings: bool,
}

/// What one query leaves in scryer 0.10's arena besides its own text: `run_query`
/// allocates the stream it parses the query from there, and nothing frees it
/// (measured: about 250 bytes per short query, for as long as the machine lives).
const ARENA_BYTES_PER_QUERY: usize = 200;

/// A callback that scryer calls with what a stream wrote.
type StreamSink = Box<dyn FnMut(&mut Cursor<Vec<u8>>)>;

/// A sink that appends what the stream wrote to `buf`.
fn capture(buf: Rc<RefCell<Captured>>) -> StreamSink {
    Box::new(move |cursor: &mut Cursor<Vec<u8>>| {
        let text = String::from_utf8_lossy(cursor.get_ref());
        let mut captured = buf.borrow_mut();
        match captured.sink.as_mut() {
            Some(sink) if !text.is_empty() => sink(&text),
            _ => captured.text.push_str(&text),
        }
        cursor.get_mut().clear();
        cursor.set_position(0);
    })
}

fn panic_text(p: Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".to_string())
}

impl PrologMachine {
    /// Whether a panic inside scryer has left this machine unusable.
    pub fn is_broken(&self) -> bool {
        self.poisoned
    }

    /// Whether a rule file from disk was loaded checked (not with `--trust`).
    pub fn is_untrusted(&self) -> bool {
        self.untrusted
    }

    /// Whether files from disk and what a user types run unchecked (`--trust`): the
    /// host's flag, which it passes to the Prolog side with every request that runs
    /// untrusted text (the `Trust` arguments of rules/lib/repl.pl, why.pl and
    /// source.pl); no Prolog predicate can turn the sandbox off.
    pub fn is_trusted(&self) -> bool {
        self.trust
    }

    /// `is_trusted` as the Prolog atom those requests take.
    pub fn trust_atom(&self) -> &'static str {
        if self.trust {
            "true"
        } else {
            "false"
        }
    }

    /// Sets the inference limit of the initialization goals of the files loaded next.
    pub fn set_init_limit(&mut self, limit: u64) {
        self.init_limit = limit;
    }

    /// About how many bytes of memory the queries run so far hold for good.
    pub fn arena_bytes(&self) -> usize {
        self.arena_bytes
    }

    /// What Prolog printed since the last call.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.output.borrow_mut().text)
    }

    /// Hands Prolog's output to `sink` as it is flushed (`None`: keep it for
    /// `take_output` again); gives back the sink that was set.
    pub fn set_output_sink(&mut self, sink: Option<OutputSink>) -> Option<OutputSink> {
        std::mem::replace(&mut self.output.borrow_mut().sink, sink)
    }

    /// Runs a query built from quoted data and reads it to its end; gives the
    /// binding of `var` in the first answer.
    pub fn answer(&mut self, query: &str, var: &str) -> Result<Term, QueryError> {
        let answers = self.run_to_end(query)?;
        match answers.into_iter().next() {
            Some(Ok(LeafAnswer::LeafAnswer { bindings, .. })) => bindings
                .get(var)
                .cloned()
                .ok_or_else(|| QueryError::Answer(format!("no value for {}", asked(query)))),
            Some(Ok(other)) => {
                let what = match &other {
                    LeafAnswer::True => "true".to_string(),
                    LeafAnswer::False => "false".to_string(),
                    LeafAnswer::Exception(t) => format!("the exception {}", super::shown(t)),
                    LeafAnswer::LeafAnswer { bindings, .. } => bindings
                        .iter()
                        .map(|(k, v)| format!("{k} = {}", super::shown(v)))
                        .collect::<Vec<_>>()
                        .join(", "),
                };
                Err(QueryError::Answer(format!("{what} for {}", asked(query))))
            }
            Some(Err(e)) => Err(QueryError::Answer(format!(
                "{} for {}",
                super::shown(&e),
                asked(query)
            ))),
            None => Err(QueryError::Answer(format!(
                "no answer for {}",
                asked(query)
            ))),
        }
    }

    /// Runs a query and collects at most a few answers, reading the query to its end.
    fn run_to_end(&mut self, query: &str) -> Result<Vec<Result<LeafAnswer, Term>>, QueryError> {
        if self.poisoned {
            return Err(QueryError::Engine(
                "an earlier query broke this machine".into(),
            ));
        }
        self.arena_bytes += query.len() + ARENA_BYTES_PER_QUERY;
        let machine = &mut self.machine;
        let result = catch_unwind(AssertUnwindSafe(|| {
            let mut answers = Vec::new();
            for answer in machine.run_query(query.to_string()) {
                let stop = matches!(
                    answer,
                    Ok(LeafAnswer::False) | Err(_) | Ok(LeafAnswer::Exception(_))
                );
                if answers.len() < 4 {
                    answers.push(answer);
                }
                if stop {
                    break;
                }
            }
            answers
        }));
        match result {
            Ok(answers) => {
                let failed = answers
                    .iter()
                    .any(|a| matches!(a, Err(_) | Ok(LeafAnswer::Exception(_))));
                if failed {
                    // an exception escaped: clear the ball so it does not resurface
                    let _ = catch_unwind(AssertUnwindSafe(|| {
                        machine
                            .run_query("catch(throw(reset), _, true).".to_string())
                            .count()
                    }));
                }
                Ok(answers)
            }
            Err(p) => {
                self.poisoned = true;
                Err(QueryError::Engine(panic_text(p)))
            }
        }
    }

    /// Runs a query built from quoted data whose answers each bind `var`, and reads
    /// it to its end one answer at a time: `each` gets what Prolog printed since the
    /// last answer and every answer's binding of `var` (`None` for an answer
    /// without it: the query called `halt`) before the
    /// query resumes, so whatever `each` sets for the Prolog side to read (see
    /// rules/lib/repl.pl) decides how the query goes on.  The query must come to
    /// its end on its own: nothing here drops it half read.
    pub fn run_stepwise(
        &mut self,
        query: &str,
        var: &str,
        each: &mut dyn FnMut(String, Option<Term>),
    ) -> Result<(), QueryError> {
        if self.poisoned {
            return Err(QueryError::Engine(
                "an earlier query broke this machine".into(),
            ));
        }
        self.arena_bytes += query.len() + ARENA_BYTES_PER_QUERY;
        let output = self.output.clone();
        let printed = move || std::mem::take(&mut output.borrow_mut().text);
        let machine = &mut self.machine;
        let result = catch_unwind(AssertUnwindSafe(|| {
            let mut escaped = None;
            for answer in machine.run_query(query.to_string()) {
                match answer {
                    Ok(LeafAnswer::False) => break,
                    Ok(LeafAnswer::True) => each(printed(), None),
                    Ok(LeafAnswer::LeafAnswer { bindings, .. }) => each(
                        printed(),
                        bindings
                            .get(var)
                            .filter(|t| !matches!(t, Term::Var(_)))
                            .cloned(),
                    ),
                    Ok(LeafAnswer::Exception(t)) | Err(t) => {
                        escaped = Some(t);
                        break;
                    }
                }
            }
            if escaped.is_some() {
                // clear the ball so that it does not resurface
                let _ = machine
                    .run_query("catch(throw(reset), _, true).".to_string())
                    .count();
            }
            escaped
        }));
        match result {
            Ok(None) => Ok(()),
            Ok(Some(t)) => Err(QueryError::Answer(format!(
                "{} escaped {query}",
                super::shown(&t)
            ))),
            Err(p) => {
                self.poisoned = true;
                Err(QueryError::Engine(panic_text(p)))
            }
        }
    }

    /// Sends `request` (a term built from quoted data) to `host:request/4`.
    /// A request with no inference limit (0) is work the user sized (perft, playouts,
    /// search): the time limit bounds it only when the user set one, or when a rule
    /// file from disk decides how long it takes.
    pub fn request(&mut self, game: &str, limit: u64, request: &str) -> Result<Term, QueryError> {
        let q = format!("host:request({}, {limit}, {request}, R).", quote_atom(game));
        let what = request.split('(').next().unwrap_or(request);
        let _deadline = super::limits::arm(
            format!("the rules of module {game} (answering {what})"),
            limit == 0 && !self.untrusted,
        );
        self.answer(&q, "R")
    }

    /// Switches the accelerated tier on (binding the loaded libraries' foreign
    /// functions, which the running program must export) or off.
    pub fn set_acceleration(&mut self, on: bool) -> Result<(), QueryError> {
        if on {
            for module in self.accelerators.clone() {
                let q = format!("catch(({}:load, R = ok), E, R = E).", quote_atom(&module));
                let t = self.answer(&q, "R")?;
                if t != Term::atom("ok") {
                    return Err(QueryError::Answer(format!(
                        "cannot bind the foreign functions of {module}: {}",
                        super::shown(&t)
                    )));
                }
            }
        }
        let q = format!(
            "protocol:set_acceleration({}), R = ok.",
            if on { "on" } else { "off" }
        );
        self.answer(&q, "R").map(|_| ())
    }
}

/// What a query asked, for a message: a request to the host by its name
/// (`describe`), any other query cut to 40 characters.
fn asked(query: &str) -> String {
    match query.strip_prefix("host:request(") {
        Some(rest) => {
            let request = rest.splitn(3, ", ").nth(2).unwrap_or(rest);
            let name = request.split('(').next().unwrap_or(request);
            format!("the request {}", crate::game::elide(name))
        }
        None => format!("the query {}", crate::game::elide(query)),
    }
}

#[path = "machine_load.rs"]
mod load;
pub use load::machines_started_here;

#[cfg(test)]
#[path = "machine_tests.rs"]
mod tests;
