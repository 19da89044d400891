//! The real binary on a pseudo-terminal: a query paged with `;`, a move completed
//! with Tab, and Ctrl-C on a runaway query returning to the prompt.

use expectrl::{Eof, Regex, Session};
use std::process::Command;
use std::time::Duration;

fn start(home: &std::path::Path) -> Session {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ludolog"));
    cmd.args(["repl", "hex", "-O", "size=3"])
        .env("HOME", home)
        .env("XDG_DATA_HOME", home)
        .env("NO_COLOR", "1");
    let mut s = Session::spawn(cmd).expect("the binary starts on a pty");
    s.set_expect_timeout(Some(Duration::from_secs(30)));
    s.expect("?- ").expect("a prompt");
    s
}

#[test]
fn query_paging_completion_and_interrupt_on_a_terminal() {
    let home = tempfile::tempdir().unwrap();
    let mut s = start(home.path());

    // a query with several answers: `;` asks for the next, Enter stops
    s.send_line("current(S), legal(S, M).").unwrap();
    s.expect("M = place(0,0) ").unwrap();
    s.send(";").unwrap();
    s.expect("M = place(1,0) ").unwrap();
    s.send("\r").unwrap();
    s.expect("?- ").unwrap();

    // Tab completes the only legal move starting with `a`
    s.send_line(":position 3x3 r2/rbb/3 red").unwrap();
    s.expect("?- ").unwrap();
    s.send(":play a").unwrap();
    s.send("\t").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    s.send("\r").unwrap();
    s.expect("won(red)").unwrap();
    s.expect("?- ").unwrap();

    // Ctrl-C interrupts a runaway query and the prompt comes back, session intact
    s.send_line("repeat, fail.").unwrap();
    std::thread::sleep(Duration::from_millis(500));
    s.send("\x03").unwrap();
    s.expect("interrupted").unwrap();
    s.expect("?- ").unwrap();
    s.send_line(":position").unwrap();
    s.expect(Regex("3x3 r2/rbb/r2 blue")).unwrap();
    s.expect("?- ").unwrap();

    // Ctrl-C at the prompt cancels the line; Ctrl-D leaves
    s.send("foo(").unwrap();
    s.send("\x03").unwrap();
    s.expect("?- ").unwrap();
    s.send("\x04").unwrap();
    s.expect(Eof).unwrap();
}
