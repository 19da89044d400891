//! `PrologMachine`: one scryer `Machine` with captured output, checked loading and panic-proof queries.
//!
//! Facts about scryer 0.10 this code is built around (see DESIGN.md):
//! a failed load leaves the machine unusable (the next load may panic), so a
//! machine whose load failed is dropped, never reused; `run_query` panics on
//! text that does not parse, so only queries built here from quoted data are
//! run; an escaped exception resurfaces in later queries, so every request
//! catches inside the query; and every query is read to its end.

use super::load_error::{describe_load_error, describe_load_warning};
use super::rules::{RuleFile, RuleSet};
use super::term::{quote_atom, quote_string};
use scryer_prolog::{LeafAnswer, Machine, MachineBuilder, StreamConfig, Term};
use std::cell::RefCell;
use std::io::Cursor;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;

pub use super::limits::DEFAULT_INFERENCE_LIMIT;

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

/// How the sandbox treats a rule module (the second argument of
/// `sandbox:add_rule_module/2`): `checked`, a file from disk whose every clause it
/// checked; `trusted`, a game of ludolog's own, whose predicates untrusted code may
/// call; `library(module(Name, Exports))`, a library of ludolog's own, of which
/// untrusted code may call only the exports.  A library whose declaration cannot be
/// read exports nothing (the sandbox fails closed).
fn sandbox_kind(file: &RuleFile) -> String {
    if file.disk.is_some() {
        "checked".to_string()
    } else if super::rules::is_embedded_library(file) {
        let decl = super::rules::module_declaration(&file.text)
            .map(str::to_string)
            .unwrap_or_else(|| format!("module({}, [])", quote_atom(&file.module)));
        format!("library({decl})")
    } else {
        "trusted".to_string()
    }
}

/// A test build's way to load rule files from disk unchecked by the Prolog sandbox
/// while the operating system's confinement stays on, to show that it holds alone
/// (the environment variable of the REPL's engine process, `TEST_PROLOG_SANDBOX_OFF`).
fn prolog_check_off() -> bool {
    cfg!(debug_assertions) && std::env::var_os("LUDOLOG_TEST_PROLOG_SANDBOX_OFF").is_some()
}

impl PrologMachine {
    /// A fresh machine with the rule set loaded: helpers first, the game last.  The
    /// modules that bind foreign functions are loaded for the accelerated tier
    /// only (`accelerated`): the spec tier never calls them, and library(ffi)
    /// costs start-up time.
    pub fn load(rules: &RuleSet, accelerated: bool) -> Result<PrologMachine, LoadError> {
        PrologMachine::load_with(rules, accelerated, true)
    }

    /// As `load`; without the check that the game defines every protocol
    /// predicate when `check_protocol` is false (`ludolog lint` reports that itself,
    /// with the line of the module declaration).
    pub fn load_with(
        rules: &RuleSet,
        accelerated: bool,
        check_protocol: bool,
    ) -> Result<PrologMachine, LoadError> {
        // the thread that runs rule files from disk is confined before the first loads
        if !rules.trust && rules.files.iter().any(|f| f.disk.is_some()) {
            crate::confine::engine::confine_engine_thread()
                .map_err(|e| LoadError(format!("cannot confine the Prolog engine: {e}")))?;
        }
        let output = Rc::new(RefCell::new(Captured::default()));
        let (_input, streams) = StreamConfig::from_callbacks(
            Some(capture(output.clone())),
            Some(capture(output.clone())),
        );
        let machine = catch_unwind(AssertUnwindSafe(|| {
            MachineBuilder::new()
                .with_streams(streams)
                .with_toplevel(TOPLEVEL)
                .build()
        }))
        .map_err(|p| LoadError(format!("cannot start the Prolog engine: {}", panic_text(p))))?;
        let mut pm = PrologMachine {
            machine,
            output,
            poisoned: false,
            accelerators: Vec::new(),
            arena_bytes: 0,
            trust: rules.trust,
            sandboxed: false,
            rule_modules: Vec::new(),
            init_limit: DEFAULT_INFERENCE_LIMIT,
            tools: Vec::new(),
            untrusted: false,
            warnings: check_protocol,
        };
        // the embedded host comes first; the sandbox when a file from disk needs it
        pm.load_file(&super::rules::embedded_host(), true)?;
        for file in &rules.files {
            if accelerated || !rules.accelerators.contains(&file.module) {
                pm.load_file(file, rules.trust || prolog_check_off())?;
            } else {
                // not loaded in the spec tier, but a library's calls into its own
                // accelerator (behind `protocol:accelerated`) are part of the rules
                let kind = sandbox_kind(file);
                if pm.sandboxed {
                    pm.register_rule_module(&file.module, &kind)?;
                }
                pm.rule_modules.push((file.module.clone(), kind));
            }
        }
        let game = rules.game();
        if check_protocol {
            pm.check_protocol(game)?;
        }
        let games: Vec<&str> = rules.games.iter().map(String::as_str).collect();
        pm.load_dispatch(&games, &game.path)?;
        if accelerated {
            pm.accelerators = rules.accelerators.clone();
        }
        Ok(pm)
    }

