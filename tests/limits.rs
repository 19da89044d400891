//! The limits every Prolog engine runs under, tried as an attacker would: a built-in
//! that allocates without counting inferences, a bignum that takes minutes, a loop at
//! load time, a `legal/2` that never ends under perft and search.  Each must end
//! within 15 s with the message of its limit (and how to raise it), the process
//! family must stay below the memory limit, and the REPL must go on after it.

mod common;

use common::run;
use nix::sys::resource::{getrusage, UsageWho};
use std::time::{Duration, Instant};

/// A tiny game whose `legal/2` runs `goal` first.
fn game_with_legal(dir: &std::path::Path, goal: &str) -> String {
    let text = format!(
        ":- module(bomb, [initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3, position//1, move//1, view/2]).\n\
         :- use_module(library(lists)).\n\
         initial(_, s).\nto_move(s, a).\nlegal(s, m) :- {goal}.\nplay(s, m, s).\n\
         outcome(_, _) :- fail.\nevaluate(_, _, 0).\nposition(s) --> \"s\".\nmove(m) --> \"m\".\n\
         view(_, view(square, 1, 1, [], [])).\nloop :- loop.\n"
    );
    let path = dir.join("bomb.pl");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Runs ludolog and checks it ended in time; gives its exit code and all it printed.
fn bounded(args: &[&str], stdin: Option<&str>) -> (i32, String) {
    let start = Instant::now();
    let (code, out, err) = run(args, stdin);
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(15),
        "ludolog {args:?} took {took:?}: {out}{err}"
    );
    (code, format!("{out}{err}"))
}

/// The largest resident size of any finished child process so far, in MB.
fn children_peak_mb() -> i64 {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap();
    usage.max_rss() / 1024
}

/// Runs the cases on two threads, as cargo runs tests: each case is one ludolog
/// process on one core, so the bombs take half the time side by side.
fn side_by_side(cases: Vec<Box<dyn FnOnce() + Send + '_>>) {
    let queue = std::sync::Mutex::new(cases);
    let next = || queue.lock().unwrap().pop();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(case) = next() {
                    case();
                }
            });
        }
    });
}

/// A query at the REPL stops, says which limit stopped it, and the session goes on.
fn repl_bomb(query: &str, mb: &str, seconds: &str, words: &str) {
    let input = format!("{query}\nX is 6 * 7.\n");
    let (code, text) = bounded(
        &["repl", "hex", "--memory-limit", mb, "--time-limit", seconds],
        Some(&input),
    );
    assert_eq!(code, 1, "{query}: {text}");
    assert!(text.contains(words), "{query}: expected {words:?}: {text}");
    assert!(
        text.contains("X = 42"),
        "{query}: the session did not go on: {text}"
    );
    assert!(!text.contains("panicked"), "{query}: {text}");
}

/// A rule file whose `legal/2` runs `goal` stops `command` with the limit's message
/// and how to raise it (`flag`).
fn file_bomb(dir: &std::path::Path, (goal, command, flag, seconds): (&str, &str, &str, &str)) {
    let sub = tempfile::tempdir_in(dir).unwrap();
    let file = game_with_legal(sub.path(), goal);
    let mut args = vec![command, file.as_str(), "--time-limit", seconds];
    if command != "moves" {
        args.extend(["--depth", "1"]);
    }
    let (code, text) = bounded(&args, None);
    assert_ne!(code, 0, "{goal} under {command}: {text}");
    assert!(
        text.contains(flag),
        "{goal} under {command}: expected {flag}: {text}"
    );
    assert!(
        !text.contains("host:request"),
        "{goal}: an internal term: {text}"
    );
    assert!(!text.contains("panicked"), "{goal}: {text}");
}

/// A file that loops at load time stops `command` too.
fn load_bomb(looping: &str, command: &str) {
    let (code, text) = bounded(&[command, looping], None);
    assert_ne!(code, 0, "{command}: {text}");
    assert!(
        text.contains("initialization/1") || text.contains("inference limit"),
        "{command}: {text}"
    );
}

#[test]
fn every_bomb_stops_at_its_limit_in_time_and_below_it() {
    let dir = tempfile::tempdir().unwrap();
    // the REPL: each bomb stops, says which limit, and the session goes on
    // (query, memory limit, time limit, the limit that stops it): the 30 million
    // inferences of `repeat, fail` take about 2 s on a loaded 2-core machine, so its
    // time limit leaves the inference limit to stop it first, and a memory bomb's
    // leaves the memory limit (numlist/3 took 2 s to 256 MB on a slow machine)
    let repl_bombs = [
        ("length(L, 300000000).", "2048", "30", "memory limit"),
        ("X is 1 << (1 << 40).", "2048", "30", "memory limit"),
        ("numlist(1, 50000000, L).", "256", "30", "memory limit"),
        ("X is 7^7^7^7.", "2048", "2", "time limit"),
        ("repeat, fail.", "2048", "12", "inference limit"),
        // one evaluation of SWI-Prolog's run-time functions that runs on
        (
            "X is powm(3, 2^(10^6), 2^(10^6)+1).",
            "2048",
            "2",
            "time limit",
        ),
    ];
    // a rule file: the command stops with the limit's message and how to raise it
    // (the goal, the command, the limit that stops it, and the time limit: out of
    // the way of the others, which took past 2 s on a loaded machine)
    let file_bombs = [
        ("length(_, 300000000)", "moves", "--memory-limit", "30"),
        ("X is 7^7^7^7, X > 0", "moves", "--time-limit", "2"),
        ("loop", "moves", "--inference-limit", "30"),
        ("loop", "perft", "--inference-limit", "30"),
        ("loop", "best", "--inference-limit", "30"),
    ];
    // a loop at load time stops too, in every command that loads the file
    let looping = dir.path().join("init.pl");
    let text = std::fs::read_to_string(game_with_legal(dir.path(), "true"))
        .unwrap()
        .replace(
            ":- use_module(library(lists)).",
            ":- use_module(library(lists)).\n:- initialization(loop).",
        );
    std::fs::write(&looping, text).unwrap();
    let looping = looping.display().to_string();
    let mut cases: Vec<Box<dyn FnOnce() + Send>> = Vec::new();
    for (query, mb, seconds, words) in repl_bombs {
        cases.push(Box::new(move || repl_bomb(query, mb, seconds, words)));
    }
    for bomb in file_bombs {
        let dir = dir.path();
        cases.push(Box::new(move || file_bomb(dir, bomb)));
    }
    for command in ["moves", "lint", "render"] {
        let looping = looping.as_str();
        cases.push(Box::new(move || load_bomb(looping, command)));
    }
    side_by_side(cases);
    // no process of all these held more than the largest limit given (2048 MB)
    let peak = children_peak_mb();
    assert!(peak < 2048 + 64, "a child process reached {peak} MB");
}
