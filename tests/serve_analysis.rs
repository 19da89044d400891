//! `ludolog serve`'s analysis pane, through the API: a position of the game
//! analysed in a worker of its own (solve's proved value and opening map, the same
//! as `ludolog solve --openings`; alpha-beta's best move, score and line; MCTS's win
//! rate), an earlier position (`"at": K`), *Stop* that keeps what was found, a newer
//! request that ends the older, the game played on while it thinks, and the
//! requests it refuses.

use crate::common;

use common::server::Server;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn game(s: &Server, size: u32) -> String {
    let st = s.ok(
        "POST",
        "/api/sessions",
        Some(&json!({ "game": "hex", "options": { "size": size } }).to_string()),
    );
    st["id"].as_str().expect("an id").to_string()
}

fn analyse(s: &Server, id: &str, body: Value) -> Value {
    s.ok(
        "POST",
        &format!("/api/sessions/{id}/analysis"),
        Some(&body.to_string()),
    )
}

/// The report once `done` says so (within a generous deadline: the machine may be
/// loaded).
fn report_when(s: &Server, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let r = s.ok("GET", &format!("/api/sessions/{id}/analysis"), None);
        if done(&r) {
            return r;
        }
        assert!(Instant::now() < deadline, "waited in vain; the report: {r}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn finished(r: &Value) -> bool {
    r["running"] == false
}

fn words(v: &Value) -> Vec<&str> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|m| m.as_str().expect("a text"))
        .collect()
}

#[test]
fn solve_gives_the_proved_value_and_the_opening_map() {
    let s = Server::start(&["hex"]);
    let id = game(&s, 3);
    let started = analyse(&s, &id, json!({ "method": "solve", "seconds": 20 }));
    assert_eq!(
        (&started["serial"], &started["running"]),
        (&json!(1), &json!(true))
    );
    let r = report_when(&s, &id, finished);
    assert_eq!(r["error"], Value::Null, "{r}");
    assert_eq!((&r["value"], &r["to_move"]), (&json!("win"), &json!("red")));
    assert_eq!(r["ended"], "proved");
    assert_eq!(r["bar"], 1.0);
    // each move's value for red, on its cell: as `ludolog solve hex -O size=3 --openings`
    let map = r["map"].as_array().expect("a map");
    let with = |v: &str| -> Vec<&str> {
        map.iter()
            .filter(|m| m["value"] == v)
            .map(|m| m["move"].as_str().expect("a move"))
            .collect()
    };
    assert_eq!(with("win"), ["c1", "a2", "b2", "c2", "a3"]);
    assert_eq!(with("loss"), ["a1", "b1", "b3", "c3"]);
    assert!(map.iter().all(|m| m["cells"] == json!([m["move"].clone()])));
    // the best move is a winning one, drawn in red
    let best = r["best"].as_str().expect("a best move");
    assert!(with("win").contains(&best), "{r}");
    assert_eq!(r["pv"][0]["colour"], "red");
    assert_eq!(r["pv"][0]["cells"], json!([best]));
}

