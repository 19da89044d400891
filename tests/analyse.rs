//! `ludolog analyse`: metrics of games known by hand (Hex 1x1 and 2x2), the same
//! figures on any number of threads and shards, and the charts.

use crate::common;

use common::run;
use serde_json::Value;

fn analyse_json(args: &[&str]) -> Value {
    let mut all = vec!["analyse"];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = run(&all, None);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn hex_one_by_one_is_won_by_the_first_stone_every_time() {
    let v = analyse_json(&[
        "hex",
        "-O",
        "size=1",
        "--games",
        "12",
        "--stronger",
        "none",
        "--players",
        "random,random",
    ]);
    let games = v["results"][0]["lines"][0].as_array().unwrap();
    assert_eq!(games.len(), 12);
    for g in games {
        assert_eq!(g["winner"], 0);
        assert_eq!(g["branching"], serde_json::json!([1]));
        assert_eq!(g["first_move"], "a1");
    }
}

#[test]
fn hex_two_by_two_games_last_three_or_four_plies_with_branching_four_three_two_one() {
    let (code, out, err) = run(
        &[
            "analyse",
            "hex",
            "-O",
            "size=2",
            "--games",
            "60",
            "--stronger",
            "none",
            "--players",
            "random,random",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let v = analyse_json(&[
        "hex",
        "-O",
        "size=2",
        "--games",
        "60",
        "--stronger",
        "none",
        "--players",
        "random,random",
    ]);
    for g in v["results"][0]["lines"][0].as_array().unwrap() {
        let b: Vec<u64> = g["branching"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        // red joins top and bottom with two stones at the earliest (ply 3), blue at ply
        // 4; the board is full at ply 4, and Hex has no draws
        assert!(b == [4, 3, 2] || b == [4, 3, 2, 1], "{b:?}");
        // only red moves at ply 3, only blue at ply 4
        let winner = if b.len() == 3 { 0 } else { 1 };
        assert_eq!(g["winner"], winner, "{g}");
    }
    let row = |label: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(label))
            .map(|l| l[label.len() + 2..].trim().to_string())
            .unwrap_or_else(|| panic!("no {label} row: {out}"))
    };
    assert_eq!(row("draws"), "0%");
    assert_eq!(row("hit the ply cap"), "0%");
    assert_eq!(row("branching: first ply"), "4");
}

#[test]
fn threads_and_shards_give_the_figures_of_one_run() {
    let args = [
        "hex",
        "-O",
        "size=4",
        "--games",
        "20",
        "--players",
        "random,random",
        "--stronger",
        "mcts:50",
    ];
    let whole = analyse_json(&[&args[..], &["--threads", "1"]].concat());
    let threaded = analyse_json(&[&args[..], &["--threads", "3"]].concat());
    assert_eq!(whole["results"], threaded["results"]);
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for k in ["1/3", "2/3", "3/3"] {
        let (code, out, err) = run(
            &[&["analyse"], &args[..], &["--shard", k, "--json"]].concat(),
            None,
        );
        assert_eq!(code, 0, "{err}");
        let f = dir.path().join(format!("shard{}.json", &k[..1]));
        std::fs::write(&f, out).unwrap();
        files.push(f.display().to_string());
    }
    let mut merge = vec!["merge", "--json"];
    merge.extend(files.iter().map(String::as_str));
    let (code, out, err) = run(&merge, None);
    assert_eq!(code, 0, "{err}");
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(merged["results"], whole["results"]);
    // a missing shard is said
    let (code, _, err) = run(&["merge", &files[0], &files[1]], None);
    assert_eq!(code, 1);
    assert!(err.contains("a shard is missing"), "{err}");
}

#[test]
fn variants_side_by_side_with_their_charts() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("plots");
    let svg_text = svg.display().to_string();
    let (code, out, err) = run(
        &[
            "analyse",
            "hex",
            "misere_hex",
            "-O",
            "size=3",
            "--games",
            "30",
            "--players",
            "random,random",
            "--stronger",
            "mcts:200",
            "--svg",
            &svg_text,
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let header = out.lines().find(|l| l.contains("misere_hex")).unwrap();
    assert!(header.contains("hex"), "{out}");
    assert!(
        out.contains("decisiveness: mcts:200 against random"),
        "{out}"
    );
    for game in ["hex", "misere_hex"] {
        for chart in ["lengths", "branching", "first-move"] {
            let path = svg.join(format!("{game}-{chart}.svg"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            roxmltree::Document::parse(&text).unwrap();
        }
        // the map of first moves: a title, what it is of, a colour scale, and on each
        // cell the number of games that began there (30 games in all, 9 cells)
        let text = std::fs::read_to_string(svg.join(format!("{game}-first-move.svg"))).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let texts: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        assert!(
            texts.contains(
                &format!("{game}: how the first player fared after each first move").as_str()
            ),
            "{texts:?}"
        );
        assert!(texts
            .iter()
            .any(|t| t.starts_with("30 games: random (first) against random")));
        assert!(
            texts.contains(&"0%") && texts.contains(&"100%"),
            "{texts:?}"
        );
        let counts: usize = doc
            .descendants()
            .filter(|n| n.attribute("data-cell").is_some())
            .filter_map(|g| g.descendants().find(|t| t.has_tag_name("text")))
            .filter_map(|t| t.text()?.parse::<usize>().ok())
            .sum();
        assert_eq!(counts, 30, "{texts:?}");
    }
    // with 30 random games over 9 first moves, no move has the 10 games a ranking needs
    assert!(out.contains("- (no two moves with 10 games)"), "{out}");
}

#[test]
fn bad_players_are_refused_with_the_reason() {
    let (code, _, err) = run(&["analyse", "hex", "--players", "random"], None);
    assert_eq!(code, 2);
    assert!(err.contains("not a pairing"), "{err}");
    let (_, _, err) = run(&["analyse", "hex", "--players", "human,random"], None);
    assert!(err.contains("computer players only"), "{err}");
    let (_, _, err) = run(&["analyse", "hex", "--stronger", "wizard"], None);
    assert!(err.contains("not a player"), "{err}");
}

#[test]
fn a_game_that_fails_stops_the_run_and_the_games_before_it_are_reported() {
    // three coin flips; play/3 throws on the third tails in a row, which some of the
    // seeded games reach: the run stops there, says why, and reports the games played
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("coins.pl");
    std::fs::write(
        &rules,
        ":- module(coins, [initial/2, to_move/2, legal/2, play/3, outcome/2, position//1, move//1, view/2]).\n\
         :- use_module(library(lists)).\n\
         initial(_, []).\n\
         to_move(S, P) :- length(S, N), ( N mod 2 =:= 0 -> P = a ; P = b ).\n\
         legal(S, M) :- length(S, N), N < 3, member(M, [h, t]).\n\
         play(S, M, [M|S]) :- legal(S, M), ( [M|S] == [t, t, t] -> throw(error(tails_thrice, play/3)) ; true ).\n\
         outcome(S, win(a)) :- length(S, 3).\n\
         position(S) --> { nonvar(S) }, !, \"s\", flips(S).\n\
         position(S) --> \"s\", flips(S).\n\
         flips([]) --> [].\n\
         flips([F|Fs]) --> [F], { member(F, [h, t]) }, flips(Fs).\n\
         move(h) --> \"h\".\n\
         move(t) --> \"t\".\n\
         view(_, view(square, 1, 1, [], [])).\n",
    )
    .unwrap();
    let (code, out, err) = run(
        &[
            "analyse",
            &rules.display().to_string(),
            "--games",
            "40",
            "--threads",
            "1",
            "--stronger",
            "none",
            "--players",
            "random,random",
        ],
        None,
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("tails_thrice"), "{err}");
    let stopped = out
        .lines()
        .find(|l| l.starts_with("stopped early"))
        .unwrap_or_else(|| panic!("no stopped line in {out}"));
    assert!(stopped.contains("of 40 games played"), "{stopped}");
    assert!(out.contains("first player wins"), "{out}");
}
