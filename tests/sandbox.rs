//! The sandbox: each capability an untrusted rule file or REPL query might reach is
//! refused with a clear error, from a rule file and from the REPL, and nothing
//! happens (no file made, no program run, the process lives on); `--trust` lifts it.

use crate::common;

use common::run;
use std::path::Path;

/// The protocol predicates a tiny game needs, after its `initial/2`.
const TAIL: &str = "to_move(s, a).\nlegal(s, m).\nplay(s, m, s).\noutcome(_, _) :- fail.\nevaluate(_, _, 0).\nposition(s) --> \"s\".\nmove(m) --> \"m\".\nview(_, view(square, 1, 1, [], [])).\n";

/// A tiny game whose file has `body` (directives and an `initial/2`) after its module.
fn tiny(dir: &Path, body: &str) -> String {
    let path = dir.join("tiny.pl");
    let text = format!(
        ":- module(tiny, [initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3, position//1, move//1, view/2]).\n{body}{TAIL}"
    );
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Each capability: its name, a rule-file body, a REPL query, and the words of the
/// refusal. `MARK` stands for a file the goal would make.
const CAPABILITIES: &[(&str, &str, &str, &str)] = &[
    (
        "read a file",
        "initial(_, s) :- open('/etc/hostname', read, _).\n",
        "open('/etc/hostname', read, S).",
        "open/3 reads or writes files and directories",
    ),
    (
        "make a file",
        "initial(_, s) :- open('MARK', write, S), close(S).\n",
        "open('MARK', write, S), close(S).",
        "open/3 reads or writes files and directories",
    ),
    (
        "list a directory",
        ":- use_module(library(files)).\ninitial(_, s) :- directory_files(\".\", _).\n",
        "use_module(library(files)), directory_files(\".\", F).",
        "library(files)",
    ),
    (
        "read the environment",
        ":- use_module(library(os)).\ninitial(_, s) :- getenv(\"HOME\", _).\n",
        "os:getenv(\"HOME\", V).",
        "refused by the sandbox",
    ),
    (
        "run a program",
        ":- use_module(library(os)).\ninitial(_, s) :- shell(\"touch MARK\", _).\n",
        "os:shell(\"touch MARK\", S).",
        "refused by the sandbox",
    ),
    (
        "run a program at load time",
        ":- initialization(os:shell(\"touch MARK\", _)).\ninitial(_, s).\n",
        "findall(S, os:shell(\"touch MARK\", S), L).",
        "refused by the sandbox",
    ),
    (
        "open a socket",
        ":- use_module(library(sockets)).\ninitial(_, s) :- socket_server_open('127.0.0.1':0, _).\n",
        "sockets:socket_server_open('127.0.0.1':0, S).",
        "refused by the sandbox",
    ),
    (
        "call a foreign library",
        ":- use_module(library(ffi)).\ninitial(_, s) :- use_foreign_module(\"libc.so.6\", [abort([], void)]), ffi:abort.\n",
        "ffi:use_foreign_module(\"libc.so.6\", [abort([], void)]).",
        "refused by the sandbox",
    ),
    (
        "stop the program",
        "initial(_, s) :- halt(7).\n",
        "catch(halt(300), _, true).",
        "halt/1 stops the program",
    ),
    (
        "load another file",
        "initial(_, s) :- consult('/etc/passwd').\n",
        "consult('/etc/passwd').",
        "loads code from outside the rules being loaded",
    ),
    (
        // a library predicate the game imports (hex.pl imports library(error)) is no
        // predicate of the game's own: its goal would run unchecked
        "run a goal through a library predicate the game imports",
        ":- use_module(library(error)).\ninitial(_, s) :- call_with_error_context((open('MARK', write, S), close(S)), a-b).\n",
        "call_with_error_context((open('MARK', write, S), close(S)), a-b).",
        "call_with_error_context/2 is neither defined in the rules nor a predicate known to be safe",
    ),
    (
        "change the host",
        "initial(_, s) :- assertz(host:held(1, s)).\n",
        "assertz(host:held(1, s)).",
        "which is not this rule file's",
    ),
];

#[test]
fn every_capability_is_refused_from_a_rule_file_and_nothing_happens() {
    for (what, body, _, words) in CAPABILITIES {
        let dir = tempfile::tempdir().unwrap();
        let mark = dir.path().join("made");
        let body = body.replace("MARK", &mark.display().to_string());
        let file = tiny(dir.path(), &body);
        let (code, _, err) = run(&["moves", &file], None);
        assert_eq!(code, 1, "{what}: {err}");
        assert!(err.contains(words), "{what}: expected {words:?} in {err}");
        assert!(
            err.contains("tiny.pl"),
            "{what}: the file is not named: {err}"
        );
        assert!(!mark.exists(), "{what}: the refused goal made a file");
    }
}

#[test]
fn every_capability_is_refused_from_the_repl_and_the_session_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mark = dir.path().join("made");
    let mut input = String::new();
    for (_, _, query, _) in CAPABILITIES {
        input.push_str(&query.replace("MARK", &mark.display().to_string()));
        input.push('\n');
    }
    input.push_str("X is 6 * 7.\n");
    let (code, out, err) = run(&["repl", "hex"], Some(&input));
    // with piped input, a session in which errors happened ends with 1
    assert_eq!(code, 1, "{out}{err}");
    let refusals = err.matches("refused by the sandbox").count();
    assert_eq!(refusals, CAPABILITIES.len(), "{err}");
    for (what, _, _, words) in CAPABILITIES {
        assert!(err.contains(words), "{what}: expected {words:?} in {err}");
    }
    assert!(out.contains("X = 42"), "the session did not go on: {out}");
    assert!(!mark.exists(), "a refused query made a file");
}