#[test]
fn alpha_beta_and_mcts_give_a_best_move_a_line_and_a_bar() {
    let s = Server::start(&["hex"]);
    let id = game(&s, 4);
    for mv in ["b2", "c2"] {
        s.ok(
            "POST",
            &format!("/api/sessions/{id}/play"),
            Some(&json!({ "move": mv }).to_string()),
        );
    }
    // alpha-beta on the position after the first move: blue to move
    analyse(
        &s,
        &id,
        json!({ "method": "alphabeta", "seconds": 2, "at": 1 }),
    );
    let r = report_when(&s, &id, finished);
    assert_eq!(r["error"], Value::Null, "{r}");
    assert_eq!((&r["at"], &r["to_move"]), (&json!(1), &json!("blue")));
    assert_eq!(r["position"], "4x4 4/1r2/4/4 blue");
    assert!(r["rounds"].as_u64() >= Some(1), "{r}");
    let pv = r["pv"].as_array().expect("a line");
    assert_eq!(pv[0]["move"], r["best"]);
    assert_eq!(pv[0]["mover"], "blue");
    if pv.len() > 1 {
        assert_eq!(pv[1]["mover"], "red");
    }
    assert_eq!(r["players"], json!([["red", "red"], ["blue", "blue"]]));
    let bar = r["bar"].as_f64().expect("a bar");
    assert!((0.0..=1.0).contains(&bar), "{r}");
    // MCTS on the game now: a win rate in thousandths, the bar red's share
    analyse(&s, &id, json!({ "method": "mcts", "seconds": 1 }));
    let r = report_when(&s, &id, |r| finished(r) && r["serial"] == 2);
    assert_eq!(r["error"], Value::Null, "{r}");
    assert_eq!(
        (&r["method"], &r["to_move"]),
        (&json!("mcts"), &json!("red"))
    );
    let rate = r["score"].as_f64().expect("a win rate") / 1000.0;
    assert!(
        (r["bar"].as_f64().expect("a bar") - rate).abs() < 1e-9,
        "{r}"
    );
    assert!(words(&r["players"][0]).contains(&"red"));
}

#[test]
fn stop_keeps_what_was_found_and_the_game_plays_on_meanwhile() {
    let s = Server::start(&["hex"]);
    let id = game(&s, 11);
    let began = Instant::now();
    analyse(&s, &id, json!({ "method": "mcts", "seconds": 60 }));
    // a round in: a best move; the game is played on while the analysis thinks
    let r = report_when(&s, &id, |r| r["rounds"].as_u64() >= Some(1));
    assert_eq!(r["running"], true, "{r}");
    let st = s.ok(
        "POST",
        &format!("/api/sessions/{id}/play"),
        Some(r#"{"move": "f6"}"#),
    );
    assert_eq!(words(&st["moves"]), ["f6"]);
    let (status, _) = s.call("POST", &format!("/api/sessions/{id}/analysis/stop"), None);
    assert_eq!(status, 204);
    let r = report_when(&s, &id, finished);
    assert_eq!(r["ended"], "stopped", "{r}");
    assert!(r["best"].is_string(), "what was found stays: {r}");
    assert!(began.elapsed() < Duration::from_secs(50), "{r}");
    // a newer request ends the older at once
    analyse(&s, &id, json!({ "method": "mcts", "seconds": 60 }));
    analyse(&s, &id, json!({ "method": "alphabeta", "seconds": 1 }));
    let r = report_when(&s, &id, finished);
    assert_eq!(
        (&r["serial"], &r["method"]),
        (&json!(3), &json!("alphabeta"))
    );
    assert_eq!(r["position"], st["position"]);
    assert_eq!(r["to_move"], "blue");
}

#[test]
fn analysis_requests_are_refused_clearly() {
    let s = Server::start(&["hex"]);
    let id = game(&s, 3);
    // none asked yet: an empty report
    let r = s.ok("GET", &format!("/api/sessions/{id}/analysis"), None);
    assert_eq!((&r["serial"], &r["running"]), (&json!(0), &json!(false)));
    let path = format!("/api/sessions/{id}/analysis");
    for (body, status, says) in [
        (
            r#"{"method":"solve","seconds":0}"#,
            422,
            "at most 60 seconds",
        ),
        (
            r#"{"method":"solve","seconds":61}"#,
            422,
            "at most 60 seconds",
        ),
        (r#"{"method":"magic","seconds":1}"#, 400, "unknown variant"),
        (
            r#"{"method":"mcts","seconds":1,"at":4}"#,
            409,
            "no position after move 4",
        ),
    ] {
        let (got, answer) = s.call("POST", &path, Some(body));
        assert_eq!(got, status, "{body}: {answer}");
        assert!(
            answer["error"].as_str().is_some_and(|e| e.contains(says)),
            "{body}: {answer}"
        );
    }
    for (method, route) in [("GET", "analysis"), ("POST", "analysis/stop")] {
        let (got, _) = s.call(method, &format!("/api/sessions/ffff/{route}"), None);
        assert_eq!(got, 404, "{method} {route}");
    }
}
