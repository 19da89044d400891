//! `check --against`: an external engine that speaks the engine protocol, checked
//! against ludolog's tiers of Hex — a faithful one agrees, one with the wrong
//! diagonal is caught and shrunk, and engines that cannot play say why.  The
//! example engine is Python: without python3 the test says SKIPPED.

use crate::common;

use std::process::Command;

const ENGINE: &str = "python3 examples/engines/hex_engine.py";

fn python() -> bool {
    let found = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("SKIPPED: python3 is not on this machine (the example engine is Python)");
    }
    found
}

#[test]
fn the_example_engine_agrees_and_a_wrong_diagonal_is_found() {
    if !python() {
        return;
    }
    for tier in ["native", "spec"] {
        let (code, out, err) = common::run(
            &[
                "check",
                "hex",
                "-O",
                "size=3",
                "--tier",
                tier,
                "--against",
                ENGINE,
                "--games",
                "10",
                "--perft",
                "2",
            ],
            None,
        );
        assert_eq!(code, 0, "{tier}: {out}\n{err}");
        assert!(
            out.contains("hex_engine.py (external)") && out.contains("mismatches   0"),
            "{out}"
        );
    }
    let buggy = Command::new(common::bin())
        .args([
            "check",
            "hex",
            "-O",
            "size=4",
            "--against",
            ENGINE,
            "--games",
            "50",
        ])
        .env("HEX_ENGINE_BUG", "diagonal")
        .output()
        .expect("ludolog runs");
    let (code, out, err) = (
        buggy.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&buggy.stdout).into_owned(),
        String::from_utf8_lossy(&buggy.stderr).into_owned(),
    );
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.contains("MISMATCH after"), "{out}");
    assert!(out.contains("outcome in hex_engine.py (external)"), "{out}");
}

#[test]
fn engines_that_cannot_play_say_why() {
    if !python() {
        return;
    }
    let refused = |args: &[&str], words: &str| {
        let (code, out, err) = common::run(args, None);
        assert_eq!(code, 1, "{args:?}: {out}");
        assert!(err.contains(words), "{args:?}: {err}");
    };
    refused(
        &["check", "replica", "--against", ENGINE],
        "does not play replica",
    );
    refused(
        &["check", "hex", "-O", "swap=true", "--against", ENGINE],
        "without the pie rule",
    );
    refused(
        &["check", "hex", "--against", "no-such-engine-program"],
        "cannot start",
    );
    refused(
        &["check", "hex", "--against", "python3 -c pass"],
        "the engine stopped",
    );
    // an answer without end is cut off at the cap, not read into memory whole
    let dir = tempfile::tempdir().unwrap();
    let flood = dir.path().join("flood.py");
    std::fs::write(
        &flood,
        "import sys\nsys.stdin.readline()\nsys.stdout.write('x' * (20 << 20))\nsys.stdout.flush()\n",
    )
    .unwrap();
    let flood = format!("python3 {}", flood.display());
    refused(
        &["check", "hex", "--against", &flood],
        "with a line longer than 16 MB",
    );
    refused(
        &[
            "check",
            "hex",
            "--against",
            ENGINE,
            "--tiers",
            "spec,native",
        ],
        "--against checks one tier",
    );
}