#[test]
fn a_rules_directory_cannot_replace_the_host_or_take_its_module_names() {
    let dir = tempfile::tempdir().unwrap();
    let lib = dir.path().join("lib");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::copy("rules/hex.pl", dir.path().join("hex.pl")).unwrap();
    std::fs::write(
        lib.join("host.pl"),
        ":- module(host, []).\n:- initialization(halt(9)).\n",
    )
    .unwrap();
    let d = dir.path().display().to_string();
    let (code, out, err) = run(&["moves", "hex", "--rules", &d, "-O", "size=2"], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("legal (4)"), "{out}");
    for module in ["host", "lists", "sandbox"] {
        let path = dir.path().join(format!("{module}.pl"));
        std::fs::write(&path, format!(":- module({module}, []).\nfoo.\n")).unwrap();
        let (code, _, err) = run(&["moves", &path.display().to_string()], None);
        assert_eq!(code, 1, "{module}: {err}");
        assert!(
            err.contains(&format!("the module name `{module}` is taken")),
            "{err}"
        );
    }
}

#[test]
fn trust_lifts_the_sandbox_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mark = dir.path().join("made");
    let body = format!(
        "initial(_, s) :- open('{}', write, S), close(S).\n",
        mark.display()
    );
    let file = tiny(dir.path(), &body);
    let (code, _, err) = run(&["moves", &file, "--trust"], None);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("--trust: the sandbox is off"), "{err}");
    assert!(mark.exists(), "--trust did not let the rule file write");
}

