//! The sandbox fails closed on module qualification, as a property: a forbidden goal
//! wrapped at random in control constructs (`,` `;` `->` `*->` `\+`, call/N and the
//! partial control constructs call/N builds), in every meta-predicate of the tables
//! (rules/lib/sandbox_lists.pl's meta/2: bagof/setof with `^`, phrase with grammar
//! bodies, maplist, foldl, reif, ...) and in module qualifications at any depth and in
//! any position (`user:`, the game's own, `lists:`, the trusted game `hex:`, nested
//! `a:(b:G)`), checked as a REPL query or as a clause of a rule file, and run when
//! the check lets it: none may run the forbidden goal.
//!
//! The forbidden goals are `probe:hit/0..8` (a module of the test's own, no module of
//! the rules, whose predicates mark that they ran), bb_put/2 on that mark,
//! sandbox:add_rule_module/2 (which would make a module part of the rules) and
//! open/3,4 of a file; several are reached only through a binding made at run time.
//! A case is a vector of choices that proptest draws (and shrinks toward 0, the bare
//! forbidden goal); `Choices` reads it into a goal.  The cases run in batches of 500
//! in one machine (tests/sandbox_probe.pl); PROPTEST_CASES sets the number of batches.

use ludolog::game::{GameOptions, Tier};
use ludolog::prolog::{
    quote_atom, quote_string, term_integer, term_text, RuleFile, RuleOptions, RulesEngine,
};
use ludolog::registry::EngineSpec;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use scryer_prolog::Term;
use std::cell::RefCell;
use std::path::Path;

/// Cases per batch (one query), and batches: 15,000 cases in all in CI
/// (`PROPTEST_CASES=200 cargo test sandbox_meta` runs 100,000).
const BATCH: usize = 500;
const BATCHES: u32 = 30;
/// How deep wrappers nest around the forbidden goal.
const DEPTH: u32 = 4;
/// The inference limit of each case's check and of its run.
const LIMIT: u64 = 200_000;
/// The most extra arguments a closure is given (maplist/8, call/8).
const MAX_EXTRA: usize = 7;

/// The rule file whose module `mygame` the file cases are clauses of: checked by the
/// sandbox, built on the trusted game hex, with the libraries whose meta-predicates
/// the cases use.
const GAME: &str = ":- module(mygame, [initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3, position//1, move//1, view/2]).\n\
:- use_module(library(lists)).\n:- use_module(library(dcgs)).\n:- use_module(library(reif)).\n\
:- use_module(library(iso_ext)).\n:- use_module(library(freeze)).\n:- use_module(library(when)).\n\
requires(hex).\n\
initial(_, s).\nto_move(s, a).\nlegal(s, m).\nplay(s, m, s).\noutcome(_, _) :- fail.\n\
evaluate(_, _, 0).\nposition(s) --> \"s\".\nmove(m) --> \"m\".\nview(_, view(square, 1, 1, [], [])).\n";

/// The modules a qualification names: the REPL's and the game's own, a library, the
/// trusted game, the forbidden module itself, the sandbox, a module nothing defines.
const MODULES: &[&str] = &[
    "user", "mygame", "hex", "lists", "reif", "probe", "sandbox", "nowhere", "dispatch",
];

