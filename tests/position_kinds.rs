//! A refused position says its kind — a text that does not read, a position no
//! game reaches, a move that cannot go out of turn — the same in a native engine and
//! in its rule file, and the front ends show it: the command line points at the
//! column, the server's JSON names the kind (of a record's start too).

use crate::common;

use common::run;
use common::server::Server;
use ludolog::game::{Engine, EngineError, Player, PositionError, PositionKind, Tier};

/// Every built-in game with a native engine: a text that does not read, one that
/// reads but no game reaches, and the column a native reader stops at.
const CASES: &[(&str, &str, &str, PositionKind, Option<usize>)] = &[
    (
        "hex",
        "size=3",
        "3x3 3/3/3 green",
        PositionKind::Unreadable,
        Some(11),
    ),
    (
        "hex",
        "size=3",
        "3x3 rr1/3/3 red",
        PositionKind::Unreachable,
        None,
    ),
    (
        "hex",
        "size=3",
        "3x3 3/3/3 red setup",
        PositionKind::Unreachable,
        None,
    ),
    (
        "contactix",
        "",
        "3x3 3/3/3 x",
        PositionKind::Unreadable,
        Some(12),
    ),
    (
        "replica",
        "",
        "8/8/8/8/8/8/8/8 white",
        PositionKind::Unreachable,
        None,
    ),
    (
        "replica",
        "",
        "8/8/8/8/8/8/8/8/8 white",
        PositionKind::Unreadable,
        Some(16),
    ),
    (
        "tactigon",
        "",
        "nonsense red",
        PositionKind::Unreadable,
        Some(1),
    ),
    (
        "mitsudomoe",
        "",
        "3,bB,bB/4,bB/5/wW,4/wW,wW,3 white supply=5,4",
        PositionKind::Unreachable,
        Some(42),
    ),
    (
        "mitsudomoe",
        "",
        "3,bB,bB/4,bB/5/bW,4/wW,wW,3 white supply=6,4",
        PositionKind::Unreachable,
        None,
    ),
];

fn refused(e: &mut dyn Engine, text: &str) -> PositionError {
    match e.parse(text) {
        Err(EngineError::Position(p)) => p,
        other => panic!("{}: {text:?} gave {other:?}", e.label()),
    }
}

#[test]
fn a_refused_position_has_the_same_kind_in_both_tiers() {
    for &(game, options, text, kind, at) in CASES {
        let mut native = common::engine(game, options, Tier::Native);
        let p = refused(native.as_mut(), text);
        assert_eq!((p.kind, p.at), (kind, at), "{game} native, {text:?}: {p:?}");
        let mut spec = common::engine(game, options, Tier::Spec);
        let q = refused(spec.as_mut(), text);
        assert_eq!(q.kind, kind, "{game} spec, {text:?}: {q:?}");
    }
}

#[test]
fn a_move_out_of_turn_that_cannot_be_given_is_no_setup_in_both_tiers() {
    for tier in [Tier::Native, Tier::Spec] {
        let mut e = common::engine("hex", "size=3", tier);
        // red has joined its edges: the game is over, no one gets the move
        let won = e
            .parse("3x3 rb1/rb1/r2 blue")
            .expect("a won position reads");
        for who in ["red", "purple"] {
            match e.set_to_move(won, &Player::new(who)) {
                Err(EngineError::Position(p)) => {
                    assert_eq!(p.kind, PositionKind::NoSetup, "{tier:?} {who}: {p:?}")
                }
                other => panic!("{tier:?}: the move given to {who}: {other:?}"),
            }
        }
    }
}

#[test]
fn the_command_line_points_at_the_column_a_text_stops_reading() {
    let (code, _, err) = run(&["moves", "hex", "3x3 r2/3/3 green"], None);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: bad position: column 12: expected the side to move (red or blue), found 'g'\n  \
         3x3 r2/3/3 green\n             ^\n"
    );
    // a position no game reaches has no column to point at
    let (_, _, err) = run(&["moves", "hex", "3x3 rr1/3/3 red"], None);
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_record_whose_start_is_refused_says_its_kind_on_the_server() {
    let s = Server::start(&["hex"]);
    let st = s.ok(
        "POST",
        "/api/sessions",
        Some(r#"{"game":"hex","options":{"size":3}}"#),
    );
    let id = st["id"].as_str().expect("an id");
    let text =
        |start: &str| format!("[Game \"hex\"]\n[Options \"size=3\"]\n[Start \"{start}\"]\n\n*\n");
    let cases = [
        // a start that does not read, and where it stopped
        (text("3x3 3/3/3 green"), "unreadable", Some(11)),
        // a start no game reaches
        (text("3x3 rr1/3/3 red"), "unreachable", None),
        // a setup stone after red's stones have joined its edges: no stone goes
        // out of turn in a game that is over
        (
            "(;FF[4]GM[11]SZ[3]AB[a1][a2][a3][c1]PL[W])".to_string(),
            "no_setup",
            None,
        ),
    ];
    for (record, kind, at) in cases {
        let body = serde_json::json!({ "record": record }).to_string();
        let (status, body) = s.call("POST", &format!("/api/sessions/{id}/record"), Some(&body));
        assert_eq!(status, 422, "{record}: {body}");
        assert_eq!(body["kind"], kind, "{record}: {body}");
        assert_eq!(body["at"].as_u64(), at, "{record}: {body}");
        let error = body["error"].as_str().unwrap_or_default();
        assert!(error.contains("the record's start"), "{error}");
    }
    // the game was left as it was
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(st["position"], "3x3 3/3/3 red", "{st}");
}