/// Defence in depth: with the Prolog-level check turned off (a test build's
/// environment variable), the operating system still refuses what a rule file or a
/// REPL query asks for — no file written, no program run, no socket, no secret read —
/// and the session goes on.
#[test]
fn the_operating_system_refuses_what_the_prolog_check_would() {
    let dir = tempfile::tempdir().unwrap();
    let mark = dir.path().join("made");
    let mark_text = mark.display().to_string();
    let run_off = |args: &[&str], input: Option<&str>| {
        let mut child = std::process::Command::new(common::bin())
            .args(args)
            .env("LUDOLOG_TEST_PROLOG_SANDBOX_OFF", "1")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(input.unwrap_or("").as_bytes()).unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    };
    // the REPL's engine process
    let input = format!(
        "open('{mark_text}', write, S).\n\
         use_module(library(os)), shell(\"touch {mark_text}\", St).\n\
         use_module(library(sockets)), socket_server_open('127.0.0.1':0, S).\n\
         open('/etc/hostname', read, S).\n\
         X is 6 * 7.\n"
    );
    let text = run_off(&["repl", "hex"], Some(&input));
    assert_eq!(text.matches("not allowed to open").count(), 3, "{text}");
    assert!(text.contains("X = 42"), "the session did not go on: {text}");
    assert!(
        !text.contains("refused by the sandbox"),
        "the Prolog check ran: {text}"
    );
    // a rule file run by a command, in the process itself
    let file = tiny(
        dir.path(),
        &format!("initial(_, s) :- open('{mark_text}', write, S), close(S).\n"),
    );
    let text = run_off(&["moves", &file], None);
    assert!(text.contains("not allowed to open"), "{text}");
    let file = tiny(
        dir.path(),
        &format!(
            ":- use_module(library(os)).\ninitial(_, s) :- shell(\"touch {mark_text}\", 0).\n"
        ),
    );
    let text = run_off(&["moves", &file], None);
    assert!(text.contains("initial/2 fails"), "{text}");
    assert!(!mark.exists(), "a file was made");
}

/// What the sandbox allows, a rule file may use: clpz with its operators (declared by
/// the library as the file is read), dif/2, reif's if_/3, lists and a DCG with {}//1.
#[test]
fn a_rule_file_may_use_the_safe_libraries_with_their_operators() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("clp.pl");
    std::fs::write(
        &path,
        ":- module(clp, [initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3, position//1, move//1, view/2]).\n\
         :- use_module(library(clpz)).\n:- use_module(library(lists)).\n\
         :- use_module(library(dif)).\n:- use_module(library(reif)).\n\
         initial(_, s).\nto_move(s, a).\n\
         legal(s, m(X)) :- X in 1..3, X #\\= 2, label([X]), dif(X, 9), if_(X = 1, true, true).\n\
         play(s, m(_), s).\noutcome(_, _) :- fail.\nevaluate(_, _, 0).\n\
         position(s) --> \"s\".\n\
         move(m(X)) --> \"m\", [C], { member(X-C, [1-'1', 2-'2', 3-'3']) }.\n\
         view(_, view(square, 1, 1, [], [])).\n",
    )
    .unwrap();
    let (code, out, err) = run(&["moves", &path.display().to_string()], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("legal (2): m1 m3"), "{out}");
}

/// A copy of the built-in rules directory, given with `--rules`, plays as the built-in
/// rules do in the rule tiers: its board libraries come from disk and are checked,
/// and their calls into their own embedded accelerators are part of the rules.
#[test]
fn the_rules_directory_itself_loads_with_rules() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules");
    let cases: &[(&str, &[&str], &str)] = &[
        ("hex", &["-O", "size=3"], "spec"),
        ("hex", &["-O", "size=3"], "accelerated"),
        (
            "contactix",
            &["-O", "cols=3", "-O", "rows=2"],
            "accelerated",
        ),
        ("y", &["-O", "size=3"], "spec"),
        ("replica", &[], "spec"),
        ("tactigon", &[], "spec"),
    ];
    for (game, options, tier) in cases {
        let mut args = vec!["perft", game, "--depth", "2", "--tier", tier];
        args.extend_from_slice(options);
        let (code, builtin, err) = run(&args, None);
        assert_eq!(code, 0, "{args:?}: {err}");
        args.extend_from_slice(&["--rules", dir]);
        let (code, from_disk, err) = run(&args, None);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(from_disk, builtin, "{args:?}");
    }
}

