//! The second wall: rules from disk run in a worker process that holds nothing worth
//! stealing and has no way out, whatever the Prolog-level check lets through. Each
//! test turns that check off (a test build's environment variable) and has a rule
//! file ask the kernel directly — through scryer's foreign function interface, as
//! an attacker past the check would — and shows the kernel refusing; and a worker's
//! death costs one request, in `gtp` and in `serve`.

use crate::common::{self, server::Server};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// The protocol predicates a rule file needs besides `initial/2` (and `play/3`,
/// which each test writes).
const TAIL: &str = "to_move(_, a).\noutcome(_, _) :- fail.\nevaluate(_, _, 0).\n\
position(s) --> \"s\".\nposition(t) --> \"t\".\nmove(m) --> \"m\".\nmove(boom) --> \"boom\".\n\
view(_, view(square, 1, 1, [], [])).\n";

/// Writes `NAME.pl` (module NAME) with `body` and the protocol's rest into `dir`.
fn rule_file(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(format!("{name}.pl"));
    let text = format!(
        ":- module({name}, [initial/2, to_move/2, legal/2, play/3, outcome/2, evaluate/3, position//1, move//1, view/2]).\n\
         :- use_module(library(lists)).\n{body}{TAIL}"
    );
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Runs `bash -c SCRIPT` (which runs the binary as `$LUDOLOG`) with the Prolog-level
/// check off in its workers; gives its output and error output together.
fn with_check_off(script: &str) -> String {
    let out = Command::new("bash")
        .args(["-c", script])
        .env("LUDOLOG", common::bin())
        .env("LUDOLOG_TEST_PROLOG_SANDBOX_OFF", "1")
        .env("HOME", "/root-secret-home")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn a_worker_starts_no_process_opens_no_socket_and_signals_no_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = rule_file(
        dir.path(),
        "calls",
        ":- use_module(library(ffi)).\n\
         initial(_, s) :- use_foreign_module(\"libc.so.6\", [fork([], sint32), socket([sint32, sint32, sint32], sint32), \
         kill([sint32, sint32], sint32), getppid([], sint32)]),\n\
         ffi:fork(F), ffi:socket(2, 1, 0, S), ffi:getppid(P), ffi:kill(P, 0, K), ffi:kill(1, 0, K1),\n\
         throw(answers(fork(F), socket(S), kill_parent(K), kill_init(K1))).\n\
         legal(s, m).\nplay(s, m, s).\n",
    );
    let text = with_check_off(&format!("\"$LUDOLOG\" moves {file}"));
    assert!(
        text.contains("answers(fork(-1),socket(-1),kill_parent(-1),kill_init(-1))"),
        "{text}"
    );
    assert!(
        !text.contains("refused by the sandbox"),
        "the Prolog check ran: {text}"
    );
}

#[test]
fn a_worker_changes_no_file_mode_no_scheduling_and_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let file = rule_file(
        dir.path(),
        "calls2",
        ":- use_module(library(ffi)).\n\
         initial(_, s) :- use_foreign_module(\"libc.so.6\", [fchmod([sint32, sint32], sint32), \
         setpriority([sint32, sint32, sint32], sint32), getppid([], sint32), \
         shmget([sint32, sint64, sint32], sint32), msgget([sint32, sint32], sint32)]),\n\
         ffi:fchmod(0, 511, M), ffi:getppid(P), ffi:setpriority(0, P, 19, S), \
         ffi:shmget(0, 4096, 1664, Shm), ffi:msgget(0, 1664, Msg),\n\
         throw(answers(fchmod(M), setpriority(S), shmget(Shm), msgget(Msg))).\n\
         legal(s, m).\nplay(s, m, s).\n",
    );
    let text = with_check_off(&format!("\"$LUDOLOG\" moves {file}"));
    assert!(
        text.contains("answers(fchmod(-1),setpriority(-1),shmget(-1),msgget(-1))"),
        "{text}"
    );
}

