//! `ludolog serve`'s history, through the API: an earlier position looked at
//! (`?at=K`: its board, side to move, legal moves, footprints, why a move is
//! refused there, the other tiers' check and the REPL pane on it; nothing taken
//! back), a move played from it that drops the later moves (as undo and play
//! would), and the record, which keeps what was played.

use crate::common;

use common::server::Server;
use serde_json::{json, Value};

/// A Hex 3x3 game on a fresh server, with its id.
fn game(s: &Server) -> String {
    let st = s.ok("POST", "/api/sessions", Some(r#"{"options":{"size":3}}"#));
    st["id"].as_str().expect("an id").to_string()
}

fn moves(st: &Value) -> Vec<&str> {
    st["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("a move"))
        .collect()
}

#[test]
fn an_earlier_position_is_looked_at_without_taking_moves_back() {
    let s = Server::start(&["hex"]);
    let id = game(&s);
    let mut seen = vec![s.ok("GET", &format!("/api/sessions/{id}"), None)];
    for mv in ["b1", "a1", "b2", "a2"] {
        seen.push(s.ok(
            "POST",
            &format!("/api/sessions/{id}/play"),
            Some(&json!({ "move": mv }).to_string()),
        ));
    }
    assert_eq!(seen[4]["at"], Value::Null, "the game now");
    // after move 2 (b1 a1): its board, side and legal moves; the moves are the game's
    let st = s.ok("GET", &format!("/api/sessions/{id}?at=2"), None);
    assert_eq!(st["at"], 2);
    assert_eq!(st["position"], seen[2]["position"]);
    assert_eq!(st["svg"], seen[2]["svg"]);
    assert_eq!(st["to_move"], "red");
    assert_eq!(st["last"], json!(["a1"]));
    assert_eq!(st["legal"].as_array().map(Vec::len), Some(7));
    assert_eq!(moves(&st), ["b1", "a1", "b2", "a2"]);
    // the start, and past the end: a game that has moved on (or back) since
    let st = s.ok("GET", &format!("/api/sessions/{id}?at=0"), None);
    assert_eq!(
        (&st["position"], &st["last"]),
        (&json!("3x3 3/3/3 red"), &json!([]))
    );
    let (status, body) = s.call("GET", &format!("/api/sessions/{id}?at=5"), None);
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("no position after move 5")),
        "{body}"
    );
    let (status, body) = s.call("GET", &format!("/api/sessions/{id}?at=two"), None);
    assert_eq!(status, 400, "{body}");
    assert!(body["error"]
        .as_str()
        .is_some_and(|e| e.starts_with("bad query")));
    // what a click there would do: its footprints, and why b2 is free there
    let feet = s.ok("GET", &format!("/api/sessions/{id}/footprints?at=2"), None);
    assert_eq!(feet.as_object().map(|f| f.len()), Some(7));
    assert_eq!(feet["b2"], json!(["b2"]));
    let why = |at: usize| {
        s.ok(
            "POST",
            &format!("/api/sessions/{id}/why"),
            Some(&json!({ "move": "b2", "at": at }).to_string()),
        )["why"]
            .to_string()
    };
    assert!(!why(2).contains("occupied"), "{}", why(2));
    assert!(why(4).contains("b2 is occupied by red"), "{}", why(4));
    // and what the other tiers make of it
    let check = s.ok("POST", &format!("/api/sessions/{id}/check?at=2"), None);
    assert!(
        check["tiers"]
            .as_array()
            .is_some_and(|t| !t.is_empty() && t.iter().all(|t| t["differences"] == json!([]))),
        "{check}"
    );
    let (status, body) = s.call("POST", &format!("/api/sessions/{id}/check?at=9"), None);
    assert_eq!(status, 409, "{body}");
    // nothing was taken back: the game and its record are as played
    let now = s.ok("GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(now, seen[4]);
    let record = s.call("GET", &format!("/api/sessions/{id}/record"), None).1;
    assert!(
        record
            .as_str()
            .is_some_and(|r| r.contains("1. b1 a1 2. b2 a2 *")),
        "{record}"
    );
}

#[test]
fn a_move_from_an_earlier_position_drops_the_later_moves() {
    let s = Server::start(&["hex"]);
    let id = game(&s);
    let play = |body: Value| {
        s.call(
            "POST",
            &format!("/api/sessions/{id}/play"),
            Some(&body.to_string()),
        )
    };
    let mut after_one = Value::Null;
    for (i, mv) in ["b1", "a1", "b2", "a2"].iter().enumerate() {
        let (status, st) = play(json!({ "move": mv }));
        assert_eq!(status, 200, "{st}");
        if i == 0 {
            after_one = st["position"].clone();
        }
    }
    s.ok("POST", &format!("/api/sessions/{id}/undo"), None);
    // a position that is not the one after move 1, or no position: refused, as a
    // page that is behind (409), and nothing changes
    let (status, body) = play(json!({ "move": "c3", "at": 1, "position": "3x3 3/3/3 red" }));
    assert_eq!(status, 409, "{body}");
    let (status, body) = play(json!({ "move": "c3", "at": 4 }));
    assert_eq!(status, 409, "{body}");
    // an illegal move there says why, and nothing changes
    let (status, body) = play(json!({ "move": "b1", "at": 1, "position": after_one }));
    assert_eq!(status, 422, "{body}");
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(
        (moves(&st), &st["redo"]),
        (vec!["b1", "a1", "b2"], &json!(["a2"]))
    );
    // blue's c3 after red's b1: the moves after move 1 (and the redo) are dropped
    let (status, st) = play(json!({ "move": "c3", "at": 1, "position": after_one }));
    assert_eq!(status, 200, "{st}");
    assert_eq!(moves(&st), ["b1", "c3"]);
    assert_eq!(
        (&st["redo"], &st["at"], &st["to_move"]),
        (&json!([]), &Value::Null, &json!("red"))
    );
    let record = s.call("GET", &format!("/api/sessions/{id}/record"), None).1;
    assert!(
        record.as_str().is_some_and(|r| r.contains("1. b1 c3 *")),
        "{record}"
    );
    // `at` the game's last move is a move as any other
    let (status, st) = play(json!({ "move": "a3", "at": 2 }));
    assert_eq!(status, 200, "{st}");
    assert_eq!(moves(&st), ["b1", "c3", "a3"]);
}

#[test]
fn the_repl_pane_asks_about_the_position_looked_at_and_its_play_branches() {
    let s = Server::start(&["hex"]);
    let id = game(&s);
    for mv in ["b1", "a1", "b2"] {
        s.ok(
            "POST",
            &format!("/api/sessions/{id}/play"),
            Some(&json!({ "move": mv }).to_string()),
        );
    }
    let repl = |input: &str, at: usize| {
        s.ok(
            "POST",
            &format!("/api/sessions/{id}/repl"),
            Some(&json!({ "input": input, "at": at }).to_string()),
        )
    };
    // after move 1 (b1): eight cells left, blue to move
    let r = repl(
        "current(S), findall(M, legal(S, M), Ms), length(Ms, N), to_move(S, P).",
        1,
    );
    let answer = r["answer"].as_str().unwrap_or_default();
    assert!(
        answer.contains("N = 8") && answer.contains("P = blue"),
        "{r}"
    );
    assert_eq!(r["moved"], false);
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(moves(&st), ["b1", "a1", "b2"], "a query moves nothing");
    // :play there is a move played there: the later moves are dropped
    let r = repl(":play c3", 1);
    assert_eq!(r["moved"], true, "{r}");
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(moves(&st), ["b1", "c3"]);
    // no such position: the page was behind
    let (status, body) = s.call(
        "POST",
        &format!("/api/sessions/{id}/repl"),
        Some(&json!({ "input": "true.", "at": 7 }).to_string()),
    );
    assert_eq!(status, 409, "{body}");
}