    /// Loads the generated module `dispatch`: `dispatch:P(Game, Args...)` calls
    /// `Game:P(Args...)` for each loaded game.  The shared helpers call the game
    /// through it, because `call(G:p(...))` with `G` bound only at run time
    /// costs about 4 us in scryer 0.10: more than a whole move of Hex.
    fn load_dispatch(&mut self, games: &[&str], game_path: &str) -> Result<(), LoadError> {
        let mut text = String::from(
            "%% dispatch — generated by the host: dispatch:P(Game, ...) calls Game:P(...).\n\
             :- module(dispatch, [initial/3, to_move/3, legal/3, legal_moves/3, play/4, \
             outcome/3, evaluate/4, position/4, move/4, legal_count/3, nth_legal/4, \
             counted/1]).\n\
             :- use_module(library(lists)).\n",
        );
        let preds = [
            ("initial", "O, S"),
            ("to_move", "S, P"),
            ("legal", "S, M"),
            ("play", "S, M, S1"),
            ("outcome", "S, O"),
            ("position", "S, T0, T"),
            ("move", "M, T0, T"),
        ];
        for (name, args) in preds {
            for g in games {
                let g = quote_atom(g);
                text.push_str(&format!("{name}({g}, {args}) :- {g}:{name}({args}).\n"));
            }
        }
        // the optional predicates: the game's own when it has them, else from legal/2
        let optional = [
            (
                "legal_moves/2",
                "legal_moves({g}, S, Ms) :- !, {g}:legal_moves(S, Ms).\n",
            ),
            (
                "legal_count/2",
                "legal_count({g}, S, N) :- !, {g}:legal_count(S, N).\n",
            ),
            (
                "nth_legal/3",
                "nth_legal({g}, S, K, M) :- !, {g}:nth_legal(S, K, M).\n",
            ),
            (
                "evaluate/3",
                "evaluate({g}, S, P, V) :- !, {g}:evaluate(S, P, V).\n",
            ),
        ];
        // counted(G): Game G picks its K-th move without listing them all
        let mut counted = Vec::new();
        for (pi, clause) in optional {
            for g in games {
                let q = format!(
                    "(current_predicate({}:{pi}) -> R = yes ; R = no).",
                    quote_atom(g)
                );
                let answer = self
                    .answer(&q, "R")
                    .map_err(|e| LoadError(format!("{game_path}: {e}")))?;
                if answer == Term::atom("yes") {
                    text.push_str(&clause.replace("{g}", &quote_atom(g)));
                    counted.push((pi, *g));
                }
            }
            text.push_str(match pi {
                "legal_moves/2" => "legal_moves(G, S, Ms) :- findall(M, legal(G, S, M), Ms).\n",
                "legal_count/2" => {
                    "legal_count(G, S, N) :- legal_moves(G, S, Ms), length(Ms, N).\n"
                }
                // a game without a heuristic: every position that goes on is even (the
                // search scores finished games from their outcome)
                "evaluate/3" => "evaluate(_, _, _, 0).\n",
                _ => "nth_legal(G, S, K, M) :- legal_moves(G, S, Ms), nth0(K, Ms, M).\n",
            });
        }
        for g in games {
            let has = |pi: &str| counted.iter().any(|&(p, h)| p == pi && h == *g);
            if has("legal_count/2") && has("nth_legal/3") {
                text.push_str(&format!("counted({}).\n", quote_atom(g)));
            }
        }
        text.push_str("counted(_) :- fail.\n");
        self.load_file(
            &RuleFile {
                module: "dispatch".to_string(),
                path: "(the generated module dispatch)".to_string(),
                disk: None,
                text,
            },
            true,
        )
    }

    /// Loads the sandbox unless it is loaded: before the first file from disk,
    /// and before a REPL or an authoring tool runs text a user typed.  It learns
    /// the rule modules loaded before it (qualified calls may go there).
    pub fn ensure_sandbox(&mut self) -> Result<(), LoadError> {
        if self.sandboxed {
            return Ok(());
        }
        for file in super::rules::embedded_sandbox() {
            self.load_file(&file, true)?;
        }
        self.sandboxed = true;
        if self.trust {
            self.run_to_end("sandbox:trust.")
                .map_err(|e| LoadError(format!("cannot turn the sandbox off: {e}")))?;
        }
        for (module, kind) in self.rule_modules.clone() {
            self.register_rule_module(&module, &kind)?;
        }
        Ok(())
    }

