//! The REPL backend driven without a terminal: transcripts of queries (0, 1 and
//! many answers), every command, and every error case, as insta snapshots.

mod common;

use ludolog::game::GameOptions;
use ludolog::registry::EngineSpec;
use ludolog::repl::{Reply, Session};

/// Runs inputs through a session and writes what a person would see; `;` after
/// an answer asks for the next one.
fn transcript(game: &str, options: &[&str], inputs: &[&str]) -> String {
    let spec = EngineSpec::new(game, GameOptions::parse(options).unwrap());
    let mut s = Session::new(spec).unwrap();
    let mut out = String::new();
    for input in inputs {
        out.push_str(&format!("?- {input}\n"));
        let mut reply = s.eval(input);
        loop {
            match reply {
                Reply::Quit => {
                    out.push_str("(quit)\n");
                    break;
                }
                Reply::Text(t) => {
                    if !t.is_empty() {
                        out.push_str(&t);
                        out.push('\n');
                    }
                    break;
                }
                Reply::Answer { output, text, more } => {
                    out.push_str(&output);
                    if more {
                        out.push_str(&format!("{text} ;\n"));
                        reply = s.next_answer().expect("another answer");
                    } else {
                        out.push_str(&format!("{text}.\n"));
                        break;
                    }
                }
            }
        }
    }
    out
}

#[test]
fn queries_with_no_one_and_many_answers() {
    insta::assert_snapshot!(transcript(
        "hex",
        &["size=2"],
        &[
            "current(S), outcome(S, O).",
            "current(S), to_move(S, P).",
            "current(S), legal(S, M).",
            "findall(M, (current(S), legal(S, M)), Ms), length(Ms, N).",
            "current(S), play(S, place(0,0), T), play(T, place(1,0), U), play(U, place(0,1), V), outcome(V, O).",
            "X = \"text\", Y = 'an atom', Z = [1,2|T].",
            "format(\"printed~n\", []), X = 1.",
            "true.",
            "phrase(move(M), \"b2\").",
        ],
    ));
}

#[test]
fn every_command() {
    insta::assert_snapshot!(transcript(
        "hex",
        &["size=3"],
        &[
            ":help",
            ":help play",
            ":moves",
            ":play b2 a1",
            ":board",
            ":position",
            ":undo",
            ":undo 5",
            ":position 3x3 r2/rbb/3 red",
            ":best 3",
            ":play a3",
            ":moves",
            ":tier spec",
            ":tier accelerated",
            ":game hex size=2",
            ":load rules/hex.pl",
            ":reload",
            ":quit",
        ],
    ));
}

#[test]
fn every_error_keeps_the_session() {
    insta::assert_snapshot!(transcript(
        "hex",
        &["size=3"],
        &[
            ":play b2",
            "X = f(Y.",
            "foo(X).",
            "atom_length(X, 3).",
            "throw(my_ball).",
            "length(L, L).",
            "repeat, fail.",
            "between(1, inf, X).",
            ":play b2",
            ":play zz",
            ":play",
            ":undo many",
            ":position 9x9 nonsense",
            ":game chess",
            ":game hex size=99",
            ":tier quantum",
            ":load /no/such/rules.pl",
            ":fly",
            ":position",
        ],
    ));
}

#[test]
fn the_binary_with_piped_input() {
    let bin = env!("CARGO_BIN_EXE_ludolog");
    let input = "current(S), to_move(S, P).\nbetween(1, 3, X).\n:play b2\nfindall(M, (current(S),\n  legal(S, M)), Ms).\nfoo(\n";
    let mut child = std::process::Command::new(bin)
        .args(["repl", "hex", "-O", "size=3"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    insta::assert_snapshot!(String::from_utf8_lossy(&out.stdout));
}

#[test]
fn the_binary_honours_the_inference_limit() {
    let (code, out, err) = common::run(
        &["repl", "hex", "-O", "size=3", "--inference-limit", "1000"],
        Some("repeat, fail.\nX = 1.\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("inference limit of 1000"), "{out}");
    assert!(out.contains("X = 1."), "the session goes on: {out}");
}
