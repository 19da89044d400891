//! Loading a `PrologMachine`: the rule set's files in order, each read term by term
//! and (from disk, untrusted) checked by the sandbox first, the dispatch module, the
//! sandbox's registration of every module, and the load errors placed at a line.

use super::*;
use crate::prolog::load_error::{describe_load_error, describe_load_warning};
use crate::prolog::rules::{RuleFile, RuleSet};
use crate::prolog::term::{quote_atom, quote_string};

/// How the sandbox treats a rule module (the second argument of
/// `sandbox:add_rule_module/2`): `checked`, a file from disk whose every clause it
/// checked; `trusted`, a game of ludolog's own, whose predicates untrusted code may
/// call; `library(module(Name, Exports))`, a library of ludolog's own, of which
/// untrusted code may call only the exports.  A library whose declaration cannot be
/// read exports nothing (the sandbox fails closed).
fn sandbox_kind(file: &RuleFile) -> String {
    if file.untrusted() {
        "checked".to_string()
    } else if crate::prolog::rules::is_embedded_library(file) {
        let decl = crate::prolog::rules::module_declaration(&file.text)
            .map(str::to_string)
            .unwrap_or_else(|| format!("module({}, [])", quote_atom(&file.module)));
        format!("library({decl})")
    } else {
        "trusted".to_string()
    }
}