    /// Tells the sandbox that `module` is part of the loaded rules, and how it
    /// treats it (`sandbox_kind`).
    fn register_rule_module(&mut self, module: &str, kind: &str) -> Result<(), LoadError> {
        let q = format!("sandbox:add_rule_module({}, {kind}).", quote_atom(module));
        let answers = self
            .run_to_end(&q)
            .map_err(|e| LoadError(format!("the module {module}: {e}")))?;
        // the sandbox must know every rule module: a registration that failed
        // would leave calls into the module refused, or its exports unknown
        match answers.first() {
            Some(Ok(LeafAnswer::True | LeafAnswer::LeafAnswer { .. })) => Ok(()),
            other => Err(LoadError(format!(
                "the module {module}: the sandbox could not register it ({other:?})"
            ))),
        }
    }

    /// Whether a panic inside scryer has left this machine unusable.
    pub fn is_broken(&self) -> bool {
        self.poisoned
    }

    /// Loads one more Prolog library (a module of ludolog's own, such as the
    /// authoring tools of rules/lib/) into the running machine.
    pub fn load_library(&mut self, file: &RuleFile) -> Result<(), LoadError> {
        // ludolog's own code: not sandboxed, but it runs what a user types, so it
        // is no module of the rules (untrusted code may not call into it)
        self.ensure_sandbox()?;
        self.tools.push(file.module.clone());
        self.load_file(file, true)
    }

