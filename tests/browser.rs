//! `ludolog serve` in a real browser: headless Chromium, driven over WebDriver by
//! chromedriver, loads the page and plays by clicking the board — Hex 5x5 to a win
//! (an illegal click that says why, the tiers checked, a query in the REPL pane, a
//! reload that keeps the game), a Replica jump (and a click no move uses), Connect
//! Four by columns with its REPL's :play, a computer and Undo, a Mitsudomoe vault whose
//! relocation is picked in the chooser, a Tactigon move — and walks a Hex game's
//! history (a move clicked, ← → Home End) and plays from an earlier position.  Each
//! ends with a screenshot in target/browser-screenshots/ (kept as an artefact, not
//! committed).
//!
//! It needs Debian's chromium and chromium-driver (`apt-get install chromium
//! chromium-driver`), and installs nothing itself: without them it says SKIPPED on
//! the terminal, past the test harness's capture, and passes.

use crate::common;

use base64::Engine as _;
use common::server::Server;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub(crate) const CHROMIUM: &str = "/usr/bin/chromium";
pub(crate) const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// WebDriver's key for an element reference.
pub(crate) const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Whether the browser and its driver are here.
pub(crate) fn browser_available() -> bool {
    Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists()
}

/// A chromedriver process and one browser session of it; both end when dropped.
pub(crate) struct Browser {
    driver: Child,
    base: String,
    session: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    pub(crate) fn start() -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let base = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        while ureq::get(&format!("{base}/status")).call().is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = tempfile::tempdir().expect("a profile folder");
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1200,900",
            &format!("--user-data-dir={}", profile.path().display()),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args}
        }}});
        let mut b = Browser {
            driver,
            base,
            session: String::new(),
            _profile: profile,
        };
        let v = b.send("POST", "/session", Some(caps));
        b.session = v["sessionId"].as_str().expect("a session id").to_string();
        b
    }

    /// A WebDriver command; its `value`.
    pub(crate) fn send(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        match self.try_send(method, path, body) {
            Ok(v) => v,
            Err((err, message)) => panic!("webdriver {method} {path}: {err}: {message}"),
        }
    }

    /// A WebDriver command: its `value`, or the error it names and its message.
    fn try_send(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> Result<Value, (String, String)> {
        let url = if path == "/session" {
            format!("{}{path}", self.base)
        } else {
            format!("{}/session/{}{path}", self.base, self.session)
        };
        let req = ureq::request(method, &url).timeout(Duration::from_secs(60));
        let res = match body {
            Some(b) => req.send_json(b),
            None => req.call(),
        };
        let res = match res {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("webdriver {method} {path}: {e}"),
        };
        let v: Value = res.into_json().expect("webdriver answers JSON");
        if let Some(err) = v["value"]["error"].as_str() {
            return Err((err.to_string(), v["value"]["message"].to_string()));
        }
        Ok(v["value"].clone())
    }

    pub(crate) fn goto(&self, url: &str) {
        self.send("POST", "/url", Some(json!({ "url": url })));
    }

    pub(crate) fn run(&self, script: &str) -> Value {
        self.send(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    /// Waits until `script` (an expression) is true; panics naming it after 30 s.
    pub(crate) fn wait(&self, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.run(&format!("return !!({script});")) != json!(true) {
            assert!(
                Instant::now() < deadline,
                "waited in vain for {script}; the page says: {}",
                self.run("return document.querySelector('#message').textContent + ' / ' + document.querySelector('#status').textContent + ' / moves: ' + [...document.querySelectorAll('#moves li:not(.redo)')].map((li) => li.textContent).join(' ');")
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Clicks the element a CSS selector finds, as a person would.
    pub(crate) fn click(&self, selector: &str) {
        // an element the page replaced between finding and clicking it (the board is
        // drawn again as a click is taken in) is found again: the event is the
        // page's new element, not a moment on the clock
        for _ in 0..50 {
            let found = self.send(
                "POST",
                "/element",
                Some(json!({ "using": "css selector", "value": selector })),
            );
            let id = found[ELEMENT].as_str().expect("an element");
            match self.try_send("POST", &format!("/element/{id}/click"), Some(json!({}))) {
                Ok(_) => return,
                Err((err, _)) if err == "stale element reference" => continue,
                Err((err, message)) => panic!("webdriver click {selector}: {err}: {message}"),
            }
        }
        panic!("webdriver click {selector}: the element was replaced 50 times in a row");
    }

    /// Clicks a cell of the board and waits for the page to take it in.
    pub(crate) fn click_cell(&self, cell: &str) {
        self.click(&format!("#board [data-cell=\"{cell}\"]"));
    }

    /// The number of moves in the history.
    pub(crate) fn moves(&self) -> u64 {
        self.run("return document.querySelectorAll('#moves li:not(.redo)').length;")
            .as_u64()
            .unwrap_or(0)
    }

    /// Waits for the footprints of the position's moves (the page clicks by them):
    /// the page marks its body once they are in.
    pub(crate) fn ready(&self) {
        self.wait("document.querySelectorAll('#legal button').length > 0 && !document.querySelector('#status').textContent.includes('thinking') && document.body.dataset.footprints === 'ready'");
    }

    /// Presses a key (a WebDriver key code: `\u{E012}` is ←) where the focus is;
    /// the page's handlers have run when it returns.
    pub(crate) fn key(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
        ]}]});
        self.send("POST", "/actions", Some(actions));
    }

    /// The text of the element a CSS selector finds (its value, for a field).
    pub(crate) fn text(&self, selector: &str) -> String {
        let v = self.run(&format!(
            "const e = document.querySelector('{selector}'); return e ? (e.value ?? e.textContent) : null;"
        ));
        v.as_str().unwrap_or_default().to_string()
    }

    pub(crate) fn screenshot(&self, name: &str) -> PathBuf {
        let data = self.send("GET", "/screenshot", None);
        let png = base64::engine::general_purpose::STANDARD
            .decode(data.as_str().expect("base64"))
            .expect("a PNG");
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-screenshots");
        std::fs::create_dir_all(&dir).expect("the screenshot folder");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).expect("the screenshot");
        path
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = ureq::delete(&format!("{}/session/{}", self.base, self.session)).call();
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

#[test]
fn games_are_played_by_clicking_in_a_real_browser() {
    if !browser_available() {
        // straight to the terminal: the harness captures only print! and eprint!
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED browser::games_are_played_by_clicking_in_a_real_browser: it needs {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)"
        );
        return;
    }
    let server = Server::start(&["hex"]);
    let b = Browser::start();
    let page = |game: &str, options: &str| {
        format!(
            "{}?game={game}&options={}",
            server.url,
            options.replace(' ', "%20")
        )
    };

    // Hex 5x5: red joins top and bottom down the c column; an occupied cell says why
    b.goto(&page("hex", "size=5"));
    // a click as soon as the board is drawn plays, footprints in or not
    b.wait("document.querySelector('#board [data-cell=\"c1\"]') !== null");
    for (n, cell) in ["c1", "a1", "c2", "a2", "c3", "a3", "c4", "a4"]
        .iter()
        .enumerate()
    {
        b.click_cell(cell);
        b.wait(&format!(
            "document.querySelectorAll('#moves li:not(.redo)').length == {}",
            n + 1
        ));
        b.ready();
    }
    b.click_cell("a1");
    b.wait("document.querySelector('#message').textContent.includes('a1 is occupied by blue')");
    b.click_cell("c5");
    b.wait("document.querySelector('#status').textContent == 'Red wins: joined top and bottom'");
    // the last move is marked; a reload finds the same game (its id is in the address)
    b.wait("document.querySelector('#board .last[data-cell=\"c5\"]') !== null");
    b.run("location.reload();");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 9 && document.querySelector('#status').textContent == 'Red wins: joined top and bottom'");
    // the rule tiers agree with the native engine on the finished position
    b.click("#check");
    b.wait("document.querySelector('#check-result').textContent.includes('spec: agrees')");
    // the REPL pane asks the rule file about the board
    b.run("document.querySelector('#repl-input').value = 'current(S), outcome(S, O).';");
    b.click("#repl button[type=submit]");
    b.wait("document.querySelector('#repl-output').textContent.includes('O = win(red)')");
    b.screenshot("hex");

    // Replica: the king on a1 jumps over its own men to a5
    b.goto(&page("replica", ""));
    b.ready();
    // a cell no move uses says so, plainly (moves are not cells here: no why)
    b.click_cell("e4");
    b.wait("document.querySelector('#message').textContent == 'no legal move uses e4'");
    b.click_cell("a1");
    b.wait("document.querySelectorAll('#board .target').length > 0");
    b.click_cell("a5");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 1");
    assert_eq!(
        b.run("return document.querySelector('#moves li:not(.redo)').textContent;"),
        "a1-a5"
    );
    b.screenshot("replica");

    // New game with another game: its own defaults, not Replica's options
    b.run("const g = document.querySelector('#game'); g.value = 'connect_four'; g.dispatchEvent(new Event('change'));");
    b.wait("document.querySelector('#options').value === '' && document.querySelector('#options').placeholder.includes('cols=7 rows=6 line=4')");
    b.click("#start");
    b.wait("document.querySelectorAll('#board [data-cell]').length == 42 && document.querySelectorAll('#moves li:not(.redo)').length == 0");
    b.ready();
    // Connect Four: a click at the top of a column plays the column; x is drawn red
    b.click_cell("d6");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 1");
    b.wait(
        "document.querySelector('#board [data-cell=\"d1\"] circle')?.getAttribute('fill') === 'red'",
    );
    // the REPL pane's :play moves the board too
    b.ready();
    b.run("document.querySelector('#repl-input').value = ':play e';");
    b.click("#repl button[type=submit]");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 2 && document.querySelector('#board [data-cell=\"e1\"] circle')?.getAttribute('fill') === 'gold'");
    b.ready();
    // a computer plays x; Undo pauses it, and says so
    let player = |side: &str, spec: &str| {
        b.run(&format!("const i = document.querySelector('#players [data-player=\"{side}\"]'); i.value = '{spec}'; i.dispatchEvent(new Event('change'));"));
    };
    player("x", "random");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 3");
    b.ready();
    b.click("#undo");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 2 && document.querySelector('#note').textContent.includes('paused') && !document.querySelector('#resume').hidden");
    b.ready();
    // a player the server does not know: an error, and nobody left thinking
    player("o", "alphabeta:zz");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 3 && document.querySelector('#message').textContent.startsWith('o (alphabeta:zz)')");
    b.wait("document.querySelector('#status').textContent.startsWith('o to move')");
    // Stop while o's computer thinks: no move, the page and the server agree, and the
    // next click is o's
    player("o", "alphabeta:30s");
    b.wait("document.querySelector('#status').textContent.includes('is thinking')");
    b.click("#stop");
    b.wait("document.querySelector('#note').textContent.startsWith('stopped') && document.querySelector('#status').textContent.startsWith('o to move')");
    assert_eq!(b.moves(), 3);
    player("o", "human");
    b.ready();
    b.click_cell("a6");
    // (and x, a computer, answers it)
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length >= 4");
    assert_eq!(
        b.run("return document.querySelectorAll('#moves li:not(.redo)')[3].textContent;"),
        "a"
    );
    b.screenshot("connect-four");

    // Mitsudomoe: a vault over b3 and c3 whose black ball is relocated, picked in the chooser
    b.goto(&page("mitsudomoe", ""));
    b.ready();
    b.run("document.querySelector('#position').value = '1,b,2,bB/4,bB/wW,wW,bB,w,1/4,b/wW,4 white supply=4,3';");
    b.click("#set-position");
    b.wait("document.querySelector('#position').value.endsWith('supply=4,3') && document.querySelectorAll('#moves li:not(.redo)').length == 0");
    b.ready();
    for cell in ["c1", "a3", "d3"] {
        b.click_cell(cell);
    }
    b.wait("document.querySelector('#candidates [data-move=\"+c1/a3-d3;e2\"]') !== null");
    b.screenshot("mitsudomoe-chooser");
    b.click("#candidates [data-move=\"+c1/a3-d3;e2\"]");
    b.wait("document.querySelector('#position').value.startsWith('1,b,2,bB/4,bB/w,wW,b,wW,1/4,bB/wW,1,w,2 black')");
    b.screenshot("mitsudomoe");

    // Tactigon: red's piece on 36 moves to 48
    b.goto(&page("tactigon", ""));
    b.ready();
    b.click_cell("36");
    b.wait("document.querySelectorAll('#board .target').length > 0");
    b.click_cell("48");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 1");
    assert_eq!(
        b.run("return document.querySelector('#moves li:not(.redo)').textContent;"),
        "36-48"
    );
    let shot = b.screenshot("tactigon");
    assert!(shot.exists());
    assert_eq!(b.moves(), 1);
}

