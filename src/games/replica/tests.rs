//! Unit tests of native Replica: the start position's 43 moves and the hand-built positions of the rules.

use super::*;
use crate::game::GameOptions;

fn start() -> Replica {
    Replica::from_options(&GameOptions::default()).unwrap()
}

fn pos(text: &str) -> Replica {
    start().parse_position(text).unwrap()
}

fn moves(g: &Replica) -> Vec<String> {
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    let mut t: Vec<String> = buf.iter().map(|&m| g.move_text(m)).collect();
    t.sort();
    t
}

#[test]
fn white_has_the_43_moves_of_the_rules() {
    let expected = "a1-a5 a1-c3 a1-e1 a2* a2-a5 a2-c4 a2-e2 a3* a3-a5 a3-c3 a3-c5 a4* a4-a5 a4-b5 a4-c4 b1* b1-b5 b1-d3 b1-e1 b2* b2-b5 b2-c3 b2-e2 b3-b5 b3-c3 b3-c4 b4-b5 b4-c4 b4-c5 c1* c1-c3 c1-e1 c1-e3 c2-c3 c2-d3 c2-e2 d1* d1-d3 d1-e1 d1-e2 d2-d3 d2-e2 d2-e3";
    assert_eq!(moves(&start()).join(" "), expected);
    assert_eq!(
        start().position_text(),
        "4bbbB/4bbbb/6bb/6bb/ww6/ww6/wwww4/Wwww4 white"
    );
    let black = pos("4bbbB/4bbbb/6bb/6bb/ww6/ww6/wwww4/Wwww4 black");
    assert_eq!(moves(&black).len(), 43);
}

#[test]
fn a_jump_over_friends_ends_in_a_capture() {
    // white a1 a2 a3 in a column, black man on a4: a1 jumps a2 a3 and takes a4
    let mut g = pos("7B/8/8/8/b7/w7/w7/W7 white");
    let m = g.parse_move("a1-a4").unwrap();
    g.play(m);
    assert_eq!(g.position_text(), "7B/8/8/8/W7/w7/w7/8 black");
}

#[test]
fn a_jump_off_the_edge_does_not_exist() {
    // white a6 a7 a8 stacked to the top edge: a6 has no northward move
    let g = pos("w6B/w7/w7/8/8/8/8/W7 white");
    assert!(!moves(&g).contains(&"a6-a9".to_string()));
    assert!(moves(&g).iter().all(|m| !m.starts_with("a6-a")));
}

#[test]
fn transforms_need_sight_without_enemies_between() {
    // king a1, enemy a2, own man a3: blocked
    let g = pos("7B/8/8/8/8/w7/b7/W7 white");
    assert!(!moves(&g).contains(&"a3*".to_string()));
    // a man behind the king (king c3, man a1) is not seen with forward sight
    let g = pos("7B/8/8/8/8/2W5/8/w7 white");
    assert!(!moves(&g).contains(&"a1*".to_string()));
    let all = pos("7B/8/8/8/8/2W5/8/w7 white sight=all");
    assert!(moves(&all).contains(&"a1*".to_string()));
}

#[test]
fn wins_by_the_corner_by_a_capture_and_by_a_transform_on_the_corner() {
    let mut g = pos("7B/6W1/8/8/8/8/8/8 white");
    g.play(g.parse_move("g7-h8").unwrap());
    assert_eq!(g.outcome(), Some(Outcome::Win(0)));
    // capturing into the corner
    let mut g = pos("7b/6W1/8/8/8/8/8/1B6 white");
    g.play(g.parse_move("g7xh8").unwrap());
    assert_eq!(g.outcome(), Some(Outcome::Win(0)));
    // capturing the black king wins
    let mut g = pos("8/8/8/8/8/8/8/WB6 white");
    g.play(g.parse_move("a1-b1").unwrap());
    assert_eq!(g.outcome(), Some(Outcome::Win(0)));
    // a man on h8 seen by a king turns into a king there and wins
    let mut g = pos("7w/8/8/8/8/8/8/W6B white");
    g.play(g.parse_move("h8*").unwrap());
    assert_eq!(g.outcome(), Some(Outcome::Win(0)));
}

#[test]
fn position_errors_name_the_column() {
    let e = start()
        .parse_position("4bbbB/4bbbb/6bb/6bb/ww6/ww6/wwww4/Wwww4 red")
        .err()
        .unwrap();
    assert_eq!(
        e.to_string(),
        "bad position: column 41: expected the side to move (white or black), found 'r'"
    );
}