/// The meta-predicates of sandbox_lists.pl's meta/2, each with the forbidden form in
/// one goal position: (name/arity, template with `X` for the form and `V` for a
/// variable of its own, extra arguments the form is called with).  Other goal
/// positions hold goals that succeed, and the lists are long enough for the form to
/// be called.
const METAS: &[(&str, &str, usize)] = &[
    ("once/1", "once(X)", 0),
    ("ignore/1", "ignore(X)", 0),
    ("not/1", "not(X)", 0),
    ("forall/2", "forall(true, X)", 0),
    ("forall/2", "forall(X, true)", 0),
    ("findall/3", "findall(x, X, _)", 0),
    ("findall/4", "findall(x, X, _, [])", 0),
    ("catch/3", "catch(X, _, true)", 0),
    ("catch/3", "catch(throw(e), _, X)", 0),
    ("call_cleanup/2", "call_cleanup(X, true)", 0),
    ("call_cleanup/2", "call_cleanup(true, X)", 0),
    (
        "setup_call_cleanup/3",
        "setup_call_cleanup(X, true, true)",
        0,
    ),
    (
        "setup_call_cleanup/3",
        "setup_call_cleanup(true, X, true)",
        0,
    ),
    (
        "setup_call_cleanup/3",
        "setup_call_cleanup(true, true, X)",
        0,
    ),
    (
        "call_with_inference_limit/3",
        "call_with_inference_limit(X, 100000, _)",
        0,
    ),
    ("call_nth/2", "call_nth(X, 1)", 0),
    ("countall/2", "countall(X, _)", 0),
    ("call_residue_vars/2", "call_residue_vars(X, _)", 0),
    ("freeze/2", "(freeze(V, X), V = 1)", 0),
    ("when/2", "(when(nonvar(V), X), V = 1)", 0),
    ("if_/3", "if_(X, true, true)", 1),
    ("if_/3", "if_(=(a, a), X, true)", 0),
    ("if_/3", "if_(=(a, b), true, X)", 0),
    (",/3", "','(X, =(a, a), _)", 1),
    (",/3", "','(=(a, a), X, _)", 1),
    (";/3", ";(X, =(a, a), _)", 1),
    (";/3", ";(=(a, b), X, _)", 1),
    ("cond_t/3", "cond_t(X, true, _)", 1),
    ("cond_t/3", "cond_t(=(a, a), X, _)", 0),
    ("tmember/2", "tmember(X, [a])", 2),
    ("tmember_t/3", "tmember_t(X, [a], _)", 2),
    ("tfilter/3", "tfilter(X, [a], _)", 2),
    ("tpartition/4", "tpartition(X, [a], _, _)", 2),
    ("maplist/2", "maplist(X, [a])", 1),
    ("maplist/3", "maplist(X, [a], [_])", 2),
    ("maplist/4", "maplist(X, [a], [_], [_])", 3),
    ("maplist/5", "maplist(X, [a], [_], [_], [_])", 4),
    ("maplist/6", "maplist(X, [a], [_], [_], [_], [_])", 5),
    ("maplist/7", "maplist(X, [a], [_], [_], [_], [_], [_])", 6),
    (
        "maplist/8",
        "maplist(X, [a], [_], [_], [_], [_], [_], [_])",
        7,
    ),
    ("foldl/4", "foldl(X, [a], _, _)", 3),
    ("foldl/5", "foldl(X, [a], [_], _, _)", 4),
    ("foldl/6", "foldl(X, [a], [_], [_], _, _)", 5),
    ("foldl/7", "foldl(X, [a], [_], [_], [_], _, _)", 6),
    ("include/3", "include(X, [a], _)", 1),
    ("exclude/3", "exclude(X, [a], _)", 1),
    ("partition/4", "partition(X, [a], _, _)", 1),
    ("partition/6", "partition(X, [a], _, _, _, _)", 2),
    ("predsort/3", "predsort(X, [a, b], _)", 3),
    ("map_list_to_pairs/3", "map_list_to_pairs(X, [a], _)", 2),
    ("call/1", "call(X)", 0),
    ("call/2", "call(X, _)", 1),
    ("call/3", "call(X, _, _)", 2),
    ("call/4", "call(X, _, _, _)", 3),
    ("call/5", "call(X, _, _, _, _)", 4),
    ("call/6", "call(X, _, _, _, _, _)", 5),
    ("call/7", "call(X, _, _, _, _, _, _)", 6),
    ("call/8", "call(X, _, _, _, _, _, _, _)", 7),
];

