//! Search: proven results on small Hex, forced wins, the transposition table does
//! not change scores, moves are always legal, and the Prolog alpha-beta agrees
//! with the native one.

use crate::common;

use ludolog::game::{Game, GameOptions, Limits, SearchSpec, Tier, PROVEN};
use ludolog::games::hex::Hex;
use ludolog::search::{random_playout, Searcher};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn hex(size: usize) -> Hex {
    Hex::from_options(&GameOptions::parse(&[format!("size={size}")]).unwrap()).unwrap()
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn the_first_player_wins_3x3_from_the_centre() {
    let r = Searcher::default().search(&hex(3), depth(9));
    assert!(r.score > PROVEN, "{r:?}");
    assert_eq!(hex(3).move_text(r.best.unwrap()), "b2");
}

#[test]
fn the_first_player_wins_4x4() {
    let r = Searcher::default().search(&hex(4), depth(16));
    assert!(r.score > PROVEN, "{r:?}");
}

#[test]
fn finds_a_win_in_one_and_a_forced_win_in_three() {
    let g = hex(3);
    // red a1 a2, blue b2 c2; red to move: a3 wins at once
    let p = g.parse_position("3x3 r2/rbb/3 red").unwrap();
    let r = Searcher::default().search(&p, depth(3));
    assert_eq!(p.move_text(r.best.unwrap()), "a3");
    assert_eq!(r.verdict().as_deref(), Some("win in 1"));
    // 5x5: red holds b1 b2 b3; b4 then threatens both a5 and b5
    let p = hex(5).parse_position("5x5 1r2b/1r2b/1r2b/5/5 red").unwrap();
    let r = Searcher::default().search(&p, depth(5));
    assert!(r.score > PROVEN, "{r:?}");
    assert_eq!(r.verdict().as_deref(), Some("win in 3"));
}

#[test]
fn the_table_does_not_change_the_score() {
    let mut rng = SmallRng::seed_from_u64(4);
    let mut buf = Vec::new();
    for size in [4, 5] {
        for _ in 0..6 {
            let (plies, _) = random_playout(&hex(size), &mut rng, &mut buf, u64::MAX);
            // a mid-game position
            let mut g = hex(size);
            let mut moves = Vec::new();
            for k in 0..(plies as usize / 2).max(2) {
                g.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[(k * 5 + plies as usize) % moves.len()];
                g.play(m);
            }
            let with = Searcher::default().search(&g, depth(4));
            let without = Searcher::new(0).search(&g, depth(4));
            assert_eq!(with.score, without.score, "{}", g.position_text());
        }
    }
}

#[test]
fn best_moves_are_always_legal() {
    let mut engine = common::engine("hex", "size=6", Tier::Native);
    let mut buf = Vec::new();
    for k in 0..30 {
        let mut g = hex(6);
        for _ in 0..k {
            g.legal_moves(&mut buf);
            if buf.is_empty() {
                break;
            }
            g.play(buf[(k * 7) % buf.len()]);
        }
        let pos = g.position_text();
        let at = engine.parse(&pos).unwrap();
        let info = engine.describe(at).unwrap();
        let b = engine.best(at, SearchSpec::AlphaBeta(depth(2))).unwrap();
        match b.mv {
            Some(m) => assert!(info.legal.contains(&m), "{m} is not legal in {pos}"),
            None => assert!(info.legal.is_empty()),
        }
        let m = engine
            .best(
                at,
                SearchSpec::Mcts {
                    playouts: 200,
                    seed: 3,
                    threads: 1,
                    time: None,
                    rave: false,
                },
            )
            .unwrap();
        if let Some(m) = m.mv {
            assert!(
                info.legal.contains(&m),
                "MCTS chose {m}, not legal in {pos}"
            );
        }
    }
}

#[test]
fn prolog_alpha_beta_agrees_with_the_native_score() {
    let mut native = common::engine("hex", "size=4", Tier::Native);
    let mut spec = common::engine("hex", "size=4", Tier::Spec);
    for pos in [
        "4x4 4/4/4/4 red",
        "4x4 4/1r2/2b1/4 red",
        "4x4 r3/1b2/2r1/3b red", // (blue to move: no game reaches it)
        "4x4 rr2/bb2/4/4 red",
    ] {
        let (pa, pb) = (native.parse(pos).unwrap(), spec.parse(pos).unwrap());
        for d in [1, 2, 3] {
            let a = native.best(pa, SearchSpec::AlphaBeta(depth(d))).unwrap();
            let b = spec.best(pb, SearchSpec::AlphaBeta(depth(d))).unwrap();
            assert_eq!(
                a.score, b.score,
                "depth {d} on {pos}: native {a:?}, prolog {b:?}"
            );
        }
    }
}

#[test]
fn a_rule_file_can_ask_the_native_search() {
    let spec = ludolog::registry::EngineSpec::new("hex", GameOptions::default());
    let mut rules = spec.open_rules(Tier::Accelerated).unwrap();
    let m = rules
        .machine()
        .answer(
            "native:native_best(hex, \"3x3 r2/rbb/3 red\", 3, M0), atom_chars(M, M0).",
            "M",
        )
        .unwrap();
    assert_eq!(m, scryer_prolog::Term::atom("a3"));
    let e = rules
        .machine()
        .answer(
            "catch(native:native_best(hex, \"nonsense\", 3, _), error(E, _), true).",
            "E",
        )
        .unwrap();
    assert!(
        matches!(e, scryer_prolog::Term::Compound(ref f, _) if f == "domain_error"),
        "{e:?}"
    );
}

#[test]
fn mcts_on_a_rule_file_takes_a_win_and_blocks_a_loss_in_both_tiers() {
    // the tree is kept by the host, a node named by its path of move numbers; each
    // playout is one request to the rule file, which plays the path, counts the moves
    // there and plays a random game from it: the same search in both tiers, with the
    // native search's solver
    for tier in ["spec", "accelerated"] {
        for (position, why) in [
            ("7x6 7/7/7/7/7/xxx1ooo x", "x wins at d"),
            ("7x6 7/7/7/7/x6/ooo1xx1 x", "x must block o at d"),
        ] {
            let (code, out, err) = common::run(
                &[
                    "best",
                    "connect_four",
                    position,
                    "--mcts",
                    "1000",
                    "--tier",
                    tier,
                ],
                None,
            );
            assert_eq!(code, 0, "{tier} {why}: {err}");
            assert!(out.starts_with("best:  d\n"), "{tier} {why}: {out}");
        }
        // the solver: once a move is proven to win, the search stops
        let (_, out, _) = common::run(
            &[
                "best",
                "connect_four",
                "7x6 7/7/7/7/7/xxx1ooo x",
                "--mcts",
                "1000",
                "--tier",
                tier,
            ],
            None,
        );
        assert!(
            out.contains("score: +1000") && !out.contains(" 1000 nodes"),
            "{tier}: {out}"
        );
    }
}

#[test]
fn a_tree_search_on_turns_stated_as_data_runs_in_the_host_with_rave_too() {
    // Connect Four states its turns in the board library's words: in the accelerated
    // tier the whole search plays them in the host, every playout asked for is run,
    // and RAVE (a GTP player here) takes the win and blocks the loss as plain UCT does
    let (code, out, err) = common::run(
        &[
            "best",
            "connect_four",
            "--mcts",
            "20000",
            "--tier",
            "accelerated",
            "--threads",
            "2",
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["nodes"], 20000, "{v}");
    assert!(
        ["a", "b", "c", "d", "e", "f", "g"].contains(&v["move"].as_str().unwrap_or("")),
        "{v}"
    );
    for (setup, why) in [
        (
            "play x a\nplay o e\nplay x b\nplay o e\nplay x c\nplay o f",
            "x wins at d",
        ),
        (
            "play x a\nplay o e\nplay x a\nplay o f\nplay x b\nplay o g",
            "x blocks o at d",
        ),
    ] {
        let script = format!("{setup}\ngenmove x\nquit\n");
        let (code, out, err) = common::run(
            &[
                "gtp",
                "connect_four",
                "--player",
                "rave:2000",
                "--tier",
                "accelerated",
            ],
            Some(&script),
        );
        assert_eq!(code, 0, "{why}: {err}");
        assert!(out.contains("= d\n"), "{why}: {out}");
    }
}

#[test]
fn a_time_limit_given_ends_a_tree_search_on_a_rule_file_as_a_whole() {
    // one request a playout, each far under the limit: the limit bounds the search,
    // and the process ends with the error (it once waited on standard output's lock)
    let (code, _, err) = common::run(
        &[
            "best",
            "connect_four",
            "--mcts",
            "100000000",
            "--tier",
            "accelerated",
            "--time-limit",
            "1",
        ],
        None,
    );
    assert_ne!(code, 0, "{err}");
    assert!(
        err.contains("tree search") && err.contains("time limit of 1 s"),
        "{err}"
    );
}

#[test]
fn a_board_handle_a_rule_file_forges_is_never_searched_in_the_host() {
    // turns/3 hands over a board whose host copy is a number the engine never made:
    // the search does not read it, and the rule file's own use of it is its error
    let dir = tempfile::tempdir().expect("a temporary directory");
    let text = std::fs::read_to_string("rules/connect_four.pl").expect("the rule file");
    let forged = text.replacen(
        "turns(connect_four(_, _, Line, P, Board, ongoing), Board, [T, U]) :-",
        "turns(connect_four(_, _, Line, P, board(G, M, C, n(A, _, L, N)), ongoing), \
         board(G, M, C, n(A, 424242, L, N)), [T, U]) :-",
        1,
    );
    assert_ne!(forged, text, "the clause to forge is there");
    let file = dir.path().join("c4.pl");
    std::fs::write(&file, forged).expect("written");
    let file = file.to_string_lossy();
    let (code, _, err) = common::run(
        &["best", &file, "--mcts", "200", "--tier", "accelerated"],
        None,
    );
    assert_ne!(code, 0);
    assert!(
        err.contains("424242 is not a valid board handle of this engine"),
        "{err}"
    );
}
