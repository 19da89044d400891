//! `ludolog serve`'s live updates, through the API: `GET /api/sessions/ID/events`
//! is a stream of server-sent `changed` events naming the game's version — the
//! state's `version` when it opens, then one for each request that changes the game
//! (a move, undo, a position set), none for one that only reads it — and it ends
//! when the game is closed.

use crate::common;

use common::server::Server;
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::Duration;

/// The `data` of each event of the stream, as it comes; `None` once it ends.
fn follow(s: &Server, id: &str) -> mpsc::Receiver<Option<String>> {
    let url = format!("{}api/sessions/{id}/events", s.url);
    let answer = ureq::get(&url).call().expect("the stream opens");
    assert_eq!(answer.content_type(), "text/event-stream");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut event = None;
        for line in BufReader::new(answer.into_reader()).lines() {
            let Ok(line) = line else { break };
            if let Some(name) = line.strip_prefix("event: ") {
                event = Some(name.to_string());
            } else if let Some(data) = line.strip_prefix("data: ") {
                if event.as_deref() == Some("changed") && tx.send(Some(data.to_string())).is_err() {
                    return;
                }
            }
        }
        let _ = tx.send(None);
    });
    rx
}

fn next(events: &mpsc::Receiver<Option<String>>) -> Option<String> {
    // generous: the machine may be loaded
    events
        .recv_timeout(Duration::from_secs(60))
        .expect("an event within a minute")
}

#[test]
fn every_change_of_a_game_is_announced_to_the_pages_that_follow_it() {
    let s = Server::start(&["hex"]);
    let st = s.ok("POST", "/api/sessions", Some(r#"{"options":{"size":3}}"#));
    let id = st["id"].as_str().expect("an id").to_string();
    let events = follow(&s, &id);
    assert_eq!(next(&events).as_deref(), st["version"].as_str());
    let played = s.ok(
        "POST",
        &format!("/api/sessions/{id}/play"),
        Some(&json!({ "move": "b2" }).to_string()),
    );
    assert_ne!(played["version"], st["version"]);
    assert_eq!(next(&events).as_deref(), played["version"].as_str());
    // reading changes nothing, and announces nothing: the next event is the undo's
    s.ok("GET", &format!("/api/sessions/{id}?at=0"), None);
    s.ok("GET", &format!("/api/sessions/{id}/footprints"), None);
    let undone = s.ok("POST", &format!("/api/sessions/{id}/undo"), None);
    assert_eq!(next(&events).as_deref(), undone["version"].as_str());
    // the redo list is part of the game: undone, it differs from the start
    assert_ne!(undone["version"], st["version"]);
    let set = s.ok(
        "POST",
        &format!("/api/sessions/{id}/position"),
        Some(r#"{"position": "3x3 r2/3/3 blue"}"#),
    );
    assert_eq!(next(&events).as_deref(), set["version"].as_str());
    // a second page follows the same game from where it is now
    let second = follow(&s, &id);
    assert_eq!(next(&second).as_deref(), set["version"].as_str());
    // closed: every stream ends
    let (status, _) = s.call("DELETE", &format!("/api/sessions/{id}"), None);
    assert_eq!(status, 204);
    assert_eq!(next(&events), None);
    assert_eq!(next(&second), None);
    let (status, _) = s.call("GET", &format!("/api/sessions/{id}/events"), None);
    assert_eq!(status, 404);
}