#[test]
fn a_worker_inherits_no_environment_and_no_descriptor() {
    let dir = tempfile::tempdir().unwrap();
    let file = rule_file(
        dir.path(),
        "inherits",
        ":- use_module(library(ffi)).\n:- use_module(library(os)).\n\
         initial(_, s) :- ( getenv(\"HOME\", H) -> throw(home(H)) ; true ),\n\
         use_foreign_module(\"libc.so.6\", [fcntl([sint32, sint32], sint32)]),\n\
         ffi:fcntl(60, 1, R), throw(descriptor_60(R)).\n\
         legal(s, m).\nplay(s, m, s).\n",
    );
    // ludolog itself is given descriptor 60, open on a file (a number above those
    // the worker opens for itself), and HOME
    let text = with_check_off(&format!("exec 60</etc/hostname; \"$LUDOLOG\" moves {file}"));
    assert!(text.contains("descriptor_60(-1)"), "{text}");
    assert!(!text.contains("root-secret-home"), "{text}");
}

#[test]
fn a_worker_reads_its_rule_files_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("secret.txt"), "the secret\n").unwrap();
    rule_file(
        dir.path(),
        "beside",
        "initial(_, s).\nlegal(s, m).\nplay(s, m, s).\n",
    );
    let mark = dir.path().join("made");
    let tries = [
        (
            "a rule file beside it",
            dir.path().join("beside.pl"),
            "read",
            true,
        ),
        (
            "a file beside it",
            dir.path().join("secret.txt"),
            "read",
            false,
        ),
        (
            "its environment",
            "/proc/self/environ".into(),
            "read",
            false,
        ),
        ("its parent", "/proc/1/status".into(), "read", false),
        ("a new file beside it", mark.clone(), "write", false),
    ];
    for (what, path, mode, allowed) in tries {
        let file = rule_file(
            dir.path(),
            "reader",
            &format!(
                "initial(_, s) :- catch((open('{}', {mode}, S), close(S), throw(opened)), error(E, _), throw(refused(E))).\n\
                 legal(s, m).\nplay(s, m, s).\n",
                path.display()
            ),
        );
        let text = with_check_off(&format!("\"$LUDOLOG\" moves {file}"));
        let opened = text.contains("uncaught exception opened");
        assert_eq!(opened, allowed, "{what}: {text}");
        if !allowed {
            assert!(text.contains("refused(permission_error"), "{what}: {text}");
        }
    }
    assert!(!mark.exists(), "a file was made");
}

/// A rule file whose move `boom` takes more memory than a worker may have.
fn bomb(dir: &Path) -> String {
    rule_file(
        dir,
        "bomb",
        "initial(_, s).\nlegal(s, m).\nlegal(s, boom).\n\
         play(s, m, t).\nplay(s, boom, s) :- length(_, 300000000).\n",
    )
}

