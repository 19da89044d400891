//! The rules playground's API (`/api/playground/…`): a rule file's text, never
//! written to disk, linted with its findings at their lines, played as a game of the
//! board, and checked against a built-in game or its other tier; and what it refuses
//! (an empty or huge text, a text the sandbox refuses even under `--trust`, a native
//! tier, an unknown game, a check past its time), each with a clear error.

use crate::common;

use common::server::Server;
use serde_json::{json, Value};

/// The `ludolog new` starter of a square board, as the playground serves it.
fn square_starter(s: &Server) -> String {
    let listed = s.ok("GET", "/api/playground/starters", None);
    let names: Vec<&str> = listed["starters"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    for name in ["new-square", "new-hex", "hex", "connect_four", "mitsudomoe"] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    let starter = s.ok("GET", "/api/playground/starters/new-square", None);
    starter["text"].as_str().expect("a text").to_string()
}

/// The text with `extra` appended to its line `n` (1-based).
fn with_at_line(text: &str, n: usize, extra: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[n - 1].push_str(extra);
    lines.join("\n") + "\n"
}

/// The 1-based line of the first clause of `legal/2`.
fn legal_line(text: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with("legal("))
        .expect("a legal/2 clause")
        + 1
}

fn post(s: &Server, path: &str, body: Value) -> (u16, Value) {
    s.call("POST", path, Some(&body.to_string()))
}

#[test]
fn a_starter_is_linted_played_and_checked_from_its_text() {
    let s = Server::start(&["hex"]);
    let text = square_starter(&s);
    // the starter is clean, and named after its module
    let (status, report) = post(&s, "/api/playground/lint", json!({ "text": text }));
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["file"], "my_game.pl", "{report}");
    assert_eq!(report["findings"], json!([]), "{report}");
    assert!(report["games"].as_u64() > Some(0), "{report}");
    // a fault planted at a line is found at that line
    let at = legal_line(&text);
    let broken = with_at_line(&text, at, " foo bar");
    let (status, report) = post(&s, "/api/playground/lint", json!({ "text": broken }));
    assert_eq!(status, 200, "{report}");
    let f = &report["findings"][0];
    assert_eq!(f["line"], at, "{report}");
    assert_eq!(f["check"], "syntax", "{report}");
    // played: a game of the board, with its options, that takes moves
    let (status, state) = post(
        &s,
        "/api/playground/play",
        json!({ "text": text, "options": { "size": 4 } }),
    );
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["legal"].as_array().map(Vec::len), Some(16), "{state}");
    let id = state["id"].as_str().expect("an id");
    let after = s.ok(
        "POST",
        &format!("/api/sessions/{id}/play"),
        Some(r#"{"move":"b2"}"#),
    );
    assert_eq!(after["to_move"], "o", "{after}");
    // its REPL pane runs on the same text (which no file holds)
    let pane = s.ok(
        "POST",
        &format!("/api/sessions/{id}/repl"),
        Some(r#"{"input":"current(S), legal(S, M)."}"#),
    );
    assert!(
        pane["answer"].as_str().unwrap_or_default().contains("M = "),
        "{pane}"
    );
    // a text that does not load is not played, and says where
    let (status, e) = post(&s, "/api/playground/play", json!({ "text": broken }));
    assert_eq!(status, 422, "{e}");
    let error = e["error"].as_str().unwrap_or_default();
    assert!(error.contains(&format!("my_game.pl:{at}")), "{error}");
    // checked against its other tier: they agree
    let (status, r) = post(
        &s,
        "/api/playground/check",
        json!({ "text": text, "against": { "tier": "accelerated" }, "games": 3 }),
    );
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["agrees"], true, "{r}");
    assert_eq!(r["report"]["games"], 3, "{r}");
    assert!(
        r["text"]
            .as_str()
            .unwrap_or_default()
            .contains("my_game (spec) vs my_game (accelerated)"),
        "{r}"
    );
    // against Tic-tac-toe: K in a row is not Tic-tac-toe's text, and the report says how
    let (status, r) = post(
        &s,
        "/api/playground/check",
        json!({ "text": text, "against": { "game": "tic_tac_toe" }, "games": 3 }),
    );
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["agrees"], false, "{r}");
    assert!(r["report"]["mismatch"].is_object(), "{r}");
}

