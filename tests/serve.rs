//! `ludolog serve`'s JSON API, as a script uses it: a Hex game played to a win, an
//! illegal move refused with its reason, undo and redo, the footprints the page
//! clicks by, computer moves, records, and bad requests that get a clear 4xx.

use crate::common;

use common::server::Server;

#[test]
fn a_hex_game_is_played_to_a_win_through_the_api() {
    let s = Server::start(&["hex"]);
    let games = s.ok("GET", "/api/games", None);
    assert!(games["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["name"] == "mitsudomoe"));
    assert_eq!(games["default"], "hex");
    let state = s.ok(
        "POST",
        "/api/sessions",
        Some(r#"{"game":"hex","options":{"size":3}}"#),
    );
    assert_eq!(state["position"], "3x3 3/3/3 red");
    assert_eq!(state["legal"].as_array().unwrap().len(), 9);
    assert!(state["svg"].as_str().unwrap().contains(r#"data-cell="b2""#));
    let id = state["id"].as_str().unwrap().to_string();
    // red joins top and bottom down the b column
    for mv in ["b1", "a1", "b2", "a2", "b3"] {
        let st = s.ok(
            "POST",
            &format!("/api/sessions/{id}/play"),
            Some(&format!(r#"{{"move":"{mv}"}}"#)),
        );
        assert_eq!(st["moves"].as_array().unwrap().last().unwrap(), mv);
    }
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(st["outcome"], "win(red)");
    assert_eq!(st["legal"].as_array().unwrap().len(), 0);
    let record = s.call("GET", &format!("/api/sessions/{id}/record"), None).1;
    assert!(
        record
            .as_str()
            .unwrap()
            .contains("1. b1 a1 2. b2 a2 3. b3 win(red)"),
        "{record}"
    );
    let sgf = s
        .call(
            "GET",
            &format!("/api/sessions/{id}/record?format=sgf"),
            None,
        )
        .1;
    assert!(sgf.as_str().unwrap().starts_with("(;"), "{sgf}");
}

#[test]
fn an_illegal_move_says_why_and_undo_and_redo_walk_the_line() {
    let s = Server::start(&["hex", "-O", "size=3"]);
    let id = s.ok("POST", "/api/sessions", Some("{}"))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let play = |mv: &str| {
        s.call(
            "POST",
            &format!("/api/sessions/{id}/play"),
            Some(&format!(r#"{{"move":"{mv}"}}"#)),
        )
    };
    assert_eq!(play("b2").0, 200);
    let (status, body) = play("b2");
    assert_eq!(status, 422);
    assert_eq!(body["error"], "illegal move: b2 is occupied by red");
    let (status, body) = play("z9");
    assert_eq!(status, 422, "{body}");
    let why = s.ok(
        "POST",
        &format!("/api/sessions/{id}/why"),
        Some(r#"{"move":"b2"}"#),
    );
    assert!(
        why["why"]
            .as_str()
            .unwrap()
            .contains("b2 is occupied by red"),
        "{why}"
    );
    let st = s.ok("POST", &format!("/api/sessions/{id}/undo"), None);
    assert_eq!(st["moves"].as_array().unwrap().len(), 0);
    assert_eq!(st["redo"][0], "b2");
    let st = s.ok("POST", &format!("/api/sessions/{id}/redo"), None);
    assert_eq!(st["position"], "3x3 3/1r1/3 blue");
    let st = s.ok(
        "POST",
        &format!("/api/sessions/{id}/position"),
        Some(r#"{"position":"3x3 r2/1b1/3 red"}"#),
    );
    assert_eq!(st["moves"].as_array().unwrap().len(), 0);
    assert_eq!(st["start"], "3x3 r2/1b1/3 red");
    let (status, body) = s.call(
        "POST",
        &format!("/api/sessions/{id}/position"),
        Some(r#"{"position":"3x3 rrr/3/3 blue"}"#),
    );
    assert_eq!(status, 422, "{body}");
    // a refused position says its kind: no game reaches this one; a text that does
    // not read says where it stopped
    assert_eq!(body["kind"], "unreachable", "{body}");
    assert!(body.get("at").is_none(), "{body}");
    let (status, body) = s.call(
        "POST",
        &format!("/api/sessions/{id}/position"),
        Some(r#"{"position":"3x3 3/3/3 green"}"#),
    );
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["kind"], "unreadable", "{body}");
    assert_eq!(body["at"], 11, "{body}");
    assert_eq!(
        body["error"],
        "bad position: column 11: expected the side to move (red or blue), found 'g'"
    );
    // other refusals carry no kind
    let (status, body) = s.call(
        "POST",
        &format!("/api/sessions/{id}/play"),
        Some(r#"{"move":"z9"}"#),
    );
    assert_eq!(status, 422, "{body}");
    assert!(body.get("kind").is_none(), "{body}");
}

#[test]
fn footprints_name_the_cells_a_move_changes_in_any_game() {
    let s = Server::start(&["replica"]);
    let st = s.ok("POST", "/api/sessions", Some(r#"{"game":"replica"}"#));
    let id = st["id"].as_str().unwrap().to_string();
    let feet = s.ok("GET", &format!("/api/sessions/{id}/footprints"), None);
    assert_eq!(
        feet.as_object().unwrap().len(),
        st["legal"].as_array().unwrap().len()
    );
    // a transform changes its own square; a step its two squares
    assert_eq!(feet["b1*"], serde_json::json!(["b1"]));
    let step = feet
        .as_object()
        .unwrap()
        .iter()
        .find(|(m, _)| m.contains('-'))
        .unwrap();
    assert_eq!(step.1.as_array().unwrap().len(), 2, "{step:?}");
    // a computer plays for the side to move
    let r = s.ok(
        "POST",
        &format!("/api/sessions/{id}/computer"),
        Some(r#"{"player":"greedy"}"#),
    );
    assert!(r["played"].is_string(), "{r}");
    assert_eq!(r["state"]["moves"].as_array().unwrap().len(), 1);
}

#[test]
fn bad_requests_get_a_clear_4xx_and_the_server_goes_on() {
    let s = Server::start(&["hex"]);
    let id = s.ok(
        "POST",
        "/api/sessions",
        Some(r#"{"game":"hex","options":{"size":4}}"#),
    )["id"]
        .as_str()
        .unwrap()
        .to_string();
    let cases: &[(&str, String, Option<&str>, u16, &str)] = &[
        (
            "POST",
            format!("/api/sessions/{id}/play"),
            Some("{not json"),
            400,
            "bad request body",
        ),
        (
            "POST",
            format!("/api/sessions/{id}/play"),
            Some(r#"{"mv":"a1"}"#),
            400,
            "missing field `move`",
        ),
        (
            "GET",
            "/api/sessions/999".into(),
            None,
            404,
            "there is no such game",
        ),
        // ids are unguessable texts: a wrong one names no game
        ("GET", "/api/sessions/x".into(), None, 404, "no such game"),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game":"chess"}"#),
            422,
            "no game chess",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game":"../../etc/passwd"}"#),
            422,
            "no game",
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game":"hex","options":{"size":99}}"#),
            422,
            "size",
        ),
        (
            "POST",
            format!("/api/sessions/{id}/computer"),
            Some(r#"{"player":"human"}"#),
            422,
            "computer player",
        ),
        (
            "POST",
            format!("/api/sessions/{id}/computer"),
            Some(r#"{"player":"deep blue"}"#),
            422,
            "",
        ),
        ("GET", "/etc/passwd".into(), None, 404, "no such page"),
        ("GET", "/../Cargo.toml".into(), None, 404, ""),
    ];
    for (method, path, body, status, says) in cases {
        let (got, json) = s.call(method, path, *body);
        assert_eq!(got, *status, "{method} {path}: {json}");
        assert!(json.to_string().contains(says), "{method} {path}: {json}");
    }
    let huge = format!(r#"{{"move":"{}"}}"#, "a".repeat(1 << 20));
    let (got, body) = s.call("POST", &format!("/api/sessions/{id}/play"), Some(&huge));
    // 413, or the connection closed while the rest of the body was being sent
    assert!(got == 413 || got == 0, "{got} {body}");
    // still serving, the game unchanged
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(st["position"], "4x4 4/4/4/4 red");
    let (got, _) = s.call("GET", "/", None);
    assert_eq!(got, 200);
}

#[test]
fn a_rule_file_from_disk_is_served_under_the_sandbox() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pile.pl");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/new_game/pile.pl"),
        &path,
    )
    .unwrap();
    let s = Server::start(&[path.to_str().unwrap()]);
    let games = s.ok("GET", "/api/games", None);
    assert_eq!(games["default"], path.to_str().unwrap());
    let st = s.ok("POST", "/api/sessions", Some("{}"));
    assert_eq!(st["position"], "7 first");
    let id = st["id"].as_str().unwrap().to_string();
    let st = s.ok(
        "POST",
        &format!("/api/sessions/{id}/play"),
        Some(r#"{"move":"3"}"#),
    );
    assert_eq!(st["position"], "4 second");
    // a rule file that reaches for a file is refused as it loads, as on the command line
    let evil = dir.path().join("evil.pl");
    std::fs::write(
        &evil,
        std::fs::read_to_string(&path).unwrap().replace(
            "to_move(pile(_, P), P).",
            "to_move(pile(_, P), P) :- open('/etc/passwd', read, _).",
        ),
    )
    .unwrap();
    // (serve checks the game before listening, so it never serves this one)
    let (code, out, err) = common::run(&["serve", evil.to_str().unwrap(), "--port", "0"], None);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("sandbox"), "{err}");
    assert!(!out.contains("http://"), "{out}");
}

#[test]
fn a_rule_file_that_changes_is_reloaded_and_the_tiers_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pile.pl");
    let original = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/new_game/pile.pl"
    ))
    .unwrap();
    std::fs::write(&path, &original).unwrap();
    let s = Server::start(&[path.to_str().unwrap()]);
    let st = s.ok("POST", "/api/sessions", Some("{}"));
    assert_eq!(st["watching"], true);
    let id = st["id"].as_str().unwrap().to_string();
    for mv in ["3", "3"] {
        s.ok(
            "POST",
            &format!("/api/sessions/{id}/play"),
            Some(&format!(r#"{{"move":"{mv}"}}"#)),
        );
    }
    // a take of three is no longer legal: the replay stops at the first move
    std::fs::write(
        &path,
        original.replace("Max is min(3, N)", "Max is min(2, N)"),
    )
    .unwrap();
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    let note = st["note"].as_str().unwrap();
    assert!(note.contains("stop applying at move 1 (3)"), "{note}");
    // lint finds nothing in the new file: the note says only the replay
    assert!(!note.contains("pile.pl:"), "{note}");
    assert_eq!(st["legal"], serde_json::json!(["1", "2"]));
    // a file that no longer loads keeps the game on the old rules, and says why
    std::fs::write(
        &path,
        original.replace("to_move(pile(_, P), P).", "to_move(pile(_, P), P"),
    )
    .unwrap();
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    assert!(st["note"].as_str().unwrap().contains("do not load"), "{st}");
    assert_eq!(st["legal"], serde_json::json!(["1", "2"]));
    // a file that loads but that lint finds fault with: the finding at its file:line
    std::fs::write(
        &path,
        original.replace("Max is min(3, N)", "Max is min(2, N), Unused = 1"),
    )
    .unwrap();
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    let note = st["note"].as_str().unwrap();
    assert!(
        note.contains("pile.pl:") && note.contains("Unused"),
        "{note}"
    );
    // nothing changed since: no note
    assert!(s.ok("GET", &format!("/api/sessions/{id}"), None)["note"].is_null());

    // Hex in the native tier, checked against its rule tiers
    let s = Server::start(&["hex", "-O", "size=4"]);
    let id = s.ok("POST", "/api/sessions", Some(r#"{"tier":"native"}"#))["id"]
        .as_str()
        .unwrap()
        .to_string();
    s.ok(
        "POST",
        &format!("/api/sessions/{id}/play"),
        Some(r#"{"move":"b2"}"#),
    );
    let check = s.ok("POST", &format!("/api/sessions/{id}/check"), None);
    let tiers = check["tiers"].as_array().unwrap();
    assert_eq!(tiers.len(), 2, "{check}");
    for t in tiers {
        assert!(t["differences"].as_array().unwrap().is_empty(), "{check}");
    }
}

#[test]
fn the_repl_pane_answers_on_the_position_one_answer_at_a_time_and_stops() {
    let s = Server::start(&["hex", "-O", "size=3"]);
    let id = s.ok("POST", "/api/sessions", Some("{}"))["id"]
        .as_str()
        .unwrap()
        .to_string();
    s.ok(
        "POST",
        &format!("/api/sessions/{id}/play"),
        Some(r#"{"move":"b2"}"#),
    );
    let repl = |input: &str| {
        s.ok(
            "POST",
            &format!("/api/sessions/{id}/repl"),
            Some(&serde_json::json!({ "input": input }).to_string()),
        )
    };
    // on the board's position: eight empty cells left
    let r = repl("current(S), findall(M, legal(S, M), Ms), length(Ms, N).");
    assert!(r["answer"].as_str().unwrap().contains("N = 8"), "{r}");
    // one answer at a time
    let r = repl("member(X, [a, b, c]).");
    assert_eq!(r["answer"], "X = a", "{r}");
    assert_eq!(r["more"], true);
    let r = s.ok(
        "POST",
        &format!("/api/sessions/{id}/repl/next"),
        Some(r#"{"step":"next"}"#),
    );
    assert_eq!(r["answer"], "X = b");
    let r = s.ok(
        "POST",
        &format!("/api/sessions/{id}/repl/next"),
        Some(r#"{"step":"stop"}"#),
    );
    assert_eq!(r["more"], false, "{r}");
    // the user's own predicates, and the sandbox
    repl("double(X, Y) :- Y is 2 * X.");
    assert!(repl("double(21, Y).")["answer"]
        .as_str()
        .unwrap()
        .contains("Y = 42"));
    let r = repl("open('/etc/hostname', read, S).");
    assert!(
        r.to_string().contains("sandbox") || r.to_string().contains("not allowed"),
        "{r}"
    );
    // a query that never ends is stopped as Ctrl-C stops it; the session goes on
    // stopped again and again until it answers: a stop that comes before the query
    // starts stops nothing
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stopper = {
        let url = format!("{}api/sessions/{id}/repl/stop", s.url);
        let done = done.clone();
        std::thread::spawn(move || {
            let mut last = None;
            while !done.load(std::sync::atomic::Ordering::SeqCst) {
                last = Some(ureq::post(&url).call().map(|r| r.status()));
                std::thread::yield_now();
            }
            last.unwrap_or(Ok(204))
        })
    };
    let r = repl("repeat, fail.");
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    assert!(
        r["message"].as_str().unwrap().contains("interrupted"),
        "{r}"
    );
    assert_eq!(stopper.join().unwrap().unwrap(), 204);
    assert!(repl("double(2, Y).")["answer"]
        .as_str()
        .unwrap()
        .contains("Y = 4"));
    // the pane follows the board
    s.ok("POST", &format!("/api/sessions/{id}/undo"), None);
    let r = repl("current(S), findall(M, legal(S, M), Ms), length(Ms, N).");
    assert!(r["answer"].as_str().unwrap().contains("N = 9"), "{r}");
    // and the board follows the pane: its :play and :undo move the game
    let r = repl(":play a3");
    assert_eq!(r["moved"], true, "{r}");
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(st["moves"], serde_json::json!(["a3"]), "{st}");
    assert_eq!(st["last"], serde_json::json!(["a3"]), "{st}");
    assert_eq!(repl(":undo")["moved"], true);
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(st["moves"], serde_json::json!([]), "{st}");
    assert_eq!(repl("X = 1.")["moved"], false);
}

#[test]
fn a_stop_or_a_stale_board_plays_nothing_and_a_record_has_the_set_size() {
    let s = Server::start(&["hex", "-O", "size=7"]);
    let id = s.ok("POST", "/api/sessions", Some("{}"))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = |what: &str| format!("/api/sessions/{id}/{what}");
    let here = format!("/api/sessions/{id}");
    // a computer stopped while it thinks plays no move: stops keep coming until its
    // request ends, so one comes after it started, whenever that was
    let computer = {
        let url = format!("{}api/sessions/{id}/computer", s.url);
        std::thread::spawn(move || {
            match ureq::post(&url).send_json(serde_json::json!({"player": "alphabeta:30s"})) {
                Ok(r) => (r.status(), r.into_string().unwrap_or_default()),
                Err(ureq::Error::Status(code, r)) => (code, r.into_string().unwrap_or_default()),
                Err(e) => (0, e.to_string()),
            }
        })
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !computer.is_finished() {
        assert!(
            std::time::Instant::now() < deadline,
            "the stop was not heard"
        );
        assert_eq!(s.call("POST", &path("stop"), None).0, 204);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let (code, body) = computer.join().unwrap();
    assert_eq!(code, 409, "{body}");
    assert!(body.contains("stopped"), "{body}");
    let st = s.ok("GET", &here, None);
    assert_eq!(st["moves"].as_array().unwrap().len(), 0, "{st}");
    // a move sent for a board that is no longer the game's is refused, and says so
    let start = st["position"].as_str().unwrap().to_string();
    let play = |mv: &str, at: &str| {
        s.call(
            "POST",
            &path("play"),
            Some(&serde_json::json!({"move": mv, "position": at}).to_string()),
        )
    };
    assert_eq!(play("d4", &start).0, 200);
    let (code, body) = play("a1", &start);
    assert_eq!(code, 409, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("out of date"),
        "{body}"
    );
    let st = s.ok("GET", &here, None);
    assert_eq!(st["moves"], serde_json::json!(["d4"]), "{st}");
    // a computer asked for a stale board does not move either
    let (code, _) = s.call(
        "POST",
        &path("computer"),
        Some(&serde_json::json!({"player": "random", "position": start}).to_string()),
    );
    assert_eq!(code, 409);
    // a start position of another size: the state and the record say its size
    let st = s.ok(
        "POST",
        &path("position"),
        Some(r#"{"position":"5x5 5/5/5/5/5 red"}"#),
    );
    assert_eq!(st["options"]["size"], "5", "{st}");
    let record = s.call("GET", &path("record"), None).1;
    let record = record.as_str().unwrap();
    assert!(record.contains("size=5"), "{record}");
    assert!(!record.contains("size=7"), "{record}");
}

/// A query that prints without end is cut at the pane's output bound and stopped at
/// the time limit in its own engine process; the server and the pane go on.
#[test]
fn the_repl_pane_bounds_a_query_that_prints_without_end() {
    let s = Server::start(&["hex", "-O", "size=3", "--time-limit", "2"]);
    let id = s.ok("POST", "/api/sessions", Some("{}"))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let repl = |input: &str| {
        s.ok(
            "POST",
            &format!("/api/sessions/{id}/repl"),
            Some(&serde_json::json!({ "input": input }).to_string()),
        )
    };
    let r = repl("repeat, write(xxxxxxxxxxxxxxxx), fail.");
    let output = r["output"].as_str().unwrap();
    assert!(output.len() < 70 * 1024, "{} bytes kept", output.len());
    assert!(output.contains("output cut at 64 KiB"), "{r}");
    assert!(r["message"].is_string(), "{r}");
    assert!(repl("X is 6 * 7.")["answer"]
        .as_str()
        .unwrap()
        .contains("X = 42"));
    assert_eq!(
        s.ok("GET", &format!("/api/sessions/{id}"), None)["position"],
        "3x3 3/3/3 red"
    );
}

/// A game that cannot be served is said at once, not at the first page.
#[test]
fn a_game_that_does_not_open_is_refused_before_serving() {
    for (game, says) in [
        (&["chess"][..], "unknown game `chess`"),
        (&["rules/nope.pl"][..], "no such rule file"),
        (&["hex", "-O", "size=99"][..], "option size=99"),
    ] {
        let mut args = vec!["serve"];
        args.extend_from_slice(game);
        args.extend(["--port", "0"]);
        let (code, out, err) = common::run(&args, None);
        assert_eq!(code, 1, "{args:?}: {out}{err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!out.contains("http://"), "{out}");
    }
}