/// Control constructs around a goal `X`, and the partial ones call/N completes.
const CONTROL: &[&str] = &[
    "(true, X)",
    "(X, true)",
    "(fail ; X)",
    "(X ; true)",
    "(true -> X)",
    "(true -> X ; true)",
    "(fail -> true ; X)",
    "'*->'(true, X)",
    ";('*->'(X, true), true)",
    "\\+ \\+ X",
    "\\+ (X, fail)",
    "call(','(true), X)",
    "call(;(fail), X)",
    "call(->(true), X)",
    "call(\\+, \\+ X)",
    "call(call, X)",
    "call(once, X)",
    "call(findall(x), X, _)",
    "call(forall(true), X)",
    "call(catch, X, _, true)",
];

/// phrase/2,3 on a grammar body `X`.
const PHRASE: &[&str] = &[
    "phrase(X, [])",
    "phrase(X, [], _)",
    "phrase(X, _, _)",
    "phrase((\"ab\", X), \"ab\", _)",
    "call(phrase, X, [])",
    "call(phrase(X), [], _)",
];

/// Grammar constructs around a grammar body `X`.
const GRAMMAR: &[&str] = &[
    "(X, [])",
    "([], X)",
    "(\"\", X)",
    "(!, X)",
    "(X ; [])",
    "'|'(X, [])",
    "((true -> []) ; X)",
    "phrase(X)",
    "call(phrase(X))",
];

/// Goals passed as data to a meta-predicate that calls them: `X` is called with the
/// extra arguments given (`V` is a variable of its own).
const DATA: &[(&str, usize)] = &[
    ("maplist(call, [X])", 0),
    ("maplist(call, [X], [_])", 1),
    ("maplist(call(call), [X])", 0),
    ("maplist(','(true), [X])", 0),
    ("maplist(once, [X])", 0),
    ("maplist(findall(x), [X], [_])", 0),
    ("include(call, [X], _)", 0),
    ("foldl(call, [X], _, _)", 2),
    ("tfilter(call, [X], _)", 1),
    ("forall(member(V, [X]), V)", 0),
    ("(member(V, [X]), call(V))", 0),
    // bound when it runs, then behind a module in bagof/setof or phrase
    ("(member(V, [X]), bagof(x, mygame:(_^V), _))", 0),
    ("(member(V, [X]), setof(x, user:(_^(hex:V)), _))", 0),
    ("(member(V, [X]), phrase(user:{V}, [], _))", 0),
    ("(member(V, [X]), phrase(mygame:([], {V}), [], _))", 0),
    ("(member(V, [{X}]), phrase(hex:V, [], _))", 0),
];

/// How a form is built around another: the forbidden goal itself, a qualification,
/// call/N, control, a meta-predicate of the tables, a goal passed as data, phrase,
/// bagof/setof, a closure built from a partial goal.
#[derive(Clone, Copy)]
enum Arm {
    Leaf,
    Qualify,
    Call,
    Control,
    Meta,
    Data,
    Phrase,
    Bagof,
    Closure,
}

/// The arms for a goal, each as often as it is picked.
const GOAL_ARMS: &[Arm] = &[
    Arm::Leaf,
    Arm::Qualify,
    Arm::Qualify,
    Arm::Qualify,
    Arm::Call,
    Arm::Control,
    Arm::Control,
    Arm::Control,
    Arm::Meta,
    Arm::Meta,
    Arm::Meta,
    Arm::Meta,
    Arm::Data,
    Arm::Data,
    Arm::Phrase,
    Arm::Phrase,
    Arm::Phrase,
    Arm::Bagof,
    Arm::Bagof,
    Arm::Bagof,
];

/// The arms for a closure (called with more arguments).
const CLOSURE_ARMS: &[Arm] = &[
    Arm::Leaf,
    Arm::Qualify,
    Arm::Qualify,
    Arm::Call,
    Arm::Closure,
    Arm::Closure,
];

/// `X` of `template` replaced by `form`, in parentheses.
fn put(template: &str, form: &str) -> String {
    template.replacen('X', &format!("({form})"), 1)
}

