//! Threads give the same results as one thread: perft totals, and check reports
//! (positions, verdicts, the first mismatch shrunk to the same moves), in the rule
//! tiers (one Prolog engine per thread) and natively.

use crate::common;

use ludolog::check::{compare, compare_games, CheckConfig, CheckReport};
use ludolog::game::{Engine, GameOptions, Tier};
use ludolog::registry::EngineSpec;

fn spec(game: &str, options: &str, tier: Tier) -> EngineSpec {
    let opts: Vec<&str> = options.split_whitespace().collect();
    EngineSpec {
        tier: Some(tier),
        ..EngineSpec::new(game, GameOptions::parse(&opts).expect("options"))
    }
}

/// A report as JSON, without the times (which differ from run to run).
fn counts(r: &CheckReport) -> serde_json::Value {
    let mut v = serde_json::to_value(r).expect("json");
    for key in ["seconds_a", "seconds_b", "wall_seconds"] {
        v.as_object_mut().expect("an object").remove(key);
    }
    v
}

/// The check of `a` against `b` on one thread, and on `threads` threads.
fn one_and_many(
    a: &EngineSpec,
    b: &EngineSpec,
    config: &CheckConfig,
    threads: usize,
) -> (CheckReport, CheckReport) {
    let open =
        || -> anyhow::Result<(Box<dyn Engine>, Box<dyn Engine>)> { Ok((a.open()?, b.open()?)) };
    let (mut ea, mut eb) = open().expect("the engines open");
    let one = compare(ea.as_mut(), eb.as_mut(), config).expect("the check runs");
    let many = compare_games(
        ea.as_mut(),
        eb.as_mut(),
        &open,
        config,
        0..config.games,
        threads,
    )
    .expect("the check runs on threads");
    (one, many)
}

fn config(games: usize, max_plies: usize, perft_depth: Option<u32>) -> CheckConfig {
    CheckConfig {
        games,
        max_plies,
        seed: 4,
        perft_depth,
        progress: false,
        strategy: ludolog::check::Strategy::Uniform,
        sweep: 0,
    }
}

#[test]
fn a_check_on_threads_is_the_check_on_one() {
    let c = config(12, 1000, Some(2));
    let (one, many) = one_and_many(
        &spec("hex", "size=5", Tier::Spec),
        &spec("hex", "size=5", Tier::Native),
        &c,
        3,
    );
    assert!(
        one.mismatch.is_none() && one.games == 12 && one.perft_positions == 10,
        "{one:?}"
    );
    assert_eq!(counts(&one), counts(&many));
    let (one, many) = one_and_many(
        &spec("replica", "", Tier::Spec),
        &spec("replica", "", Tier::Native),
        &config(6, 60, None),
        2,
    );
    assert!(one.positions > 100, "{one:?}");
    assert_eq!(counts(&one), counts(&many));
}

#[test]
fn threads_find_and_shrink_the_first_mismatch_as_one_thread_does() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let hex = std::fs::read_to_string("rules/hex.pl").expect("hex.pl");
    let mutant = hex.replacen(
        "player(red, r, vertical).",
        "player(red, r, horizontal).",
        1,
    );
    std::fs::write(dir.path().join("hex.pl"), mutant).expect("write the mutant");
    let a = EngineSpec {
        rules: Some(dir.path().to_path_buf()),
        ..spec("hex", "size=5", Tier::Spec)
    };
    let b = spec("hex", "size=5", Tier::Native);
    let (one, many) = one_and_many(&a, &b, &config(20, 1000, None), 2);
    assert!(one.mismatch.is_some(), "the mutant is caught");
    assert_eq!(counts(&one), counts(&many));
    assert_eq!(one.mismatch_game, many.mismatch_game);
}

/// `ludolog perft` with these arguments, on `threads` threads.
fn perft(args: &[&str], threads: &str) -> String {
    let mut all = vec!["perft"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--threads", threads]);
    let (code, out, err) = common::run(&all, None);
    assert_eq!(code, 0, "{all:?}: {err}");
    out.trim().to_string()
}

#[test]
fn perft_on_threads_counts_what_one_thread_counts() {
    for (args, nodes) in [
        (
            &["hex", "-O", "size=3", "--depth", "5", "--tier", "spec"][..],
            "15120",
        ),
        (
            &["hex", "-O", "size=4", "--depth", "5", "--tier", "native"][..],
            "524160",
        ),
        (
            &["replica", "--depth", "3", "--tier", "native"][..],
            "78561",
        ),
        (
            &["mitsudomoe", "--depth", "3", "--tier", "native"][..],
            "6287",
        ),
        // the workers play with the record's options (6x6 with swap), not the command's
        (
            &[
                "hex",
                "--record",
                "tests/data/records/hexgui.sgf",
                "--ply",
                "0",
                "--depth",
                "3",
                "--tier",
                "spec",
            ][..],
            "44100",
        ),
    ] {
        assert_eq!(perft(args, "1"), nodes, "{args:?}");
        assert_eq!(perft(args, "3"), nodes, "{args:?} on 3 threads");
    }
}

#[test]
fn mcts_on_threads_plays_every_playout_and_repeats_itself() {
    let run = || {
        common::run(
            &[
                "best",
                "hex",
                "-O",
                "size=5",
                "--mcts",
                "2001",
                "--threads",
                "3",
                "--json",
            ],
            None,
        )
    };
    let (code, out, err) = run();
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["nodes"], 2001);
    assert!(v["move"].is_string(), "{v}");
    let (_, again, _) = run();
    let w: serde_json::Value = serde_json::from_str(&again).expect("json");
    assert_eq!((&v["move"], &v["score"]), (&w["move"], &w["score"]));
}
