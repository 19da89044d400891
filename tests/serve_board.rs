//! `ludolog serve`'s API for what the page's board says beside the moves: the
//! player menu's named strengths (easy, medium, strong), each a spec the server
//! plays and timed on this machine for the game and its tier.

use crate::common;

use common::server::Server;
use serde_json::Value;
use std::time::Instant;

/// A new game's id.
fn open(s: &Server, body: &str) -> String {
    let st = s.ok("POST", "/api/sessions", Some(body));
    st["id"].as_str().expect("an id").to_string()
}

/// The levels of game `id`: (name, player spec, seconds).
fn levels(s: &Server, id: &str) -> Vec<(String, String, f64)> {
    let got = s.ok("GET", &format!("/api/sessions/{id}/levels"), None);
    got["levels"]
        .as_array()
        .expect("a list of levels")
        .iter()
        .map(|l: &Value| {
            (
                l["name"].as_str().expect("a name").to_string(),
                l["player"].as_str().expect("a player").to_string(),
                l["seconds"].as_f64().expect("seconds"),
            )
        })
        .collect()
}

#[test]
fn the_player_menu_levels_are_specs_the_server_plays_timed_per_game() {
    let s = Server::start(&["hex"]);
    // a native engine: MCTS with as many playouts as the time allows
    let hex = open(&s, r#"{"game":"hex","options":{"size":7}}"#);
    let got = levels(&s, &hex);
    let names: Vec<&str> = got.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(names, ["easy", "medium", "strong"], "{got:?}");
    assert_eq!((got[0].1.as_str(), got[0].2), ("random", 0.0));
    for (name, player, seconds) in &got[1..] {
        let playouts: u64 = player
            .strip_prefix("mcts:")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{name} is {player}, not mcts:N"));
        assert!(playouts >= 100, "{name}: {player}");
        assert!(*seconds > 0.0 && *seconds < 10.0, "{name}: {seconds} s");
    }
    assert!(got[2].2 > got[1].2, "strong takes longer: {got:?}");
    // the medium level plays, in about its time (loosely: the machine is shared)
    let medium = &got[1];
    let started = Instant::now();
    let played = s.ok(
        "POST",
        &format!("/api/sessions/{hex}/computer"),
        Some(&format!(r#"{{"player":"{}"}}"#, medium.1)),
    );
    let took = started.elapsed().as_secs_f64();
    assert_eq!(played["state"]["moves"].as_array().map(Vec::len), Some(1));
    assert!(took < medium.2 * 5.0 + 5.0, "{} took {took} s", medium.1);

    // rule files: alpha-beta for a time
    let c4 = open(&s, r#"{"game":"connect_four"}"#);
    let got = levels(&s, &c4);
    let specs: Vec<(&str, &str, f64)> = got
        .iter()
        .map(|l| (l.0.as_str(), l.1.as_str(), l.2))
        .collect();
    assert_eq!(
        specs,
        [
            ("easy", "random", 0.0),
            ("medium", "alphabeta:1s", 1.0),
            ("strong", "alphabeta:4s", 4.0)
        ]
    );
    // an unknown game says so
    let (status, body) = s.call("GET", "/api/sessions/ffff/levels", None);
    assert_eq!(status, 404, "{body}");
}