/// The choices that build one case's goal, read in order; past their end every
/// choice is 0, the simplest (so proptest shrinks a case toward the bare forbidden goal).
struct Choices<'a> {
    picks: &'a [u16],
    at: usize,
    /// How many variables the templates have named (V1, V2, ...).
    named: usize,
}

impl Choices<'_> {
    /// A choice among `n`.
    fn pick(&mut self, n: usize) -> usize {
        let c = self.picks.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        usize::from(c) % n
    }

    /// `template` with its `V` a variable no other template uses.
    fn fresh(&mut self, template: &str) -> String {
        self.named += 1;
        template.replace('V', &format!("V{}", self.named))
    }

    fn module(&mut self) -> &'static str {
        MODULES[self.pick(MODULES.len())]
    }

    /// The forbidden goal itself, as a goal called with `k` more arguments; `file` is
    /// the file an open/3 would make.
    fn leaf(&mut self, k: usize, file: &str) -> String {
        let mut forms: Vec<String> = vec!["probe:hit".into(), "call(probe:hit)".into()];
        match k {
            0 => forms.extend([
                "bb_put(probe_hit, yes)".to_string(),
                "sandbox:add_rule_module(probe_made, trusted)".to_string(),
                format!("(open({file}, write, S), close(S))"),
                // reached through a binding made when the goal runs
                "(P = probe, P:hit)".to_string(),
                "(G = probe:hit, G)".to_string(),
                "(G = probe:hit, call(G))".to_string(),
                "(atom_codes(N, \"hit\"), T =.. [N], probe:T)".to_string(),
                "(T =.. [bb_put, probe_hit, yes], call(T))".to_string(),
                "(Q = sandbox, Q:add_rule_module(probe_made, trusted))".to_string(),
                format!("(G = open({file}, write, _), user:G)"),
            ]),
            1 => forms.extend([
                "bb_put(probe_hit)".to_string(),
                "sandbox:add_rule_module(probe_made)".to_string(),
                format!("open({file}, write)"),
            ]),
            2 => forms.push(format!("open({file})")),
            _ => {}
        }
        let i = self.pick(forms.len());
        forms.swap_remove(i)
    }

    /// A goal that runs the forbidden goal when called with `k` more arguments,
    /// wrapped at most `depth` deep.
    fn goal(&mut self, k: usize, depth: u32, file: &str) -> String {
        if depth == 0 {
            return self.leaf(k, file);
        }
        let d = depth - 1;
        let arms = if k == 0 { GOAL_ARMS } else { CLOSURE_ARMS };
        match arms[self.pick(arms.len())] {
            Arm::Leaf => self.leaf(k, file),
            Arm::Qualify => {
                let m = self.module();
                format!("{m}:({})", self.goal(k, d, file))
            }
            Arm::Call => {
                // call/N given j arguments now and k later
                let j = 1 + self.pick(3);
                if j + k > MAX_EXTRA {
                    return self.leaf(k, file);
                }
                format!("call(({}){})", self.goal(j + k, d, file), ", _".repeat(j))
            }
            Arm::Control => match self.pick(4) {
                0 => {
                    let m = self.module();
                    format!("call(:({m}), ({}))", self.goal(0, d, file))
                }
                1 => {
                    let m = self.module();
                    format!("call(:, {m}, ({}))", self.goal(0, d, file))
                }
                2 => {
                    let m = self.module();
                    format!("call({m}:call, ({}))", self.goal(0, d, file))
                }
                _ => {
                    let t = CONTROL[self.pick(CONTROL.len())];
                    put(t, &self.goal(0, d, file))
                }
            },
            Arm::Meta => {
                let (_, t, n) = METAS[self.pick(METAS.len())];
                let t = self.fresh(t);
                put(&t, &self.goal(n, d, file))
            }
            Arm::Data => {
                let (t, n) = DATA[self.pick(DATA.len())];
                let t = self.fresh(t);
                put(&t, &self.goal(n, d, file))
            }
            Arm::Phrase => {
                let t = PHRASE[self.pick(PHRASE.len())];
                put(t, &self.grammar(d, file))
            }
            Arm::Bagof => {
                let name = ["bagof", "setof"][self.pick(2)];
                format!("{name}(x, ({}), _)", self.carets(d, file))
            }
            Arm::Closure => match k {
                // reif's ','/3 and ;/3 given the form as their second closure
                1 => {
                    let t = ["','(=(a, a), X)", ";(=(a, b), X)"][self.pick(2)];
                    put(t, &self.goal(1, d, file))
                }
                // a grammar body is a closure of two arguments
                2 => format!("phrase(({}))", self.grammar(d, file)),
                _ => format!("call(({}))", self.goal(k, d, file)),
            },
        }
    }

    /// A grammar body that runs the forbidden goal: {}, call//1,2, the grammar
    /// constructs around one, strings and [], qualified at any depth.
    fn grammar(&mut self, depth: u32, file: &str) -> String {
        let arms = if depth == 0 { 3 } else { 5 };
        match self.pick(arms) {
            0 => format!("{{{}}}", self.goal(0, depth, file)),
            1 => format!("call({})", self.goal(2, depth, file)),
            2 => format!("call(({}), _)", self.goal(3, depth, file)),
            3 => {
                let t = GRAMMAR[self.pick(GRAMMAR.len())];
                put(t, &self.grammar(depth - 1, file))
            }
            _ => {
                let m = self.module();
                format!("{m}:({})", self.grammar(depth - 1, file))
            }
        }
    }

    /// The goal argument of bagof/setof: V^G and M:G nested around the forbidden goal.
    fn carets(&mut self, depth: u32, file: &str) -> String {
        let arms = if depth == 0 { 2 } else { 4 };
        match self.pick(arms) {
            0 => format!("_^({})", self.goal(0, depth, file)),
            1 => {
                let m = self.module();
                format!("{m}:(_^({}))", self.goal(0, depth, file))
            }
            2 => format!("_^({})", self.carets(depth - 1, file)),
            _ => {
                let m = self.module();
                format!("{m}:({})", self.carets(depth - 1, file))
            }
        }
    }
}