#[test]
fn ludolog_speaks_the_protocol_and_a_mutant_behind_it_is_caught() {
    // no Python needed: `ludolog engine` is the engine, any tier, any rule file
    let bin = common::bin();
    let bin = bin.to_str().expect("a path in UTF-8");
    for game in ["hex", "replica"] {
        let engine = format!("{bin} engine {game} --tier spec");
        let (code, out, err) = common::run(
            &[
                "check",
                game,
                "--against",
                &engine,
                "--games",
                "3",
                "--max-plies",
                "40",
            ],
            None,
        );
        assert_eq!(code, 0, "{game}: {out}\n{err}");
        assert!(
            out.contains(&format!("ludolog {game} (spec) (external)")),
            "{out}"
        );
        assert!(out.contains("mismatches   0"), "{out}");
    }
    // an engine that drops one kind of move (Hex's column a) in every position
    let (dir, _) = common::mutant(
        "hex",
        "size=3",
        "hex.pl",
        "    hexgrid:empty_cell(Board, C, R).",
        "    hexgrid:empty_cell(Board, C, R), C > 0.",
    );
    let engine = format!(
        "{bin} engine hex --tier spec --rules {}",
        dir.path().display()
    );
    let (code, out, err) = common::run(
        &[
            "check",
            "hex",
            "-O",
            "size=3",
            "--against",
            &engine,
            "--games",
            "5",
        ],
        None,
    );
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(
        out.contains("MISMATCH after 0 moves: legal moves differ"),
        "{out}"
    );
    assert!(out.contains("only in hex (native): a1 a2 a3"), "{out}");
}

#[test]
fn perft_counts_through_an_external_engine() {
    let bin = common::bin();
    let engine = format!("{} engine hex --tier spec", bin.to_str().expect("UTF-8"));
    let (code, out, err) = common::run(
        &[
            "perft",
            "hex",
            "-O",
            "size=3",
            "--depth",
            "4",
            "--against",
            &engine,
        ],
        None,
    );
    assert_eq!((code, out.trim()), (0, "3024"), "{err}");
    let (code, _, err) = common::run(
        &[
            "perft",
            "hex",
            "3x3 3/3/3 red",
            "--depth",
            "2",
            "--against",
            &engine,
        ],
        None,
    );
    assert_eq!(code, 1);
    assert!(err.contains("counts from the start"), "{err}");
}

#[test]
fn threads_and_shards_each_run_their_own_engine_process() {
    let bin = common::bin();
    let engine = format!("{} engine hex --tier spec", bin.to_str().expect("UTF-8"));
    let args = [
        "check",
        "hex",
        "-O",
        "size=3",
        "--against",
        &engine,
        "--games",
        "6",
    ];
    let (code, out, err) = common::run(&[&args[..], &["--threads", "2"]].concat(), None);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("games        6") && out.contains("mismatches   0"),
        "{out}"
    );
    let (code, out, err) = common::run(&[&args[..], &["--shard", "2/3"]].concat(), None);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("shard 2/3: games 2 to 3 of 6"), "{out}");
}

#[test]
fn a_rule_file_from_disk_is_checked_on_threads_each_with_its_engine_process() {
    // the rule file confines the thread that loads it; the engine processes must
    // all be started before, or the worker threads could start none
    let bin = common::bin();
    let engine = format!("{} engine hex --tier native", bin.to_str().expect("UTF-8"));
    let (code, out, err) = common::run(
        &[
            "check",
            "rules/hex.pl",
            "-O",
            "size=3",
            "--against",
            &engine,
            "--games",
            "8",
            "--threads",
            "2",
        ],
        None,
    );
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("games        8") && out.contains("mismatches   0"),
        "{out}"
    );
}

/// Compiles the C example engine into `dir` (with `defines`); `None` on a machine
/// without a C compiler (said loudly).  Where `cc` runs, a failure to compile the
/// example is a failure of the example, and fails the test.
fn compile_c_engine(dir: &std::path::Path, name: &str, defines: &[&str]) -> Option<String> {
    let has_cc = Command::new("cc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_cc {
        eprintln!("SKIPPED: no C compiler (cc) to build examples/engines/c/tic_tac_toe.c");
        return None;
    }
    let out = dir.join(name);
    let built = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&out)
        .args(defines)
        .arg("examples/engines/c/tic_tac_toe.c")
        .output()
        .expect("cc runs");
    assert!(
        built.status.success(),
        "examples/engines/c/tic_tac_toe.c does not compile with {defines:?}:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    Some(out.display().to_string())
}

