//! Many machines, tried locally: the shards of a check or a perft, merged by
//! `ludolog merge`, give exactly the report of one run — for Hex and Replica, with
//! and without a mismatch.

use crate::common;

use std::path::Path;

/// Runs the binary; gives its standard output, which must come with `code`.
fn run(args: &[&str], code: i32) -> String {
    let (got, out, err) = common::run(args, None);
    assert_eq!(got, code, "{args:?}: {out}{err}");
    out
}

/// The JSON of a run, without what differs between one run and its merged shards
/// (times, how many shards, which shard found the mismatch).
fn report(json: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(json).expect("json");
    let o = v.as_object_mut().expect("an object");
    for key in [
        "seconds_a",
        "wall_seconds",
        "seconds_b",
        "seconds",
        "nodes_per_second",
        "threads",
        "shards",
        "mismatch_shard",
    ] {
        o.remove(key);
    }
    v
}

/// Runs `args` whole, and as `n` shards merged; gives the two reports and the
/// merged one as `ludolog merge` prints it.
fn whole_and_merged(dir: &Path, args: &[&str], n: usize, code: i32) -> (String, String, String) {
    let mut whole = args.to_vec();
    whole.extend(["--json", "--threads", "1"]);
    let one = run(&whole, code);
    let mut files = Vec::new();
    for k in 1..=n {
        let shard = format!("{k}/{n}");
        let mut part = whole.clone();
        part.extend(["--shard", &shard]);
        let out = common::run(&part, None).1;
        let file = dir.join(format!("{}-{k}.json", args[0]));
        std::fs::write(&file, out).expect("write a shard");
        files.push(file.display().to_string());
    }
    let mut merge = vec!["merge"];
    merge.extend(files.iter().map(String::as_str));
    let text = run(&merge, code);
    merge.push("--json");
    (one, run(&merge, code), text)
}

#[test]
fn check_shards_merge_into_the_single_run() {
    let dir = tempfile::tempdir().expect("a temp dir");
    for (args, n) in [
        (
            &[
                "check", "hex", "-O", "size=4", "--games", "7", "--perft", "2",
            ][..],
            3,
        ),
        (
            &["check", "replica", "--games", "3", "--max-plies", "60"][..],
            2,
        ),
    ] {
        let (one, merged, text) = whole_and_merged(dir.path(), args, n, 0);
        assert_eq!(report(&one), report(&merged), "{args:?}");
        assert!(text.starts_with(&format!("merged {n} shards\n")), "{text}");
        let v: serde_json::Value = serde_json::from_str(&merged).expect("json");
        assert_eq!(v["shards"], n);
        assert_eq!(v["shard"], "1/1");
    }
}

#[test]
fn the_first_mismatch_of_the_shards_is_the_single_runs() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let rules = dir.path().join("rules");
    std::fs::create_dir(&rules).expect("a rules dir");
    let hex = std::fs::read_to_string("rules/hex.pl").expect("hex.pl");
    let mutant = hex.replacen(
        "player(red, r, vertical).",
        "player(red, r, horizontal).",
        1,
    );
    std::fs::write(rules.join("hex.pl"), mutant).expect("write the mutant");
    let rules = rules.display().to_string();
    // with seed 7 and uniform play (no sweep before the games) the mutant passes
    // shard 1's games (0-2) and fails game 4, in shard 2; shards 3 and 4 find
    // mismatches of their own, later ones, which the merge drops
    let args = [
        "check",
        "hex",
        "-O",
        "size=4",
        "--rules",
        &rules,
        "--games",
        "12",
        "--seed",
        "7",
        "--strategy",
        "uniform",
        "--sweep",
        "0",
    ];
    let (one, merged, text) = whole_and_merged(dir.path(), &args, 4, 1);
    let single: serde_json::Value = serde_json::from_str(&one).expect("json");
    assert!(single["mismatch"].is_object(), "{one}");
    assert_eq!(
        (&single["mismatch_game"], &single["games"]),
        (&4.into(), &5.into())
    );
    assert_eq!(report(&one), report(&merged));
    let m: serde_json::Value = serde_json::from_str(&merged).expect("json");
    assert_eq!(m["mismatch_shard"], "2/4");
    for k in [3, 4] {
        let text =
            std::fs::read_to_string(dir.path().join(format!("check-{k}.json"))).expect("a shard");
        let part: serde_json::Value = serde_json::from_str(&text).expect("json");
        assert!(
            part["mismatch"].is_object(),
            "shard {k}/4 has a mismatch of its own"
        );
    }
    assert!(
        text.starts_with("merged 4 shards; the mismatch is from shard 2/4, game 4\n"),
        "{text}"
    );
    assert!(text.contains("MISMATCH after"), "{text}");
}

#[test]
fn perft_shards_add_up_to_the_single_count() {
    let dir = tempfile::tempdir().expect("a temp dir");
    for (args, n, nodes) in [
        (
            &[
                "perft", "hex", "-O", "size=3", "--depth", "5", "--tier", "spec",
            ][..],
            3,
            15120,
        ),
        (
            &[
                "perft", "hex", "-O", "size=4", "--depth", "4", "--tier", "native",
            ][..],
            5,
            43680,
        ),
        (
            &["perft", "replica", "--depth", "3", "--tier", "native"][..],
            4,
            78561,
        ),
        (
            &["perft", "replica", "--depth", "2", "--tier", "spec"][..],
            2,
            1849,
        ),
    ] {
        let (one, merged, text) = whole_and_merged(dir.path(), args, n, 0);
        assert_eq!(report(&one), report(&merged), "{args:?}");
        assert_eq!(text.trim(), nodes.to_string(), "{args:?}");
    }
}