/// One case's goal text, from its choices.
fn goal_text(picks: &[u16], file: &str) -> String {
    Choices {
        picks,
        at: 0,
        named: 0,
    }
    .goal(0, DEPTH, file)
}

/// The machine every batch runs in: the game of `GAME` from disk (checked), the REPL's
/// top level on it, and the harness.
fn machine(dir: &Path) -> RulesEngine {
    // the game from disk loads here, not in a worker process (as tests/repl.rs does);
    // without this the test passed only when another test had said so first
    ludolog::worker::allow_rules_here();
    let path = dir.join("mygame.pl");
    std::fs::write(&path, GAME).unwrap();
    let spec = EngineSpec::new(&path.display().to_string(), GameOptions::default());
    let rules = spec.resolve().expect("the game resolves").rules;
    let mut engine = RulesEngine::new(&rules, RuleOptions::Raw(GameOptions::default()), Tier::Spec)
        .expect("the game loads");
    engine.start_toplevel().expect("the top level starts");
    let probe = RuleFile::embedded(
        "probe",
        "tests/sandbox_probe.pl",
        include_str!("sandbox_probe.pl"),
    );
    engine
        .machine()
        .load_library(&probe)
        .expect("the harness loads");
    engine
}

/// Runs one batch: (refused by the check, ran, and the cases that left a mark).
fn run_batch(engine: &mut RulesEngine, cases: &[(bool, String)]) -> (i64, i64, Vec<String>) {
    let items: Vec<String> = cases
        .iter()
        .map(|(repl, text)| {
            let ctx = if *repl { "repl" } else { "file" };
            format!("c({ctx}, {})", quote_string(text))
        })
        .collect();
    let q = format!("probe:run_cases([{}], {LIMIT}, R).", items.join(","));
    let t = engine.machine().answer(&q, "R").expect("the batch runs");
    let Term::Compound(f, args) = &t else {
        panic!("unexpected report {t:?}")
    };
    assert_eq!((f.as_str(), args.len()), ("report", 3), "{t:?}");
    let escaped = match &args[2] {
        Term::List(items) => items.iter().map(|i| format!("{i:?}")).collect(),
        other => panic!("unexpected escapes {other:?}"),
    };
    (
        term_integer(&args[0]).unwrap_or(-1),
        term_integer(&args[1]).unwrap_or(-1),
        escaped,
    )
}

