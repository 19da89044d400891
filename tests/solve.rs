//! `ludolog solve`: values a person can check by hand or by minimax, in the native
//! and rule tiers alike, the map of openings, and budgets that run out.

use crate::common;

use common::run;

/// The report without its last line (the search's speed, which varies).
fn steady(out: &str) -> String {
    out.lines()
        .filter(|l| !l.starts_with("search:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_opening_of_hex_three_by_three() {
    // the Hex knowledge settles the start at once: red's b2 bridges to both edges
    let (code, out, err) = run(&["solve", "hex", "-O", "size=3", "--openings"], None);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(steady(&out));
    // plain search proves the same by 143 positions (the proof the search found: 130
    // while each player's question was searched apart; a disproof of blue's win now
    // serves as red's proof, and another winning reply is counted)
    let (code, plain, err) = run(
        &["solve", "hex", "-O", "size=3", "--openings", "--plain"],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let proof_free = |o: &str| {
        steady(o)
            .lines()
            .filter(|l| !l.starts_with("proof:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(proof_free(&plain), proof_free(&out));
    assert!(plain.contains("proof:  143 positions\n"), "{plain}");
}

#[test]
fn the_rule_tiers_prove_what_the_native_tier_proves() {
    // after red's a1: blue wins with b2 alone, loses with the seven others (from the
    // start, the rule tiers take 6 s each on this machine; from here 2)
    let args = [
        "solve",
        "hex",
        "-O",
        "size=3",
        "--after",
        "a1",
        "--openings",
        "--json",
    ];
    let native = run(&args, None);
    for tier in ["spec", "accelerated"] {
        let rules = run(&[&args[..], &["--tier", tier]].concat(), None);
        assert_eq!(rules.0, 0, "{}", rules.2);
        let (a, b): (serde_json::Value, serde_json::Value) = (
            serde_json::from_str(&native.1).unwrap(),
            serde_json::from_str(&rules.1).unwrap(),
        );
        assert_eq!(a["value"], b["value"], "{tier}");
        assert_eq!(a["moves"], b["moves"], "{tier}");
        assert!(
            b["engine"].as_str().unwrap().contains(tier),
            "{}",
            b["engine"]
        );
    }
}

#[test]
fn con_tac_tix_one_column_is_lost_and_one_row_won() {
    let (_, out, _) = run(
        &["solve", "contactix", "-O", "cols=1", "-O", "rows=3"],
        None,
    );
    assert!(
        out.contains("value:  loss for red: every move loses"),
        "{out}"
    );
    let (_, out, _) = run(
        &["solve", "contactix", "-O", "cols=4", "-O", "rows=1"],
        None,
    );
    assert!(out.contains("value:  win for red"), "{out}");
    assert!(out.contains("move:   A1 wins"), "{out}");
}

#[test]
fn a_position_text_is_solved_for_its_side_to_move_as_alpha_beta_finds() {
    // blue to move against one red stone on b1: alpha-beta to the end says b2 wins
    let (_, best, _) = run(&["best", "hex", "3x3 1r1/3/3 blue", "--depth", "9"], None);
    assert!(
        best.contains("best:  b2") && best.contains("win in"),
        "{best}"
    );
    let (code, out, err) = run(&["solve", "hex", "3x3 1r1/3/3 blue", "--openings"], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("blue to move"), "{out}");
    assert!(out.contains("value:  win for blue"), "{out}");
    assert!(out.contains("win:    b2\n"), "{out}");
}

#[test]
fn a_budget_that_runs_out_says_unknown_and_what_was_proved() {
    let (code, out, err) = run(&["solve", "hex", "-O", "size=7", "--nodes", "2000"], None);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        out.contains("value:  unknown within the budget: the budget of 2000 positions ran out"),
        "{out}"
    );
    assert!(!out.contains("proof:"), "{out}");
    let (code, out, _) = run(&["solve", "hex", "-O", "size=7", "--time", "200ms"], None);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("the time (0.2 s) ran out"), "{out}");
}

#[test]
fn a_table_larger_than_the_memory_limit_is_refused_before_it_is_made() {
    let (code, _, err) = run(
        &[
            "solve",
            "hex",
            "-O",
            "size=2",
            "--memory",
            "4096",
            "--memory-limit",
            "1024",
        ],
        None,
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("a table of 4096 MB does not fit under the memory limit of 1024 MB"),
        "{err}"
    );
    let (code, _, err) = run(&["solve", "hex", "--memory", "0"], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a table size in MB"), "{err}");
    let (_, _, err) = run(&["solve", "hex", "--time", "forever"], None);
    assert!(err.contains("`forever` is not a time"), "{err}");
}

#[test]
fn the_map_of_openings_paints_each_cell_by_its_value() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("openings.svg");
    let path_text = path.display().to_string();
    let (code, out, err) = run(
        &[
            "solve",
            "hex",
            "-O",
            "size=3",
            "--openings",
            "--svg",
            &path_text,
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wrote "), "{out}");
    let svg = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let fill_of = |cell: &str| {
        doc.descendants()
            .find(|n| n.attribute("data-cell") == Some(cell))
            .and_then(|g| g.descendants().find_map(|p| p.attribute("fill")))
            .unwrap()
            .to_string()
    };
    // the centre wins, the acute corner a1 loses
    assert_eq!(fill_of("b2"), "#5aae61");
    assert_eq!(fill_of("a1"), "#d6604d");
    // a title, the position and its value, and a key to the colours
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    for said in [
        "hex: the value of each move for red",
        "3x3 3/3/3 red",
        "proved: red, to move, wins",
        "wins",
        "loses",
        "not proved",
    ] {
        assert!(texts.contains(&said), "{said}: {texts:?}");
    }
}

#[test]
fn a_replica_race_of_two_kings_is_won_by_the_side_to_move_as_alpha_beta_finds() {
    // the kings on their home corners: the first to stand next to the other takes it
    let race = "7B/8/8/8/8/8/8/W7 white";
    let (code, out, err) = run(&["solve", "replica", race], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:  win for white"), "{out}");
    assert!(out.contains("move:   a1-b2 wins"), "{out}");
    let (_, best, _) = run(&["best", "replica", race, "--depth", "15"], None);
    assert!(
        best.contains("best:  a1-b2") && best.contains("win in"),
        "{best}"
    );
}

#[test]
fn a_tactigon_gold_cell_ending_is_lost_for_the_side_that_cannot_hold_both() {
    // red's circle holds the gold cell 15; a triangle one step from the other
    // (61) takes it, and blue's pentagon cannot attack a triangle
    let (code, out, err) = run(&["solve", "tactigon", "2/4C4/10/2P5p2/4T5/9/2 red"], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("move:   49-61 wins"), "{out}");
    // without the triangle, blue to move still loses: every one of its 36 moves
    let (code, out, err) = run(
        &[
            "solve",
            "tactigon",
            "2/4C4/10/2P5p2/10/9/2 blue",
            "--openings",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:  loss for blue"), "{out}");
    let losses = out
        .lines()
        .find_map(|l| l.strip_prefix("loss:   "))
        .unwrap_or_default();
    assert_eq!(losses.split(' ').count(), 36, "{out}");
    assert!(!out.contains("win:"), "{out}");
}

#[test]
fn a_mitsudomoe_race_home_is_won_by_black_with_the_moves_alpha_beta_finds() {
    // black has two balls on its goal (a1, b1) and the third on d2; white's third
    // ball is on b3
    let race = "3,wW,wW/5/1,wW,3/3,bB,1/bB,bB,3 black supply=5,5";
    let (code, out, err) = run(&["solve", "mitsudomoe", race, "--openings"], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:  win for black"), "{out}");
    assert!(out.contains("win:    +c1/d2-c1 +c2/d2-c2\n"), "{out}");
    let (_, best, _) = run(&["best", "mitsudomoe", race, "--depth", "5"], None);
    assert!(best.contains("win in"), "{best}");
}

#[test]
fn a_tic_tac_toe_position_with_wins_and_draws_among_its_moves_keeps_its_draws() {
    // one question settles a position only while every leaf was a won game: here
    // some lines end full, so a disproof of o's win is no proof of x's
    let (code, out, err) = run(
        &["solve", "tic_tac_toe", "xo1/1x1/o2 x", "--openings"],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value:  win for x\n"), "{out}");
    assert!(out.contains("win:    c1 a2 c2\n"), "{out}");
    assert!(out.contains("draw:   b1 c3\n"), "{out}");
}

#[test]
fn turns_stated_as_data_are_solved_in_the_host_as_the_rule_file_plays_them() {
    // the accelerated tier walks Tic-tac-toe's turns natively; the spec tier asks the
    // rule file position by position: the same values, moves and proof
    let report = |tier: &str| {
        let (code, out, err) = run(
            &[
                "solve",
                "tic_tac_toe",
                "--after",
                "b2",
                "--openings",
                "--tier",
                tier,
            ],
            None,
        );
        assert_eq!(code, 0, "{tier}: {err}");
        steady(&out).replace(&format!("({tier})"), "(TIER)")
    };
    let accelerated = report("accelerated");
    assert!(
        accelerated.contains("draw:   a1 c1 a3 c3\n"),
        "{accelerated}"
    );
    assert!(
        accelerated.contains("proof:  291 positions"),
        "{accelerated}"
    );
    assert_eq!(accelerated, report("spec"));
}
