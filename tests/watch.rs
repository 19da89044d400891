//! `ludolog repl --watch`: a changed rule file is reloaded, the game record replayed
//! on the new rules up to the move that no longer applies, the user's own definitions
//! kept; a broken edit leaves the session as it was.  Session-level, then the real
//! binary on a pseudo-terminal.

use ludolog::game::GameOptions;
use ludolog::registry::EngineSpec;
use ludolog::repl::{Pager, ReplStep, Reply, Session, Watch};
use std::path::{Path, PathBuf};

/// Misère Hex copied to a directory of its own, to be edited.
fn variant(dir: &Path) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/variants/misere_hex.pl");
    let path = dir.join("mh.pl");
    std::fs::copy(src, &path).unwrap();
    path
}

const PLAY: &str = "play(misere(H), M, misere(H1)) :- hex:play(H, M, H1).";
/// The edit: b2 (place(1,1)) may no longer be played.
const NO_B2: &str = "play(misere(H), M, misere(H1)) :- M \\== place(1,1), hex:play(H, M, H1).";

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{from} is in the file");
    std::fs::write(path, text.replace(from, to)).unwrap();
}

/// The answers of a query, one a line (no more are asked for).
struct Answers(Vec<String>);

impl Pager for Answers {
    fn output(&mut self, _: &str) {}
    fn answer(&mut self, text: &str, _: bool) -> ReplStep {
        self.0.push(text.to_string());
        ReplStep::Stop
    }
}

/// What the session says to an input: its answers, or its reply's text.
fn eval(s: &mut Session, input: &str) -> String {
    let mut answers = Answers(Vec::new());
    let reply = s.eval(input, &mut answers);
    match reply {
        Reply::Text(t) | Reply::Error(t) if answers.0.is_empty() => t,
        Reply::Quit(code) => format!("(quit {code})"),
        _ => answers.0.join("\n"),
    }
}

#[test]
fn a_changed_rule_file_is_reloaded_and_the_record_replayed() {
    // the REPL backend runs here, not in its engine process
    ludolog::worker::allow_rules_here();
    let dir = tempfile::tempdir().unwrap();
    let path = variant(dir.path());
    let spec = EngineSpec::new(
        path.to_str().unwrap(),
        GameOptions::parse(&["size=3"]).unwrap(),
    );
    assert!(Watch::describe(&spec).contains("mh.pl"));
    let mut s = Session::new(spec).unwrap();
    let mut w = Watch::new();
    assert_eq!(w.tick(&mut s), None, "nothing changed");
    assert_eq!(eval(&mut s, "assertz(mine(1))."), "true");
    eval(&mut s, ":play a1 b2 c3");
    assert_eq!(w.tick(&mut s), None);

    // b2 is no longer legal: the record stops before it
    edit(&path, PLAY, NO_B2);
    let said = w.tick(&mut s).expect("the edit is noticed");
    assert!(said.contains("mh.pl changed: reloaded"), "{said}");
    assert!(
        said.contains("kept 1 of 3 moves: move 2 (b2) is no longer legal"),
        "{said}"
    );
    assert_eq!(s.position(), "3x3 r2/3/3 blue");
    assert_eq!(eval(&mut s, "mine(X)."), "X = 1");
    assert_eq!(w.tick(&mut s), None, "reloaded once");

    // a broken edit: the session stays as it was
    edit(&path, NO_B2, "play(misere(H), M, misere(H1)) :- (.");
    let said = w.tick(&mut s).expect("the edit is noticed");
    assert!(said.contains("error:"), "{said}");
    assert!(said.contains("the session is unchanged"), "{said}");
    assert_eq!(s.position(), "3x3 r2/3/3 blue");

    // fixed: the whole (shorter) record replays, and :reload keeps it too
    edit(&path, "play(misere(H), M, misere(H1)) :- (.", PLAY);
    let said = w.tick(&mut s).expect("the fix is noticed");
    assert!(
        said.contains("replayed the game record: its one move still applies"),
        "{said}"
    );
    eval(&mut s, ":play b2");
    let said = eval(&mut s, ":reload");
    assert!(said.contains("all 2 moves still apply"), "{said}");
    assert_eq!(
        eval(&mut s, "mine(X)."),
        "X = 1",
        "the definition survives :reload"
    );
    assert_eq!(s.position(), "3x3 r2/1b1/3 red");
}

#[test]
fn watch_on_a_terminal_reloads_before_the_next_input() {
    // the REPL backend runs here, not in its engine process
    ludolog::worker::allow_rules_here();
    use expectrl::{Eof, Session};
    use std::process::Command;
    use std::time::Duration;

    let dir = tempfile::tempdir().unwrap();
    let path = variant(dir.path());
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ludolog"));
    cmd.args(["repl", path.to_str().unwrap(), "-O", "size=3", "--watch"])
        .env("HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path())
        .env("NO_COLOR", "1");
    let mut s = Session::spawn(cmd).expect("the binary starts on a pty");
    s.set_expect_timeout(Some(Duration::from_secs(30)));
    s.expect("--watch: reloading on changes to").unwrap();
    s.expect("?- ").unwrap();
    s.send_line(":play a1 b2 c3").unwrap();
    s.expect("?- ").unwrap();
    edit(&path, PLAY, NO_B2);
    s.send_line(":position").unwrap();
    s.expect("mh.pl changed: reloaded").unwrap();
    s.expect("move 2 (b2) is no longer legal").unwrap();
    s.expect("3x3 r2/3/3 blue").unwrap();
    s.expect("?- ").unwrap();
    s.send("\x04").unwrap();
    s.expect(Eof).unwrap();
}