thread_local! {
    /// How many machines this thread has started (`machines_started_here`).
    static STARTED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many Prolog machines this thread has started: a machine costs a quarter of a
/// second, so tests count them where one is meant to be reused.
pub fn machines_started_here() -> usize {
    STARTED.get()
}

/// A test build's way to load rule files from disk unchecked by the Prolog sandbox
/// while the operating system's confinement stays on, to show that it holds alone
/// (the environment variable of the REPL's engine process, `TEST_PROLOG_SANDBOX_OFF`).
fn prolog_check_off() -> bool {
    crate::prolog::placement::prolog_check_off()
}

/// A syntax error of a rule file, placed: the scan from the line where the term
/// starts (`line`) finds the line, column and what was expected; `None` when the
/// error is no syntax error or the scan finds nothing.
fn placed_syntax_error(path: &str, text: &str, line: i64, what: &str) -> Option<String> {
    if !what.starts_with("syntax error") || line == 0 {
        return None;
    }
    let first = usize::try_from(line).ok()?;
    let h = crate::prolog::syntax_hint::find_from(text, first)?;
    Some(hint_error(path, text, &h))
}

/// A syntax error of the rule file at `path` where the scan of its text placed it:
/// `path:line:column: syntax error: what`, then the line marked.
fn hint_error(path: &str, text: &str, h: &crate::prolog::syntax_hint::SyntaxHint) -> String {
    format!(
        "{path}:{}:{}: syntax error: {}\n{}",
        h.line,
        h.column,
        h.what,
        h.marked(text)
    )
}

/// The name of the predicate a sandbox refusal names (`refused by the sandbox:
/// board:board_cel/3 is not among ...` names `board_cel`).
fn refused_name(what: &str) -> Option<&str> {
    let pi = what
        .strip_prefix("refused by the sandbox: ")?
        .split(' ')
        .next()?;
    let name = pi.rsplit_once('/')?.0;
    let name = name.rsplit_once(':').map_or(name, |(_, n)| n);
    (!name.is_empty()).then_some(name)
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

/// Whether a module is one of ludolog's own that are neither rules nor tools: the
/// host, and the sandbox with its tables and parts.
fn host_module(module: &str) -> bool {
    module == "host" || crate::prolog::rules::sandbox_modules().any(|m| m == module)
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
        // rules from disk load only in a confined worker process (see `worker`); the
        // library's own unit tests load them here, to test the Prolog-level check
        let from_disk = rules.files.iter().any(RuleFile::untrusted);
        if from_disk
            && !rules.trust
            && !crate::prolog::placement::rules_may_load_here()
            && !cfg!(test)
        {
            return Err(LoadError(
                "rules from disk load only in a worker process (this is a bug in ludolog)".into(),
            ));
        }
        let output = Rc::new(RefCell::new(Captured::default()));
        let (_input, mut streams) = StreamConfig::from_callbacks(
            Some(capture(output.clone())),
            Some(capture(output.clone())),
        );
        // a rule file's text a user gave is read by the sandbox from the machine's
        // input, as if it were a file, and is never written to one
        if let Some(given) = rules.files.iter().find(|f| f.given) {
            streams = streams.with_user_input(InputStreamConfig::string(given.text.clone()));
        }
        STARTED.set(STARTED.get() + 1);
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
            init_limit: crate::game::defaults::INFERENCE_LIMIT,
            tools: Vec::new(),
            untrusted: false,
            warnings: check_protocol,
        };
        // the embedded host comes first; the sandbox when a file from disk needs it
        pm.load_file(&crate::prolog::rules::embedded_host(), true)?;
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
             play_legal/4, random_legal/4, counted/1, turns/4]).\n\
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
                "play_legal/3",
                "play_legal({g}, S, M, S1) :- !, {g}:play_legal(S, M, S1).\n",
            ),
            (
                "random_legal/3",
                "random_legal({g}, S, R, M) :- !, {g}:random_legal(S, R, M).\n",
            ),
            (
                "evaluate/3",
                "evaluate({g}, S, P, V) :- !, {g}:evaluate(S, P, V).\n",
            ),
            (
                "turns/3",
                "turns({g}, S, B, Ts) :- !, {g}:turns(S, B, Ts).\n",
            ),
        ];
        // which of them each game has: one query a game, not one a predicate
        // (a disjunction, as the query runs where library(lists) may not be loaded)
        let pairs: Vec<String> = optional
            .iter()
            .map(|(pi, _)| format!("P-A = {pi}-'{pi}'"))
            .collect();
        let mut has_them: Vec<Vec<String>> = Vec::new();
        for g in games {
            let q = format!(
                "findall(A, ( ( {} ), current_predicate({}:P) ), As).",
                pairs.join(" ; "),
                quote_atom(g)
            );
            let answer = self
                .answer(&q, "As")
                .map_err(|e| LoadError(format!("{game_path}: {e}")))?;
            has_them.push(match answer {
                Term::List(items) => items
                    .into_iter()
                    .filter_map(|t| match t {
                        Term::Atom(a) => Some(a),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            });
        }
        // counted(G): Game G picks its K-th move without listing them all
        let mut counted = Vec::new();
        for (pi, clause) in optional {
            for (g, has) in games.iter().zip(&has_them) {
                let listed = has.iter().any(|a| a == pi);
                if listed {
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
                "play_legal/3" => "play_legal(G, S, M, S1) :- play(G, S, M, S1).\n",
                // a game that does not state its turns is played ply by ply
                "turns/3" => "turns(_, _, _, _) :- fail.\n",
                "random_legal/3" => {
                    "random_legal(G, S, R, M) :- legal_count(G, S, N), N > 0, K is R mod N, \
                     nth_legal(G, S, K, M).\n"
                }
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
                given: false,
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
        for file in crate::prolog::rules::embedded_sandbox() {
            self.load_file(&file, true)?;
        }
        self.sandboxed = true;
        let modules = self.rule_modules.clone();
        if modules.is_empty() {
            return Ok(());
        }
        // all in one query (a query's start costs more than a registration); one by
        // one only to say which module could not be registered
        let goals: Vec<String> = modules
            .iter()
            .map(|(module, kind)| {
                format!("sandbox:add_rule_module({}, {kind})", quote_atom(module))
            })
            .collect();
        let registered = matches!(
            self.run_to_end(&format!("{}.", goals.join(", ")))
                .as_deref(),
            Ok([Ok(LeafAnswer::True | LeafAnswer::LeafAnswer { .. }), ..])
        );
        if !registered {
            for (module, kind) in modules {
                self.register_rule_module(&module, &kind)?;
            }
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

    /// Loads one more Prolog library (a module of ludolog's own, such as the
    /// authoring tools of rules/lib/) into the running machine.
    pub fn load_library(&mut self, file: &RuleFile) -> Result<(), LoadError> {
        // ludolog's own code: not sandboxed, but it runs what a user types, so it
        // is no module of the rules (untrusted code may not call into it)
        self.ensure_sandbox()?;
        self.tools.push(file.module.clone());
        self.load_file(file, true)
    }

    /// Loads one file.  A file from disk is read term by term first, so a syntax
    /// error is reported with its line before it can reach scryer's loader, and
    /// (unless `trust`) checked by the sandbox, which may hand back a rewritten
    /// text (its meta-calls wrapped in run-time checks) to load instead.
    fn load_file(&mut self, file: &RuleFile, trust: bool) -> Result<(), LoadError> {
        let mut text = file.text.clone();
        self.untrusted |= file.untrusted() && !trust;
        let _deadline = file
            .untrusted()
            .then(|| crate::prolog::limits::arm(format!("loading {}", file.path), false))
            .flatten();
        if file.untrusted() {
            // the sandbox reads with scryer's skipping of layout, which takes a / or
            // /* at the very end for the end of the text: refused here, as the loader
            // refuses it
            if let Some(h) = crate::prolog::syntax_hint::open_end(&text) {
                return Err(LoadError(hint_error(&file.path, &text, &h)));
            }
            self.ensure_sandbox()?;
            // a given text is the machine's input stream (see `load_with`): it is
            // never written to a file
            let path = match &file.disk {
                Some(disk) => quote_string(&disk.to_string_lossy()),
                None => "user_input".to_string(),
            };
            let q = format!(
                "sandbox:check_file({}, {}, {}, {}, R, T, N).",
                path,
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
                for note in items.iter().filter_map(crate::prolog::term_text) {
                    eprintln!("{}: warning: {note}", file.path);
                }
            }
            match result {
                Some(Term::Compound(f, args)) if f == "error" && args.len() == 2 => {
                    let line = crate::prolog::term_integer(&args[0]).unwrap_or(0);
                    let what = crate::prolog::term_text(&args[1]).unwrap_or_default();
                    if let Some(placed) = placed_syntax_error(&file.path, &text, line, &what) {
                        return Err(LoadError(placed));
                    }
                    // a refusal naming a goal is placed at the goal's own line
                    let line = refused_name(&what)
                        .and_then(|name| crate::prolog::line_of(&text, line as usize, name))
                        .map_or(line, |l| l as i64);
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
                        .and_then(crate::prolog::term_text)
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
        if !host_module(&module) && !self.tools.contains(&module) {
            // the REPL's clause/2 and listing/1 read the rules' clauses from this text
            crate::foreign::remember_rule_text(&module, &text);
        }
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
        if file.untrusted() {
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
        if host_module(&file.module) {
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
            Term::List(items) => items.iter().filter_map(crate::prolog::term_text).collect(),
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
}