#[test]
fn the_c_example_engine_agrees_and_its_planted_bug_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let Some(engine) = compile_c_engine(dir.path(), "ttt", &[]) else {
        return;
    };
    common::check_agrees(&["tic_tac_toe", "--against", &engine, "--games", "200"]);
    let Some(buggy) = compile_c_engine(dir.path(), "ttt_bug", &["-DTTT_BUG"]) else {
        return;
    };
    let (code, out, _) = common::run(
        &[
            "check",
            "tic_tac_toe",
            "--against",
            &buggy,
            "--games",
            "200",
        ],
        None,
    );
    assert_eq!(code, 1, "{out}");
    // the forgotten diagonal a3-b2-c1 needs x on all three: five moves at the least
    assert!(
        out.contains("MISMATCH after 5 moves: outcome differs"),
        "{out}"
    );
}

#[test]
fn an_engine_knows_a_rule_file_from_disk_by_its_module_name_not_its_path() {
    // a copy of Hex's rule file under another module name, outside the tree
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("rules/hex.pl").unwrap().replacen(
        ":- module(hex,",
        ":- module(my_hex,",
        1,
    );
    let file = dir.path().join("my_hex.pl");
    std::fs::write(&file, text).unwrap();
    let file = file.display().to_string();
    let bin = common::bin();
    // `ludolog engine` says it plays my_hex, and check asks for my_hex
    let engine = format!("{} engine {file} --tier spec", bin.to_str().expect("UTF-8"));
    let (code, out, _) = common::run(&["engine", &file], Some("{\"op\":\"hello\"}\n"));
    assert_eq!(code, 0);
    assert!(out.contains("\"games\":[\"my_hex\"]"), "{out}");
    let (code, out, err) = common::run(
        &[
            "check",
            &file,
            "-O",
            "size=3",
            "--against",
            &engine,
            "--games",
            "4",
            "--threads",
            "1",
        ],
        None,
    );
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("mismatches   0"), "{out}");
}

#[test]
fn new_carries_every_option_with_its_default_filled_in() {
    if !python() {
        return;
    }
    // an engine that refuses every game, saying which options it was sent
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("options.py");
    std::fs::write(
        &file,
        "import json, sys\n\
         for line in sys.stdin:\n\
         \x20   r = json.loads(line)\n\
         \x20   if r['op'] == 'hello':\n\
         \x20       print(json.dumps({'protocol': 1, 'name': 'o', 'games': ['hex']}), flush=True)\n\
         \x20   else:\n\
         \x20       print(json.dumps({'error': json.dumps(r.get('options'), sort_keys=True)}), flush=True)\n",
    )
    .unwrap();
    let engine = format!("python3 {}", file.display());
    let (code, _, err) = common::run(&["check", "hex", "--against", &engine], None);
    assert_eq!(code, 1);
    assert!(err.contains(r#"{"size": 11, "swap": false}"#), "{err}");
    let (_, _, err) = common::run(
        &["check", "hex", "-O", "size=4", "--against", &engine],
        None,
    );
    assert!(err.contains(r#"{"size": 4, "swap": false}"#), "{err}");
}

#[test]
fn a_new_game_with_the_same_options_starts_afresh_and_other_options_open_their_game() {
    // the second `new` reuses the loaded rules; the game it starts is a new one
    let requests = [
        r#"{"op":"new","game":"hex","options":{"size":"3"}}"#,
        r#"{"op":"play","move":"b2"}"#,
        r#"{"op":"new","game":"hex","options":{"size":"3"}}"#,
        r#"{"op":"state"}"#,
        r#"{"op":"new","game":"hex","options":{"size":"4"}}"#,
        r#"{"op":"state"}"#,
    ]
    .join("\n");
    let (code, out, err) = common::run(&["engine", "hex", "--tier", "spec"], Some(&requests));
    assert_eq!(code, 0, "{err}");
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), 6, "{out}");
    assert!(
        answers[3].contains("\"b2\""),
        "b2 is free again: {}",
        answers[3]
    );
    assert_eq!(answers[3].matches("\"a").count(), 3, "3x3: {}", answers[3]);
    assert_eq!(answers[5].matches("\"a").count(), 4, "4x4: {}", answers[5]);
}