/// WebDriver's codes for the keys that walk the history.
const LEFT: &str = "\u{E012}";
const RIGHT: &str = "\u{E014}";
const HOME: &str = "\u{E011}";
const END: &str = "\u{E010}";
const UP: &str = "\u{E013}";
const DOWN: &str = "\u{E015}";

#[test]
fn the_history_is_walked_and_branched_in_a_real_browser() {
    if !browser_available() {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED browser::the_history_is_walked_and_branched_in_a_real_browser: it needs {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)"
        );
        return;
    }
    let server = Server::start(&["hex"]);
    let b = Browser::start();
    b.goto(&format!("{}?game=hex&options=size=5", server.url));
    b.ready();
    // five moves, and the position after each
    let mut after = vec![b.text("#position")];
    for (n, cell) in ["c1", "a1", "c2", "a2", "c3"].iter().enumerate() {
        b.click_cell(cell);
        b.wait(&format!(
            "document.querySelectorAll('#moves li:not(.redo)').length == {}",
            n + 1
        ));
        b.ready();
        after.push(b.text("#position"));
    }
    // numbered by turn, as the record numbers them; the game now is marked
    assert_eq!(
        b.run("return [...document.querySelectorAll('#moves li:not(.redo)')].map((li) => { const n = getComputedStyle(li, '::before').content; return (n === 'none' ? '' : n.replaceAll('\"', '') + ' ') + li.textContent; }).join(' ');"),
        "1. c1 a1 2. c2 a2 3. c3"
    );
    b.wait("document.querySelector('#moves li.current')?.dataset.ply === '5' && document.querySelector('#viewing').hidden");

    // a click on move 2 shows the position after it, marked, and nothing is undone
    b.click("#moves li[data-ply=\"2\"] button");
    b.wait("document.body.dataset.viewing === '2' && !document.querySelector('#viewing').hidden");
    b.wait(&format!(
        "document.querySelector('#position').value === '{}' && document.body.dataset.footprints === 'ready'",
        after[2]
    ));
    assert_eq!(
        b.text("#viewing-text"),
        "Viewing move 2 (a1) of 5, red to move"
    );
    assert!(b
        .text("#viewing-branch")
        .contains("the 3 later moves are dropped"));
    assert_eq!(
        b.run("return document.querySelectorAll('#legal button').length;"),
        23
    );
    assert_eq!(
        b.run("return document.querySelectorAll('#board .last').length + ' ' + document.querySelector('#board .last').dataset.cell;"),
        "1 a1"
    );
    let id = b.run("return location.hash.slice(1);");
    let record = || {
        ureq::get(&format!(
            "{}api/sessions/{}/record",
            server.url,
            id.as_str().unwrap_or_default()
        ))
        .call()
        .expect("the record")
        .into_string()
        .expect("its text")
    };
    assert!(
        record().contains("1. c1 a1 2. c2 a2 3. c3 *"),
        "{}",
        record()
    );
    b.screenshot("history-viewing");

    // ← → Home End walk it (the focus is on the move clicked, not in a text field)
    let at = |k: &str| {
        b.wait(&format!("document.body.dataset.viewing === '{k}'"));
    };
    b.key(LEFT);
    at("1");
    b.key(RIGHT);
    b.key(RIGHT);
    at("3");
    b.wait(&format!(
        "document.querySelector('#position').value === '{}'",
        after[3]
    ));
    b.key(END);
    at("");
    b.wait(&format!(
        "document.querySelector('#viewing').hidden && document.querySelector('#position').value === '{}'",
        after[5]
    ));
    b.key(HOME);
    at("0");
    b.wait(&format!(
        "document.querySelector('#position').value === '{}'",
        after[0]
    ));
    assert_eq!(b.text("#viewing-text"), "Viewing the start, red to move");
    b.key(LEFT);
    at("0");
    b.key(DOWN);
    at("");
    b.key(UP);
    at("0");
    b.click("#back-to-game");
    at("");
    // in a text field the keys are the field's
    b.click("#move-text");
    b.key(LEFT);
    assert_eq!(b.run("return document.body.dataset.viewing;"), "");

    // a move played on move 2's position is played from there: the later moves go
    b.click("#walk-first");
    at("0");
    b.click("#walk-next");
    b.click("#walk-next");
    at("2");
    b.wait(&format!(
        "document.querySelector('#position').value === '{}' && document.body.dataset.footprints === 'ready'",
        after[2]
    ));
    b.click_cell("d4");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 3 && document.body.dataset.viewing === ''");
    assert_eq!(
        b.text("#note"),
        "d4 was played from move 2: the later moves (c2 a2 c3) were dropped"
    );
    assert_eq!(
        b.run("return [...document.querySelectorAll('#moves li:not(.redo)')].map((li) => li.textContent).join(' ');"),
        "c1 a1 d4"
    );
    assert!(record().contains("1. c1 a1 2. d4 *"), "{}", record());
    b.screenshot("history-branched");

    // the game goes on while an earlier position is looked at: blue's computer
    // moves, the history shows it, and the board stays where it was
    b.ready();
    b.click("#moves li[data-ply=\"1\"] button");
    at("1");
    b.run("const i = document.querySelector('#players [data-player=\"blue\"]'); i.value = 'random'; i.dispatchEvent(new Event('change'));");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 4 && !document.querySelector('#status').textContent.includes('thinking')");
    assert_eq!(b.run("return document.body.dataset.viewing;"), "1");
    assert_eq!(b.text("#position"), after[1]);
    assert!(b
        .text("#viewing-text")
        .starts_with("Viewing move 1 (c1) of 4"));
    assert!(b.text("#status").starts_with("The game now: red to move"));
    b.key(END);
    at("");
    b.wait("document.querySelector('#status').textContent.startsWith('red to move')");
    // Undo acts on the game, whatever the board shows: back to the game, a move fewer
    b.key(LEFT);
    at("3");
    b.click("#undo");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 3 && document.body.dataset.viewing === '' && document.querySelector('#note').textContent.includes('paused')");
    assert_eq!(
        b.run("return document.querySelector('#moves li.current').dataset.ply + (document.querySelector('#viewing').hidden ? ' now' : ' viewing');"),
        "3 now"
    );

    // on a phone's width the board comes first, the marks with it
    b.key(HOME);
    at("0");
    b.send(
        "POST",
        "/window/rect",
        Some(json!({"width": 420, "height": 900})),
    );
    b.wait("window.innerWidth <= 420");
    b.run("window.scrollTo(0, 0);");
    b.screenshot("history-phone");
}