    /// Whether a rule file from disk was loaded checked (not with `--trust`).
    pub fn is_untrusted(&self) -> bool {
        self.untrusted
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

    /// Loads one file.  A file from disk is read term by term first, so a syntax
    /// error is reported with its line before it can reach scryer's loader, and
    /// (unless `trust`) checked by the sandbox, which may hand back a rewritten
    /// text (its meta-calls wrapped in run-time checks) to load instead.
    fn load_file(&mut self, file: &RuleFile, trust: bool) -> Result<(), LoadError> {
        let mut text = file.text.clone();
        self.untrusted |= file.disk.is_some() && !trust;
        let _deadline = file
            .disk
            .as_ref()
            .and_then(|_| super::limits::arm(format!("loading {}", file.path), false));
        if let Some(disk) = &file.disk {
            self.ensure_sandbox()?;
            let path = disk.to_string_lossy();
            let q = format!(
                "sandbox:check_file({}, {}, {}, {}, R, T, N).",
                quote_string(&path),
                quote_atom(&file.module),
                if trust { "false" } else { "true" },
                self.init_limit
            );
            let answers = self
                .run_to_end(&q)
                .map_err(|e| LoadError(format!("{}: {e}", file.path)))?;
            let (result, rewritten, notes) = match answers.into_iter().next() {
                Some(Ok(LeafAnswer::LeafAnswer { bindings, .. })) => (
                    bindings.get("R").cloned(),
                    bindings.get("T").cloned(),
                    bindings.get("N").cloned(),
                ),
                _ => (None, None, None),
            };
            // what the check changed to keep the file's meaning (its discontiguous
            // predicates), said as warnings
            if let (true, Some(Term::List(items))) = (self.warnings, &notes) {
                for note in items.iter().filter_map(super::term_text) {
                    eprintln!("{}: warning: {note}", file.path);
                }
            }
            match result {
                Some(Term::Compound(f, args)) if f == "error" && args.len() == 2 => {
                    let line = super::term_integer(&args[0]).unwrap_or(0);
                    let what = super::term_text(&args[1]).unwrap_or_default();
                    if let Some(placed) = placed_syntax_error(&file.path, &text, line, &what) {
                        return Err(LoadError(placed));
                    }
                    let at = if line > 0 {
                        format!("{}:{line}", file.path)
                    } else {
                        file.path.clone()
                    };
                    return Err(LoadError(format!("{at}: {what}")));
                }
                Some(Term::Atom(a)) if a == "rewrite" => {
                    text = rewritten
                        .as_ref()
                        .and_then(super::term_text)
                        .ok_or_else(|| {
                            LoadError(format!("{}: the sandbox could not rewrite it", file.path))
                        })?;
                }
                Some(Term::Atom(a)) if a == "ok" => {}
                _ => {
                    return Err(LoadError(format!(
                        "{}: the sandbox could not read it",
                        file.path
                    )))
                }
            }
        }
        // scryer's loader trips over a comment on the last line: end with a newline
        if !text.ends_with('\n') {
            text.push('\n');
        }
        self.take_output();
        let module = file.module.clone();
        catch_unwind(AssertUnwindSafe(|| {
            self.machine.load_module_string(&module, text)
        }))
        .map_err(|p| {
            LoadError(format!(
                "{}: the Prolog engine failed loading it: {}",
                file.path,
                panic_text(p)
            ))
        })?;
        let out = self.take_output();
        if out.contains("error") {
            let line = out
                .lines()
                .find(|l| l.contains("error"))
                .unwrap_or("")
                .trim();
            let words = describe_load_error(line);
            return Err(LoadError(match words.strip_prefix("line ") {
                Some(rest) => format!("{}:{rest}", file.path),
                None => match evaluable_line(&file.text, &words) {
                    Some(n) => format!("{}:{n}: {words}", file.path),
                    None => format!("{}: {words}", file.path),
                },
            }));
        }
        if file.disk.is_some() {
            // the double_quotes flag is global in scryer: a rule file's choice ends with
            // it (asked only of a machine whose load went well: a failed one is unusable)
            self.run_to_end("set_prolog_flag(double_quotes, chars).")
                .map_err(|e| LoadError(format!("{}: {e}", file.path)))?;
        }
        for warning in out
            .lines()
            .filter(|l| self.warnings && !l.trim().is_empty())
        {
            eprintln!("{}", describe_load_warning(&file.path, warning));
        }
        if ["host", "sandbox", "sandbox_lists", "sandbox_names"].contains(&file.module.as_str()) {
            self.run_to_end("host:clear.")
                .map_err(|e| LoadError(format!("{}: {e}", file.path)))?;
        } else if !self.tools.contains(&file.module) {
            let kind = sandbox_kind(file);
            if self.sandboxed {
                self.register_rule_module(&file.module, &kind)
                    .map_err(|e| LoadError(format!("{}: {e}", file.path)))?;
            }
            self.rule_modules.push((file.module.clone(), kind));
        }
        Ok(())
    }

    fn check_protocol(&mut self, game: &RuleFile) -> Result<(), LoadError> {
        let q = format!("host:check_protocol({}, M).", quote_atom(&game.module));
        let missing = self
            .answer(&q, "M")
            .map_err(|e| LoadError(format!("{}: {e}", game.path)))?;
        let names: Vec<String> = match &missing {
            Term::List(items) => items.iter().filter_map(super::term_text).collect(),
            _ => Vec::new(),
        };
        if names.is_empty() {
            Ok(())
        } else {
            Err(LoadError(format!(
                "{}: the rule file does not define the protocol predicate{} {} (module {})",
                game.path,
                if names.len() == 1 { "" } else { "s" },
                names.join(", "),
                game.module
            )))
        }
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

/// A syntax error of a rule file, placed: the scan from the line where the term
/// starts (`line`) finds the line, column and what was expected; `None` when the
/// error is no syntax error or the scan finds nothing.
fn placed_syntax_error(path: &str, text: &str, line: i64, what: &str) -> Option<String> {
    if !what.starts_with("syntax error") || line == 0 {
        return None;
    }
    let first = usize::try_from(line).ok()?;
    let h = super::syntax_hint::find_from(text, first)?;
    Some(format!(
        "{path}:{}:{}: syntax error: {}\n{}",
        h.line,
        h.column,
        h.what,
        h.marked(text)
    ))
}

/// The line of an arithmetic expression with an unknown function, for scryer's
/// "foo/0 is not an arithmetic function", which names no line: the first line where
/// the name stands alone (not called, not part of a longer name) after `is` or a
/// comparison of numbers.
fn evaluable_line(text: &str, words: &str) -> Option<usize> {
    let name = words
        .strip_suffix(" is not an arithmetic function")?
        .rsplit_once('/')?
        .0;
    let word = |line: &str, at: usize| {
        let before = line[..at].chars().last();
        let after = line[at + name.len()..].chars().next();
        let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !part(before) && !part(after) && after != Some('(')
    };
    text.lines()
        .position(|line| {
            let code = line.split('%').next().unwrap_or("");
            let arithmetic = [" is ", "=:=", "=\\=", " < ", " > ", "=<", ">="]
                .iter()
                .any(|op| code.contains(op));
            arithmetic && code.match_indices(name).any(|(at, _)| word(code, at))
        })
        .map(|i| i + 1)
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

#[cfg(test)]
#[path = "machine_tests.rs"]
mod tests;
