//! `ludolog serve`'s API for what the page's board says beside the moves: the
//! player menu's named strengths (easy, medium, strong), each a spec the server
//! plays and timed on this machine for the game and its tier; how a game ended, in
//! the rule file's words, with its chain or line drawn; each game's options typed
//! for the New game form; the favicon.

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

/// Plays `moves` in game `id`; the state after the last.
fn play(s: &Server, id: &str, moves: &[&str]) -> Value {
    let mut st = Value::Null;
    for mv in moves {
        st = s.ok(
            "POST",
            &format!("/api/sessions/{id}/play"),
            Some(&format!(r#"{{"move":"{mv}"}}"#)),
        );
    }
    st
}

#[test]
fn a_finished_game_says_how_it_ended_and_draws_its_chain_or_line() {
    let s = Server::start(&["hex"]);
    // every tier of Hex: the joining chain, top to bottom, and the words
    for tier in ["native", "accelerated", "spec"] {
        let hex = open(
            &s,
            &format!(r#"{{"game":"hex","options":{{"size":3}},"tier":"{tier}"}}"#),
        );
        let st = play(&s, &hex, &["b1", "a1", "b2", "a2", "b3"]);
        assert_eq!(st["outcome"], "win(red)", "{tier}");
        assert_eq!(st["ending"], "joined top and bottom", "{tier}");
        let svg = st["svg"].as_str().expect("an svg");
        assert!(svg.contains(r#"<g class="highlight""#), "{tier}: {svg}");
        // a game going on says nothing of an ending
        let st = s.ok("GET", &format!("/api/sessions/{hex}?at=4"), None);
        assert_eq!(st["ending"], Value::Null, "{tier}");
        assert!(!st["svg"].as_str().unwrap_or_default().contains("highlight"));
    }
    // Con-Tac-Tix, drawn by its rule file over the native engine: Hex's chain in its names
    let ctt = open(
        &s,
        r#"{"game":"contactix","options":{"cols":3,"rows":3},"tier":"native"}"#,
    );
    let st = play(&s, &ctt, &["B1", "A1", "B2", "A2", "B3"]);
    assert_eq!(st["ending"], "joined top and bottom");
    assert!(st["svg"].as_str().unwrap_or_default().contains("<polyline"));
    // misère Hex: the chain is the loser's, and the words say whose
    let misere = open(&s, r#"{"game":"misere_hex","options":{"size":3}}"#);
    let st = play(&s, &misere, &["b1", "a1", "b2", "a2", "b3"]);
    assert_eq!(
        (st["outcome"].as_str(), st["ending"].as_str()),
        (Some("win(blue)"), Some("red joined its edges"))
    );
    let ttt = open(&s, r#"{"game":"tic_tac_toe"}"#);
    let st = play(&s, &ttt, &["a1", "b1", "b2", "c1", "c3"]);
    assert_eq!(
        (st["outcome"].as_str(), st["ending"].as_str()),
        (Some("win(x)"), Some("three in a line"))
    );
    let drawn = open(&s, r#"{"game":"tic_tac_toe"}"#);
    let st = play(
        &s,
        &drawn,
        &["a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"],
    );
    assert_eq!(
        (st["outcome"].as_str(), st["ending"].as_str()),
        (Some("draw"), Some("the board is full"))
    );
    let c4 = open(&s, r#"{"game":"connect_four","options":{"line":3}}"#);
    let st = play(&s, &c4, &["a", "b", "a", "b", "a"]);
    assert_eq!(st["ending"], "3 in a line");
    assert!(st["svg"].as_str().unwrap_or_default().contains("<polyline"));
}

#[test]
fn each_game_options_are_typed_for_the_form_and_the_page_has_a_favicon() {
    let s = Server::start(&["hex"]);
    let games = s.ok("GET", "/api/games", None);
    let option = |game: &str, key: &str| -> Value {
        games["games"]
            .as_array()
            .and_then(|gs| gs.iter().find(|g| g["name"] == game))
            .and_then(|g| g["options"].as_array())
            .and_then(|os| os.iter().find(|o| o["key"] == key))
            .cloned()
            .unwrap_or_else(|| panic!("no option {key} of {game}"))
    };
    let size = option("hex", "size");
    assert_eq!(
        (&size["type"], &size["min"], &size["max"], &size["default"]),
        (&"int".into(), &1.into(), &26.into(), &"11".into())
    );
    assert_eq!(option("hex", "swap")["type"], "bool");
    let sight = option("replica", "sight");
    assert_eq!(sight["type"], "choice");
    assert_eq!(sight["choices"], serde_json::json!(["forward", "all"]));
    assert_eq!(option("contactix", "vertical")["type"], "name");
    let url = format!("{}favicon.svg", s.url);
    let icon = ureq::get(&url).call().expect("a favicon");
    assert_eq!(icon.content_type(), "image/svg+xml");
    assert!(icon.into_string().unwrap_or_default().starts_with("<svg"));
}
