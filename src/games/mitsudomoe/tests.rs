//! Unit tests of native Mitsudomoe: the start position's 9 turns of the rules text, and
//! hand-built positions for vaults, relocations, frozen balls and the end-of-turn checks.

use super::*;

const START: &str = "3,bB,bB/4,bB/5/wW,4/wW,wW,3 white supply=5,5";

fn pos(text: &str) -> Mitsudomoe {
    start().parse_position(text).unwrap()
}

fn moves(g: &Mitsudomoe) -> Vec<String> {
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    buf.iter().map(|&m| g.move_text(m)).collect()
}

fn has(g: &Mitsudomoe, m: &str) -> bool {
    moves(g).iter().any(|x| x == m)
}

fn after(g: &Mitsudomoe, m: &str) -> Mitsudomoe {
    let mut g = g.clone();
    let mv = g.parse_move(m).unwrap();
    g.play(mv);
    g
}

/// The reason `m` is refused, as its term's text (rules/mitsudomoe.pl words it).
fn illegal(g: &Mitsudomoe, m: &str) -> String {
    match g.parse_move(m) {
        Err(EngineError::Illegal(why)) => why.to_string(),
        other => panic!("{m}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn the_start_has_the_9_turns_of_the_rules_text() {
    let g = start();
    assert_eq!(g.position_text(), START);
    let expected =
        "+a3/a1-a3 +a3/a2-a3 +b2/a1-b2 +b2/a2-b2 +b2/b1-b2 +b3/a2-b3 +c1/a1-c1 +c1/b1-c1 +c2/b1-c2";
    assert_eq!(moves(&g).join(" "), expected);
    assert_eq!(g.outcome(), None);
    assert_eq!(pos(START).outcome(), None);
}

#[test]
fn black_has_the_9_mirrored_turns_after_a_white_turn() {
    let g = after(&start(), "+a3/a1-a3");
    assert_eq!(
        g.position_text(),
        "3,bB,bB/4,bB/wW,4/wW,4/w,wW,3 black supply=4,5"
    );
    let expected =
        "+c4/d5-c4 +c5/d5-c5 +c5/e5-c5 +d3/e4-d3 +d4/d5-d4 +d4/e4-d4 +d4/e5-d4 +e3/e4-e3 +e3/e5-e3";
    assert_eq!(moves(&g).join(" "), expected);
}

#[test]
fn random_games_list_moves_in_text_order_and_keep_their_hash() {
    use rand::{rngs::SmallRng, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(7);
    let mut buf = Vec::new();
    for _ in 0..20 {
        let mut g = start();
        for _ in 0..60 {
            g.legal_moves(&mut buf);
            let texts: Vec<String> = buf.iter().map(|&x| g.move_text(x)).collect();
            let mut sorted = texts.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(texts, sorted);
            let fresh = pos(&g.position_text());
            assert_eq!(fresh.hash(), g.hash());
            assert_eq!(fresh.position_text(), g.position_text());
            let Some(mv) = g.random_legal(&mut rng, &mut buf) else {
                break;
            };
            assert_eq!(g.parse_move(&g.move_text(mv)), Ok(mv));
            g.play(mv);
        }
    }
}

#[test]
fn a_vault_over_own_and_opponent_balls_relocates_the_opponent_ball() {
    // a3 vaults east over b3 (white) and c3 (black) onto d3; the black ball goes to b5 or e2
    let g = pos("1,b,2,bB/4,bB/wW,wW,bB,w,1/4,b/wW,4 white supply=4,3");
    assert!(has(&g, "+c1/a3-d3;b5"));
    assert!(has(&g, "+c1/a3-d3;e2"));
    assert!(!has(&g, "+c1/a3-d3;c3"));
    assert!(!has(&g, "+c1/a3-d3"));
    // a white ring on e2 leaves b5 the only free square topped by a black ring
    assert!(has(&g, "+e2/a3-d3;b5"));
    assert!(!has(&g, "+e2/a3-d3;e2"));
    let next = after(&g, "+c1/a3-d3;e2");
    assert_eq!(
        next.position_text(),
        "1,b,2,bB/4,bB/w,wW,b,wW,1/4,bB/wW,1,w,2 black supply=3,3"
    );
    assert_eq!(illegal(&g, "+c1/a3-d3;c3"), "targets_unmoved");
    assert_eq!(illegal(&g, "+c1/a3-d3"), "targets_missing(black)");
}

#[test]
fn a_second_relocated_ball_may_land_where_the_first_stood() {
    // c1 vaults north over the black balls on c2 and c3 onto c4; a5 is the only free
    // black ring: the outcomes are {a5, c2} and {a5, c3} (one ball to a5, the other
    // onto the square it vacated), never {c2, c3}
    let g = pos("b,3,bB/2,w,2/2,bB,2/wW,1,bB,2/wW,1,wW,2 white supply=4,4");
    let vaults: Vec<String> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("+e1/c1-c4"))
        .collect();
    assert_eq!(vaults, ["+e1/c1-c4;a5,c2", "+e1/c1-c4;a5,c3"]);
    let next = after(&g, "+e1/c1-c4;a5,c3");
    assert_eq!(
        next.position_text(),
        "bB,3,bB/2,wW,2/2,bB,2/wW,1,b,2/wW,1,w,1,w black supply=3,4"
    );
    // a white ring on a5 leaves no free black ring: no vault at all
    assert!(!moves(&g).iter().any(|m| m.starts_with("+a5/c1-c4")));
}

#[test]
fn a_vault_whose_balls_cannot_be_relocated_is_illegal() {
    let g = pos("4,bB/4,bB/2,w,2/wW,1,bB,2/wW,1,wW,2 white supply=4,5");
    assert!(!moves(&g).iter().any(|m| m.contains("c1-c3")));
    assert_eq!(illegal(&g, "+e1/c1-c3;e1"), "no_relocation(black)");
}

#[test]
fn a_ring_move_uncovers_the_ring_below() {
    // d1 holds a black ring under a white one: moving the white ring away frees d1 for
    // the black ball vaulted over
    let g = pos("4,bB/4,bB/2,w,2/wW,1,bB,2/wW,1,wW,bw,1 white supply=3,4");
    assert!(has(&g, "d1>e1/c1-c3;d1"));
    assert!(!moves(&g).iter().any(|m| m.starts_with("+e1/c1-c3")));
    let next = after(&g, "d1>e1/c1-c3;d1");
    assert_eq!(
        next.position_text(),
        "4,bB/4,bB/2,wW,2/wW,1,b,2/wW,1,w,bB,w black supply=3,4"
    );
}

#[test]
fn a_ring_moves_onto_a_stack() {
    let g = pos("4,bB/3,bB,1/2,wW,1,bB/1,b,1,wW,1/wW,3,w white supply=4,4");
    let next = after(&g, "e1>b2/a1-b2");
    assert_eq!(
        next.position_text(),
        "4,bB/3,bB,1/2,wW,1,bB/1,bwW,1,wW,1/w,4 black supply=4,4"
    );
    assert_eq!(illegal(&g, "b2>c2/a1-b1"), "top_ring(b2,black,white)");
    assert_eq!(illegal(&g, "a1>c2/c3-c2"), "rings_covered(a1)");
}

#[test]
fn a_ball_on_its_goal_is_frozen_and_cannot_be_vaulted() {
    let white = pos("2,bB,wW,b/3,w,1/2,bB,2/1,wW,2,bB/wW,4 white supply=4,4");
    assert!(!moves(&white).iter().any(|m| m.contains("/d5-")));
    assert!(has(&white, "+a3/b2-a3"));
    assert_eq!(illegal(&white, "+a5/d5-d4"), "home_ball(white,d5)");
    let black = pos("2,bB,wW,b/3,w,1/2,bB,2/1,wW,2,bB/wW,4 black supply=4,4");
    assert!(!has(&black, "+a5/c5-e5"));
    assert!(has(&black, "+b5/c5-b5"));
    assert_eq!(illegal(&black, "+a5/c5-e5"), "shielded(white,d5)");
}

#[test]
fn filling_ones_own_home_loses() {
    let g = pos("2,bB,2/5/3,bB,bB/wW,4/wW,w,wW,2 white supply=4,5");
    let next = after(&g, "+e1/c1-b1");
    assert_eq!(next.outcome(), Some(Outcome::Win(1)));
    assert_eq!(
        next.position_text(),
        "2,bB,2/5/3,bB,bB/wW,4/wW,wW,w,1,w black supply=3,5 won=black"
    );
    assert_eq!(next.evaluate(0), -10_000);
    assert_eq!(next.evaluate(1), 10_000);
    let mut buf = Vec::new();
    next.legal_moves(&mut buf);
    assert!(buf.is_empty());
}

#[test]
fn an_opponent_without_a_turn_loses() {
    // Black has no ring in its supply and none exposed
    let g = pos("bbw,bbw,bw,2/5/wW,1,bB,bB,bB/5/wW,wW,3 white supply=2,0");
    let next = after(&g, "+a4/a3-a4");
    assert_eq!(next.outcome(), Some(Outcome::Win(0)));
    assert_eq!(
        next.position_text(),
        "bbw,bbw,bw,2/wW,4/w,1,bB,bB,bB/5/wW,wW,3 black supply=1,0 won=white"
    );
    // uncovering a black ring gives Black a turn
    let other = after(&g, "a5>a4/a3-a4");
    assert_eq!(other.outcome(), None);
}

#[test]
fn three_balls_on_goal_win() {
    let g = pos("3,wW,wW/3,wW,w/1,bB,bB,2/2,bB,2/5 white supply=4,5");
    assert!(!moves(&g)
        .iter()
        .any(|m| m.contains("/d5-") || m.contains("/e5-")));
    let next = after(&g, "+a5/d4-e4");
    assert_eq!(next.outcome(), Some(Outcome::Win(0)));
    assert_eq!(
        next.position_text(),
        "w,2,wW,wW/3,w,wW/1,bB,bB,2/2,bB,2/5 black supply=3,5 won=white"
    );
}

#[test]
fn relocating_the_third_opponent_ball_onto_its_goal_fills_the_movers_home() {
    // Black's goal squares are White's home: the relocation fills White's home, and
    // the second check of rules §4 (home squares full: the mover loses) comes first
    let g = pos("5/5/w,bB,wW,1,wW/bB,2,wW,1/bB,b,3 white supply=4,4");
    let vaults: Vec<String> = moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("+e1/c3-a3"))
        .collect();
    assert_eq!(vaults, ["+e1/c3-a3;b1"]);
    let next = after(&g, "+e1/c3-a3;b1");
    assert_eq!(next.outcome(), Some(Outcome::Win(1)));
    assert_eq!(
        next.position_text(),
        "5/5/wW,b,w,1,wW/bB,2,wW,1/bB,bB,2,w black supply=3,4 won=black"
    );
}

#[test]
fn texts_are_read_back_and_errors_say_where() {
    for text in [
        START,
        "2,bB,2/5/3,bB,bB/wW,4/wW,wW,w,1,w black supply=3,5 won=black",
        "bbw,bbw,bw,2/wW,4/w,1,bB,bB,bB/5/wW,wW,3 black supply=1,0 won=white",
    ] {
        assert_eq!(pos(text).position_text(), text);
    }
    // runs need not be maximal when read
    assert_eq!(
        pos("1,2,bB,bB/4,bB/5/wW,4/wW,wW,1,1,1 white supply=5,5").position_text(),
        START
    );
    // a finished board is read as finished without won=, and won= must agree
    assert_eq!(
        pos("2,bB,2/5/3,bB,bB/wW,4/wW,wW,w,1,w black supply=3,5").outcome(),
        Some(Outcome::Win(1))
    );
    let bad = |t: &str| match start().parse_position(t) {
        Err(EngineError::Position(m)) => m.message,
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(
        bad("3,bB,bB/4,bB/5/wW,4/wW,wW,3 white supply=5,4"),
        "column 42: the supplies must be 5,5 (8 minus the rings of each colour on the board)"
    );
    assert_eq!(
        bad("3,bB,bB/4,bB/5/wW,4/wW,wW,3 red supply=5,5"),
        "column 29: expected the side to move (white or black), found 'r'"
    );
    assert_eq!(
        bad("3,bB,bB/4,bB/5/wW,4/wW,wW,3 white supply=5,5 won=white"),
        "won=white contradicts the board: the game goes on"
    );
    assert_eq!(
        bad("3,bB,bB/4,bB/5/bW,4/wW,wW,3 white supply=6,4"),
        "the white ball on a2 does not stand on a white ring"
    );
    assert!(bad("3,bB,bB/4,bB/5/w,4/wW,wW,3 white supply=5,5").contains("white has 2 balls"));
    assert_eq!(
        bad("wwwwwwwww,bB,bB,2/4,bB/5/wW,4/wW,wW,3 white supply=0,5"),
        "white has more than 8 rings on the board: a side has 8"
    );
    assert!(bad("3,bB,bB/4,bB/6/wW,4/wW,wW,3 white supply=5,5").starts_with("column 14:"));
    for garbage in [
        "",
        "/",
        "5/5/5/5/5",
        "x y",
        "3,bB,bB/4,bB/5/wW,4/wW,wW,3 white supply=",
        "wwwwwwwww",
    ] {
        assert!(start().parse_position(garbage).is_err());
    }
    for garbage in [
        "",
        "+",
        "+f1/a1-a2",
        "a1-a2",
        "+a3/a1-a3;",
        "+a3/a1-a3;b1,",
        "+a3/a1-a3 x",
    ] {
        let r = start().parse_move(garbage);
        assert!(r.is_err(), "{garbage}");
    }
    assert!(matches!(
        start().parse_move("+a3/a1-a3x"),
        Err(EngineError::Move(_))
    ));
    assert_eq!(illegal(&start(), "+a1/a1-a3"), "holds_ball(a1)");
    assert_eq!(illegal(&start(), "+b3/a1-b3"), "not_in_line(a1,b3)");
    assert_eq!(illegal(&start(), "+c3/e5-d4"), "no_ball(white,e5)");
    assert_eq!(illegal(&start(), "c1>c3/a1-a3"), "no_ring(c1)");
}

/// Leaves to `depth`; a finished game is a leaf wherever it ends.
fn perft(g: &Mitsudomoe, depth: u32) -> u64 {
    if depth == 0 || g.outcome().is_some() {
        return 1;
    }
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    buf.iter()
        .map(|&m| {
            let mut c = g.clone();
            c.play(m);
            perft(&c, depth - 1)
        })
        .sum()
}

#[test]
fn perft_from_the_start() {
    let g = start();
    assert_eq!(perft(&g, 1), 9);
    assert_eq!(perft(&g, 2), 81);
    assert_eq!(perft(&g, 3), 6287);
    assert_eq!(perft(&g, 4), 359675);
}