#[test]
fn the_playground_refuses_with_clear_errors_and_keeps_the_sandbox_under_trust() {
    // --trust lifts the walls of rule files from disk, never of a text a page sent
    let s = Server::start(&["hex", "--trust"]);
    let text = square_starter(&s);
    let escape = format!("{text}\n:- initialization(shell(\"true\")).\n");
    let line = escape.lines().count();
    let (status, report) = post(&s, "/api/playground/lint", json!({ "text": escape }));
    assert_eq!(status, 200, "{report}");
    let f = &report["findings"][0];
    assert_eq!(f["line"], line, "{report}");
    assert!(
        f["message"]
            .as_str()
            .unwrap_or_default()
            .contains("refused by the sandbox"),
        "{report}"
    );
    let (status, e) = post(&s, "/api/playground/play", json!({ "text": escape }));
    assert_eq!(status, 422, "{e}");
    assert!(
        e["error"]
            .as_str()
            .unwrap_or_default()
            .contains("refused by the sandbox"),
        "{e}"
    );
    // a lint whose rules run away ends, and says where it stopped
    let at = legal_line(&text);
    let runaway = {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines[at - 1] = lines[at - 1].replacen(":-", ":- spin(1),", 1);
        lines.join("\n") + "\nspin(X) :- spin(X).\n"
    };
    let (status, report) = post(&s, "/api/playground/lint", json!({ "text": runaway }));
    assert_eq!(status, 200, "{report}");
    let messages: Vec<&str> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter_map(|f| f["message"].as_str())
        .collect();
    assert!(messages.iter().any(|m| m.contains("limit")), "{report}");
    let cases: Vec<(&str, Value, u16, &str)> = vec![
        (
            "lint",
            json!({ "text": "  \n" }),
            422,
            "the rule text is empty",
        ),
        (
            "lint",
            json!({ "text": "%".repeat(70 * 1024) }),
            413,
            "at most 64 KiB",
        ),
        ("play", json!({ "text": "hello." }), 422, "module"),
        ("lint", json!({ "txt": text }), 400, "missing field `text`"),
        (
            "play",
            json!({ "text": text, "tier": "native" }),
            422,
            "not native",
        ),
        (
            "play",
            json!({ "text": text, "options": { "size": "huge" } }),
            422,
            "size",
        ),
        (
            "check",
            json!({ "text": text, "against": { "game": "chess" } }),
            422,
            "no game chess",
        ),
        (
            "check",
            json!({ "text": text, "against": { "tier": "spec" } }),
            422,
            "already",
        ),
        (
            "check",
            json!({ "text": text, "against": { "tier": "accelerated" }, "games": 0 }),
            422,
            "games: 0",
        ),
    ];
    for (what, body, want, says) in cases {
        let (status, e) = post(&s, &format!("/api/playground/{what}"), body);
        let error = e["error"].as_str().unwrap_or_default();
        assert_eq!(status, want, "{what}: {e}");
        assert!(error.contains(says), "{what}: {error}");
        assert!(
            error.starts_with(|c: char| !c.is_uppercase()),
            "{what}: {error}"
        );
    }
    // a check whose time runs out reports the games it played by then, and says so
    let (status, r) = post(
        &s,
        "/api/playground/check",
        json!({ "text": text, "against": { "tier": "accelerated" }, "games": 200,
                "seconds": 1, "options": { "size": 9 } }),
    );
    assert_eq!(status, 200, "{r}");
    assert_eq!(
        (r["agrees"].as_bool(), r["complete"].as_bool()),
        (Some(true), Some(false)),
        "{r}"
    );
    let played = r["report"]["games"].as_u64().unwrap_or(0);
    assert!(
        played < 200 && r["report"]["positions"].as_u64() > Some(0),
        "{r}"
    );
    let said = format!("its time ran out after {played} of its 200 games");
    assert!(
        r["text"].as_str().unwrap_or_default().contains(&said),
        "{r}"
    );
    // a page of another site may not send the server rules to run (a short body: the
    // server refuses before reading it, and a long one could meet a closed socket)
    let (status, e) = s.call_with(
        "POST",
        "/api/playground/lint",
        Some(&json!({ "text": ":- module(x, [])." }).to_string()),
        &[("origin", "http://evil.example")],
    );
    assert_eq!(status, 403, "{e}");
    assert_eq!(s.call("GET", "/api/playground/starters/chess", None).0, 404);
}