#[test]
fn no_wrapping_of_a_forbidden_goal_runs_it() {
    let dir = tempfile::tempdir().unwrap();
    let mark = dir.path().join("opened");
    let file = quote_atom(&mark.display().to_string());
    let engine = RefCell::new(machine(dir.path()));

    // the harness sees a forbidden goal that runs (the host's own queries are trusted)
    let t = engine
        .borrow_mut()
        .machine()
        .answer("probe:hit, bb_get(probe_hit, V).", "V")
        .unwrap();
    assert_eq!(t, Term::atom("yes"));

    // a case: whether it is a REPL query (else a rule file's clause), and its choices
    let case = (
        proptest::bool::ANY,
        proptest::collection::vec(any::<u16>(), 0..(3 * DEPTH as usize + 8)),
    );
    let batch = proptest::collection::vec(case, BATCH);
    let batches = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(BATCHES);
    let mut runner = TestRunner::new(Config {
        cases: batches,
        failure_persistence: None,
        ..Config::default()
    });
    let totals = RefCell::new((0i64, 0i64));
    // what escaped in the first batch that failed: once a goal has escaped, the machine
    // holds whatever it left, so the cases proptest shrinks to may fail only after it
    let first = RefCell::new(None);
    let result = runner.run(&batch, |cases| {
        let cases: Vec<(bool, String)> = cases
            .iter()
            .map(|(repl, picks)| (*repl, goal_text(picks, &file)))
            .collect();
        let (refused, ran, escaped) = run_batch(&mut engine.borrow_mut(), &cases);
        let made = std::fs::remove_file(&mark).is_ok();
        let mut t = totals.borrow_mut();
        t.0 += refused;
        t.1 += ran;
        if made || !escaped.is_empty() {
            let what = format!(
                "the forbidden goal ran: {escaped:?}{}",
                if made { " (and a file was opened)" } else { "" }
            );
            first.borrow_mut().get_or_insert_with(|| what.clone());
            return Err(TestCaseError::fail(what));
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!(
            "{e}\nfirst failure: {}",
            first.borrow().clone().unwrap_or_default()
        );
    }
    let (refused, ran) = totals.into_inner();
    let total = refused + ran;
    eprintln!("{total} cases: {refused} refused by the check, {ran} ran (and were refused or failed there)");
    assert!(
        total >= i64::from(batches) * BATCH as i64,
        "{total} cases counted"
    );
    // the check lets a good share through to run, so the run-time checks are tried too
    assert!(ran * 20 > total, "only {ran} of {total} cases ran");
}

/// The generator covers every meta-predicate of the tables.
#[test]
fn the_generator_covers_every_meta_predicate_of_the_tables() {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = machine(dir.path());
    let q = "findall(N-A, (sandbox_lists:meta(H, _), functor(H, N, A)), L).";
    let t = engine.machine().answer(q, "L").unwrap();
    let Term::List(items) = t else {
        panic!("{t:?}")
    };
    let mut covered: Vec<&str> = METAS.iter().map(|m| m.0).collect();
    covered.extend(["phrase/2", "phrase/3", "bagof/3", "setof/3"]);
    assert!(items.len() > 40, "{items:?}");
    for item in items {
        let Term::Compound(_, na) = &item else {
            panic!("{item:?}")
        };
        let name = format!(
            "{}/{}",
            term_text(&na[0]).unwrap_or_default(),
            term_integer(&na[1]).unwrap_or(-1)
        );
        assert!(
            covered.contains(&name.as_str()),
            "the meta-predicate {name} has no case"
        );
    }
}