#[test]
fn clauses_apart_are_noted_unless_declared_discontiguous_before_them() {
    // foo/1's clauses are apart (initial/2 between them): noted, as they all count;
    // a declaration before the first clause is the file saying so, and silences
    // the note; one after them comes too late for them, and does not
    let split = "foo(1).\ninitial(_, s).\nfoo(2).\n";
    for (before, after, noted) in [
        ("", "", true),
        (":- discontiguous(foo/1).\n", "", false),
        ("", ":- discontiguous(foo/1).\n", true),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let file = tiny(dir.path(), &format!("{before}{split}{after}"));
        let (code, _, err) = run(&["moves", &file], None);
        assert_eq!(code, 0, "{err}");
        let note = err.contains("foo/1: its clauses are not together");
        assert_eq!(note, noted, "{before:?} {after:?}: {err}");
    }
}

#[test]
fn every_kind_of_layout_keeps_the_lines_a_refusal_names() {
    // the sandbox reads a file's terms with scryer's own skipping of layout: block
    // comments over lines, a comment's characters in quotes and in 0'c, a term that
    // starts with /, two terms on a line; each keeps its line, and a refused goal
    // after them is named at its own
    let body = "/* a block\n   over lines, with % and 'quotes' */\n\
                pct('%', \"/* no comment */\", 0'%).   % a comment after a term\n\
                /(x, y). slash(1).\n\
                \n\
                %% initial(+Options, -State)\n\
                initial(_, s) :-\n    open('/etc/hostname', read, _).\n";
    let dir = tempfile::tempdir().unwrap();
    let file = tiny(dir.path(), body);
    let (code, _, err) = run(&["moves", &file], None);
    assert_ne!(code, 0, "{err}");
    // the module is line 1, the block comment 2-3, pct/3 4, / and slash 5, the
    // initial/2 clause 8, its open/3 goal 9
    assert!(err.contains("tiny.pl:9"), "{err}");
    assert!(err.contains("open/3"), "{err}");
    // without the refused goal the same layout loads, and every term is there
    let body = body.replace(
        "open('/etc/hostname', read, _)",
        "pct(A, B, C), A == '%', B == \"/* no comment */\", C == 37, slash(1), '/'(x, y)",
    );
    let file = tiny(dir.path(), &body);
    let (code, out, err) = run(&["moves", &file], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("legal (1): m"), "{out}");
}

#[test]
fn the_sandbox_reads_each_term_at_its_own_line_through_any_layout() {
    // the lines the sandbox read, as its note on clauses apart says them: a clause
    // after a block comment on the comment's last line, CRLF line ends, tabs, a
    // comment's characters in quotes and in 0'c, an empty comment before a clause
    let body = "/* a\n block */ foo(1).\r\n\tbar('%', 0'%, \"/*\").\r\n% c\r\n/**/\tfoo(2).\ninitial(_, s).\n";
    let dir = tempfile::tempdir().unwrap();
    let file = tiny(dir.path(), body);
    let (code, _, err) = run(&["moves", &file], None);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("foo/1: its clauses are not together (lines 3 and 6)"),
        "{err}"
    );
}

#[test]
fn a_text_that_ends_in_a_slash_or_an_opened_comment_is_refused_checked_or_trusted() {
    // scryer's skipping of layout takes a / or /* at the very end for the end of the
    // text, its loader does not: both are refused, at their place, either way
    for (end, words) in [("/*", "never closed"), ("/", "a term cut short")] {
        let dir = tempfile::tempdir().unwrap();
        let file = tiny(dir.path(), "initial(_, s).\n");
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::write(&file, format!("{text}{end}")).unwrap();
        let last = text.lines().count() + 1;
        for trust in [false, true] {
            let mut args = vec!["moves", file.as_str()];
            if trust {
                args.push("--trust");
            }
            let (code, _, err) = run(&args, None);
            assert_ne!(code, 0, "{end:?} {trust}: {err}");
            assert!(
                err.contains(&format!("tiny.pl:{last}:1:")),
                "{end:?} {trust}: {err}"
            );
            assert!(err.contains(words), "{end:?} {trust}: {err}");
        }
    }
}