#[test]
fn merge_refuses_what_is_not_one_whole_run() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let file = |name: &str, args: &[&str]| {
        let path = dir.path().join(name);
        std::fs::write(&path, run(args, 0)).expect("write");
        path.display().to_string()
    };
    let a = file(
        "a.json",
        &[
            "perft", "hex", "-O", "size=3", "--depth", "3", "--shard", "1/3", "--json",
        ],
    );
    let b = file(
        "b.json",
        &[
            "perft", "hex", "-O", "size=3", "--depth", "3", "--shard", "3/3", "--json",
        ],
    );
    let c = file(
        "c.json",
        &[
            "perft", "hex", "-O", "size=3", "--depth", "4", "--shard", "2/3", "--json",
        ],
    );
    let (code, _, err) = common::run(&["merge", &a, &b], None);
    assert_eq!((code, err.trim()), (1, "error: shard 2/3 is missing"));
    let (code, _, err) = common::run(&["merge", &a, &b, &c], None);
    assert_eq!(code, 1);
    assert!(
        err.contains("c.json: not the same run as") && err.contains("to depth 4"),
        "{err}"
    );
    let (code, _, err) = common::run(&["merge", &a, &a], None);
    assert_eq!(code, 1);
    assert!(err.contains("shard 1/3 is given twice"), "{err}");
}

/// Shard files edited by hand (or by someone else) are refused with a clear error,
/// never added in: counts that overflow, games a shard cannot have played, ranges
/// that are not the shard's, shard numbers no run has (no allocation by them).
#[test]
fn merge_refuses_shards_that_do_not_add_up() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let write = |name: &str, v: &serde_json::Value| {
        let path = dir.path().join(name);
        std::fs::write(&path, v.to_string()).expect("write a shard");
        path.display().to_string()
    };
    let shard =
        |args: &[&str]| -> serde_json::Value { serde_json::from_str(&run(args, 0)).expect("json") };
    let merge = |files: &[String]| {
        let mut args = vec!["merge"];
        args.extend(files.iter().map(String::as_str));
        let (code, out, err) = common::run(&args, None);
        assert_eq!(code, 1, "{args:?}: {out}");
        err
    };
    // perft: two halves of 2^63 nodes each
    let mut p1 = shard(&[
        "perft", "hex", "-O", "size=3", "--depth", "2", "--shard", "1/2", "--json",
    ]);
    let mut p2 = shard(&[
        "perft", "hex", "-O", "size=3", "--depth", "2", "--shard", "2/2", "--json",
    ]);
    p1["nodes"] = (1u64 << 63).into();
    p2["nodes"] = (1u64 << 63).into();
    let err = merge(&[write("p1.json", &p1), write("p2.json", &p2)]);
    assert!(err.contains("does not fit in a 64-bit count"), "{err}");
    // perft: a shard number no run has, huge or zero
    for (index, count) in [(1u64, 100_000_000u64), (1, u64::MAX), (0, 2), (3, 2)] {
        p1["shard"] = format!("{index}/{count}").into();
        let err = merge(&[write("p1.json", &p1)]);
        assert!(
            err.contains("is missing")
                || err.contains("no shard of a run")
                || err.contains("broken"),
            "{index}/{count}: {err}"
        );
    }
    // check: a shard that claims more games than its range, and one whose range is not its own
    let args = ["check", "hex", "-O", "size=3", "--games", "4", "--json"];
    let part = |k: &str| {
        let mut a = args.to_vec();
        a.extend(["--shard", k]);
        shard(&a)
    };
    let (c1, c2) = (part("1/2"), part("2/2"));
    let mut greedy = c1.clone();
    greedy["games"] = 100_000.into();
    let err = merge(&[write("c1.json", &greedy), write("c2.json", &c2)]);
    assert!(err.contains("claims 100000 games over its 2"), "{err}");
    let mut overlapping = c2.clone();
    overlapping["game_range"] = serde_json::json!([1, 4]);
    let err = merge(&[write("c1.json", &c1), write("c2.json", &overlapping)]);
    assert!(err.contains("plays games 2..4, not 1..4"), "{err}");
    let mut reversed = c2.clone();
    reversed["game_range"] = serde_json::json!([4, 2]);
    let err = merge(&[write("c1.json", &c1), write("c2.json", &reversed)]);
    assert!(err.contains("not 4..2"), "{err}");
    let mut wrapping = c1.clone();
    wrapping["positions"] = (u64::MAX).into();
    let err = merge(&[write("c1.json", &wrapping), write("c2.json", &c2)]);
    assert!(err.contains("does not fit"), "{err}");
    // and the honest shards still merge
    let (code, out, err) = common::run(
        &["merge", &write("c1.json", &c1), &write("c2.json", &c2)],
        None,
    );
    assert_eq!(code, 0, "{out}{err}");
}