#[test]
fn gtp_goes_on_after_a_request_that_ends_its_worker() {
    let dir = tempfile::tempdir().unwrap();
    let file = bomb(dir.path());
    let mut child = Command::new(common::bin())
        .args(["gtp", &file, "--memory-limit", "256"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input
        .write_all(b"play a boom\nplay a m\nludolog-position\nquit\n")
        .unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = text.split("\n\n").collect();
    assert!(
        answers[0].starts_with("? ") && answers[0].contains("memory limit"),
        "{text}"
    );
    assert_eq!(answers[1].trim(), "=", "{text}");
    assert_eq!(answers[2].trim(), "= t", "{text}");
}

#[test]
fn serve_keeps_each_game_in_a_worker_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let file = bomb(dir.path());
    let s = Server::start(&[&file, "--memory-limit", "256"]);
    let a = s.ok("POST", "/api/sessions", Some("{}"));
    let a = a["id"].as_str().unwrap().to_string();
    let b = s.ok("POST", "/api/sessions", Some("{}"));
    let b = b["id"].as_str().unwrap().to_string();
    // 128 random bits each
    assert!(
        a.len() == 32 && a.chars().all(|c| c.is_ascii_hexdigit()),
        "{a}"
    );
    assert_ne!(a, b);
    let (status, json) = s.call(
        "POST",
        &format!("/api/sessions/{a}/play"),
        Some(r#"{"move":"boom"}"#),
    );
    assert!(status >= 400, "{json}");
    assert!(json.to_string().contains("memory limit"), "{json}");
    // the game goes on in a new worker, as it was; the other game never noticed
    let st = s.ok("GET", &format!("/api/sessions/{a}"), None);
    assert_eq!(st["position"], "s");
    let st = s.ok(
        "POST",
        &format!("/api/sessions/{a}/play"),
        Some(r#"{"move":"m"}"#),
    );
    assert_eq!(st["position"], "t");
    assert_eq!(
        s.ok("GET", &format!("/api/sessions/{b}"), None)["position"],
        "s"
    );
}

#[test]
fn serve_answers_its_own_hosts_and_pages_only() {
    let s = Server::start(&["hex", "-O", "size=3"]);
    let (status, json) = s.call_with("GET", "/api/games", None, &[("Host", "evil.example")]);
    assert_eq!(status, 403, "{json}");
    let (status, json) = s.call_with(
        "POST",
        "/api/sessions",
        Some("{}"),
        &[("Origin", "http://evil.example")],
    );
    assert_eq!(status, 403, "{json}");
    let (status, json) = s.call_with(
        "POST",
        "/api/sessions",
        Some("{}"),
        &[("Sec-Fetch-Site", "cross-site")],
    );
    assert_eq!(status, 403, "{json}");
    let own = s.url.trim_end_matches('/').to_string();
    let (status, json) = s.call_with("POST", "/api/sessions", Some("{}"), &[("Origin", &own)]);
    assert_eq!(status, 200, "{json}");
}

#[test]
fn serve_caps_what_a_player_may_ask_and_stop_ends_a_search() {
    let s = Server::start(&["hex", "-O", "size=11"]);
    let id = s.ok("POST", "/api/sessions", Some("{}"))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, json) = s.call(
        "POST",
        &format!("/api/sessions/{id}/computer"),
        Some(r#"{"player":"mcts:100000000"}"#),
    );
    assert_eq!(status, 422, "{json}");
    assert!(json.to_string().contains("at most mcts:"), "{json}");
    // a long search, stopped from the side: it ends with an error, nothing played
    let url = format!("{}api/sessions/{id}/computer", s.url);
    let search = std::thread::spawn(move || {
        ureq::post(&url)
            .set("content-type", "application/json")
            .send_string(r#"{"player":"alphabeta:30s"}"#)
            .map(|r| r.status())
            .unwrap_or_else(|e| match e {
                ureq::Error::Status(code, _) => code,
                _ => 0,
            })
    });
    // stopped again and again until the search answers: a stop that comes before
    // the search starts stops nothing
    while !search.is_finished() {
        s.call("POST", &format!("/api/sessions/{id}/stop"), None);
        std::thread::yield_now();
    }
    let status = search.join().unwrap();
    assert!(status >= 400, "the search was not stopped: {status}");
    let st = s.ok("GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(st["moves"].as_array().unwrap().len(), 0, "{st}");
    // and the game goes on
    s.ok(
        "POST",
        &format!("/api/sessions/{id}/play"),
        Some(r#"{"move":"f6"}"#),
    );
}

#[test]
fn a_served_repl_pane_keeps_to_the_served_game() {
    let s = Server::start(&["hex", "-O", "size=3"]);
    let id = s.ok("POST", "/api/sessions", Some("{}"))["id"]
        .as_str()
        .unwrap()
        .to_string();
    for input in [":load /etc/passwd", ":game /etc/passwd", ":l Cargo.toml"] {
        let (status, json) = s.call(
            "POST",
            &format!("/api/sessions/{id}/repl"),
            Some(&serde_json::json!({ "input": input }).to_string()),
        );
        assert_eq!(status, 200, "{json}");
        assert!(
            json.to_string().contains("not available here"),
            "{input}: {json}"
        );
    }
}
