//! The real binary on a pseudo-terminal, as a person uses it: answers computed one
//! at a time as keys ask for them, Ctrl-C that stops a runaway query (its CPU time
//! and memory measured from /proc before and after), definitions and `[user]`,
//! completion, wrapped answers, `read/1` at the terminal, and `halt.`.

use expectrl::{Eof, Regex, Session};
use std::process::Command;
use std::time::Duration;

fn start(home: &std::path::Path, args: &[&str]) -> Session {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ludolog"));
    cmd.arg("repl")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("HOME", home)
        .env("XDG_DATA_HOME", home)
        .env("NO_COLOR", "1");
    let mut s = Session::spawn(cmd).expect("the binary starts on a pty");
    s.set_expect_timeout(Some(Duration::from_secs(30)));
    s.expect("?- ").expect("a prompt");
    s
}

fn pause(ms: u64) {
    std::thread::sleep(Duration::from_millis(ms));
}

/// Waits until process `pid` has died (a zombie not yet reaped, or gone): an event,
/// however long the machine takes to deliver the signal.
fn dead(pid: u32) {
    loop {
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|t| t.rfind(')').map(|i| t[i + 1..].trim_start().chars().next()));
        if matches!(state, None | Some(Some('Z' | 'X'))) {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// (ppid, CPU ticks of the process and of its reaped children, resident pages) of a process.
fn stat(pid: u32) -> Option<(u32, u64, u64)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &text[text.rfind(')')? + 1..];
    let f: Vec<&str> = after.split_whitespace().collect();
    let n = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok());
    // fields 4 (ppid), 14-17 (utime, stime, cutime, cstime), 24 (rss); f[0] is field 3
    let ticks = n(11)? + n(12)? + n(13)? + n(14)?;
    Some((n(1)? as u32, ticks, n(21)?))
}

/// The live children of a process.
fn children(pid: u32) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .map(|d| {
            d.filter_map(Result::ok)
                .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
                .filter(|&p| stat(p).is_some_and(|(ppid, _, _)| ppid == pid))
                .collect()
        })
        .unwrap_or_default()
}

/// CPU ticks used so far by the REPL and its engine processes (live or reaped),
/// and the resident pages of the engine processes alive now.
fn usage(pid: u32) -> (u64, u64) {
    let own = stat(pid).map_or(0, |(_, t, _)| t);
    children(pid)
        .iter()
        .filter_map(|&c| stat(c))
        .fold((own, 0), |(t, r), (_, ct, cr)| (t + ct, r + cr))
}

#[test]
fn ctrl_c_stops_the_query_for_real_and_keeps_the_session() {
    let home = tempfile::tempdir().unwrap();
    let mut s = start(
        home.path(),
        // at a terminal a typed query has no inference or time limit by default
        &["hex", "-O", "size=3"],
    );
    let pid = s.get_process().pid().as_raw() as u32;
    s.send_line(":play b2").unwrap();
    s.expect("?- ").unwrap();
    s.send_line("double(X, Y) :- Y is 2*X.").unwrap();
    s.expect("% double/2: 1 clause").unwrap();
    s.expect("?- ").unwrap();
    let engines = children(pid);
    assert_eq!(engines.len(), 1, "one engine process: {engines:?}");

    // a query that takes all the CPU and memory it can get: waited for until it
    // has used a tenth of a second of CPU and grown past 256 MB (however slow the
    // machine, it gets there)
    s.send_line("findall(x, repeat, L).").unwrap();
    let (start, _) = usage(pid);
    let rss_busy = loop {
        let (busy, rss) = usage(pid);
        if busy >= start + 10 && rss * 4096 > 256 << 20 {
            break rss;
        }
        std::thread::yield_now();
    };

    s.send("\x03").unwrap();
    s.expect("interrupted").unwrap();
    assert!(
        stat(engines[0]).is_none(),
        "the engine process that ran the query is gone, its CPU and memory with it"
    );
    s.expect("?- ").unwrap();
    let (_, rss_idle) = usage(pid);
    assert!(
        rss_idle * 4 < rss_busy,
        "the query's memory is freed: {rss_busy} pages while it ran, {rss_idle} after"
    );

    // the history, the position and the definitions are as they were
    s.send("\x1b[A").unwrap();
    s.expect("findall(x, repeat, L).").unwrap();
    s.send("\x15").unwrap();
    s.send_line(":position").unwrap();
    s.expect("3x3 3/1r1/3 blue").unwrap();
    s.expect("?- ").unwrap();
    s.send_line("double(21, Y).").unwrap();
    s.expect("Y = 42.").unwrap();
    s.expect("?- ").unwrap();

    // Ctrl-C at the prompt cancels the line; Ctrl-D leaves
    s.send("foo(").unwrap();
    s.send("\x03").unwrap();
    s.expect("?- ").unwrap();
    s.send("\x04").unwrap();
    s.expect(Eof).unwrap();
}

#[test]
fn an_engine_process_that_dies_is_replaced_with_the_session() {
    let home = tempfile::tempdir().unwrap();
    let mut s = start(home.path(), &["hex", "-O", "size=3"]);
    let pid = s.get_process().pid().as_raw() as u32;
    s.send_line(":play b2").unwrap();
    s.expect("?- ").unwrap();
    s.send_line("double(X, Y) :- Y is 2*X.").unwrap();
    s.expect("% double/2: 1 clause").unwrap();
    s.expect("?- ").unwrap();
    // an answer's value for $X, and tracing on
    s.send_line("X = 20.").unwrap();
    s.expect("X = 20.").unwrap();
    s.expect("?- ").unwrap();
    s.send_line("trace.").unwrap();
    s.expect("?- ").unwrap();

    // the engine dies at the prompt (killed, as an out-of-memory killer would)
    let engines = children(pid);
    assert_eq!(engines.len(), 1, "one engine process: {engines:?}");
    let killed = Command::new("kill")
        .args(["-9", &engines[0].to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // at once: the input goes to a new one even while the pipe of the dead one
    // would still take it
    dead(engines[0]);

    // the next input is answered by a new one, with the position and definitions,
    // the values of $X and the tracing
    s.send_line("Z is $X + 1, double(Z, Y).").unwrap();
    s.expect("Call: (1) double(21,_").unwrap();
    s.expect("Y = 42").unwrap();
    s.expect("?- ").unwrap();
    s.send_line(":position").unwrap();
    s.expect("3x3 3/1r1/3 blue").unwrap();
    s.expect("?- ").unwrap();
    let now = children(pid);
    assert!(
        now.len() == 1 && now[0] != engines[0],
        "a new engine process: {now:?}"
    );
    s.send("\x04").unwrap();
    s.expect(Eof).unwrap();
}

#[test]
fn answers_are_computed_when_asked_for() {
    let home = tempfile::tempdir().unwrap();
    let mut s = start(home.path(), &["hex", "-O", "size=3"]);

    // side effects happen answer by answer
    s.send_line("member(X, [1,2,3]), write(X), nl.").unwrap();
    let first = s.expect("X = 1 ").unwrap();
    let before = String::from_utf8_lossy(first.before()).to_string();
    let printed = before.rsplit("nl.").next().unwrap_or("");
    assert!(
        printed.contains("1\r\n") && !printed.contains("2\r\n"),
        "{before:?}"
    );
    // the one window on the clock: nothing may come in it, and a slower machine
    // only makes it a weaker check, never a failing one
    pause(300);
    assert!(
        !s.is_matched("2").unwrap(),
        "the second answer waits for `;`"
    );
    s.send(";").unwrap();
    s.expect("2").unwrap();
    s.expect("X = 2 ").unwrap();
    s.send("\r").unwrap();
    s.expect("?- ").unwrap();

    // what the stopped query did not reach never happened
    s.send_line("member(X, [a,b,c]), assertz(seen(X)).")
        .unwrap();
    s.expect("X = a ").unwrap();
    s.send("\r").unwrap();
    s.expect("?- ").unwrap();
    s.send_line("findall(X, seen(X), L).").unwrap();
    // a list of one-character atoms is a list, as SWI-Prolog prints it
    s.expect("L = [a].").unwrap();

    // infinitely many answers: the first shows at once
    s.send_line("repeat, X = again.").unwrap();
    s.expect("X = again ").unwrap();
    s.send(" ").unwrap();
    s.expect("X = again ").unwrap();
    s.send(".").unwrap();
    s.expect("?- ").unwrap();

    // `w` shows an elided answer in full
    s.send_line(":set depth 9").unwrap();
    s.expect("depth 9").unwrap();
    // at a terminal Ctrl-C is the limit, as in SWI-Prolog: none by default
    s.expect("limits: no inference limit, 2048 MB of memory, no time limit")
        .unwrap();
    s.send_line("numlist(1, 15, L), member(X, [a,b]).").unwrap();
    s.expect("L = [1,2,3,4,5,6,7,8,9|...]").unwrap();
    s.send("w").unwrap();
    s.expect("L = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]")
        .unwrap();
    s.send(";").unwrap();
    s.expect("X = b.").unwrap();
    s.expect("?- ").unwrap();
    s.send("\x04").unwrap();
    s.expect(Eof).unwrap();
}

#[test]
fn definitions_libraries_and_answer_printing_on_a_terminal() {
    let home = tempfile::tempdir().unwrap();
    let mut s = start(home.path(), &["hex", "-O", "size=3"]);
    s.get_process_mut().set_window_size(40, 24).unwrap();

    s.send_line("[user].").unwrap();
    s.expect("|: ").unwrap();
    s.send_line("fact(1).").unwrap();
    s.expect("|: ").unwrap();
    s.send_line("fact(2).").unwrap();
    s.expect("|: ").unwrap();
    s.send_line("end_of_file.").unwrap();
    s.expect("% defined fact/1 (2 clauses)").unwrap();
    s.send_line(":listing fact").unwrap();
    s.expect("fact(2).").unwrap();
    s.send_line(":game contactix cols=3 rows=3").unwrap();
    s.expect("contactix cols=3 rows=3").unwrap();
    s.send_line("findall(X, fact(X), L).").unwrap();
    s.expect("L = [1,2].").unwrap();

    s.send_line("use_module(library(clpz)).").unwrap();
    s.expect("true.").unwrap();
    s.send_line("X #> 3, X #< 6.").unwrap();
    s.expect("X in 4..5.").unwrap();
    s.send_line("dif(X, a), freeze(Y, true).").unwrap();
    s.expect("dif(X,a),").unwrap();
    s.expect("freeze(Y,true).").unwrap();
    s.send_line("X = Y, copy_term(X-Z, C), L = [a,b].").unwrap();
    s.expect("X = Y,").unwrap();
    s.expect("C = _A-_B,").unwrap();
    s.expect("L = [a,b].").unwrap();

    // a long answer wraps to the terminal's width
    s.send_line(":set depth 0").unwrap();
    s.expect("depth 0").unwrap();
    s.send_line("numlist(1, 30, L).").unwrap();
    s.expect(Regex("L = \\[1,2,3,[0-9,]*\r\n    [0-9,]*"))
        .unwrap();
    s.expect("30].").unwrap();

    s.send_line("foo(X).").unwrap();
    s.expect("error: unknown procedure foo/1").unwrap();
    s.expect("?- ").unwrap();
    s.send_line("halt(3).").unwrap();
    s.expect(Eof).unwrap();
    let status = s.get_process_mut().wait().unwrap();
    assert_eq!(
        status,
        expectrl::WaitStatus::Exited(s.get_process().pid(), 3),
        "halt(3) leaves with code 3"
    );
}

#[test]
fn completion_of_commands_files_and_moves() {
    let home = tempfile::tempdir().unwrap();
    let mut s = start(home.path(), &["hex", "-O", "size=3"]);

    // a command that takes an argument completes with its space, a file after it
    // each completion is waited for on the screen, not on the clock
    s.send(":lo\t").unwrap();
    s.expect(":load ").unwrap();
    s.send("rules/he\t").unwrap();
    s.expect("hex.pl").unwrap();
    s.send("\r").unwrap();
    s.expect("hex size=3 (accelerated)").unwrap();
    s.expect("?- ").unwrap();

    // the only legal move starting with `a`; a move that fails is named
    s.send_line(":position 3x3 r2/rbb/3 red").unwrap();
    s.expect("?- ").unwrap();
    s.send(":play a").unwrap();
    s.send("\t").unwrap();
    s.expect("a3").unwrap();
    s.send("\r").unwrap();
    s.expect("won(red)").unwrap();
    s.expect("?- ").unwrap();
    s.send_line(":undo").unwrap();
    s.expect("?- ").unwrap();
    s.send_line(":play a3 b1").unwrap();
    s.expect("error: move 2 of 2 (b1)").unwrap();
    s.expect("?- ").unwrap();

    // predicates elsewhere
    s.send("current(S), to_mo\t").unwrap();
    s.expect("to_move(").unwrap();
    s.send("S, P).\r").unwrap();
    s.expect("P = blue").unwrap();
    s.expect("?- ").unwrap();
    s.send_line("halt.").unwrap();
    s.expect(Eof).unwrap();
}

/// Ctrl-C stops a query that prints without pause (its output kept the frontend busy,
/// and the interrupt was looked at only when the engine was quiet), and the session
/// goes on; neither the time limit nor the inference limit is what stops it here.
#[test]
fn ctrl_c_stops_a_query_that_prints() {
    let home = tempfile::tempdir().unwrap();
    let mut s = start(
        home.path(),
        &[
            "hex",
            "-O",
            "size=3",
            "--time-limit",
            "0",
            "--inference-limit",
            "1000000000000",
        ],
    );
    s.send_line("between(1, 100000000000, X), write(X), nl, fail.")
        .unwrap();
    // it prints: stopped once it has printed a few thousand lines
    s.expect("\n5000\r").unwrap();
    s.send("\x03").unwrap();
    s.expect("interrupted").unwrap();
    s.expect("?- ").unwrap();
    s.send_line("X is 6 * 7.").unwrap();
    s.expect("X = 42.").unwrap();
}

/// SWI-Prolog's top-level tools on a terminal (issue 46 item 9): between/3 without
/// end answered as `;` asks, $X from an earlier answer, clause/2 and listing/1 on the
/// game's predicates and the user's, a bad clause of a block placed at its line and
/// column, and trace/0's ports printed before each answer, ended by notrace.
#[test]
fn swi_top_level_tools_on_a_terminal() {
    let home = tempfile::tempdir().unwrap();
    let mut s = start(home.path(), &["hex", "-O", "size=3"]);

    s.send_line("between(1, inf, X).").unwrap();
    s.expect("X = 1 ").unwrap();
    s.send(";").unwrap();
    s.expect("X = 2 ").unwrap();
    s.send(".").unwrap();
    s.expect("?- ").unwrap();
    s.send_line("Y is $X * 10.").unwrap();
    s.expect("Y = 20.").unwrap();
    s.send_line("$Nope.").unwrap();
    s.expect("$Nope was not bound by an earlier answer")
        .unwrap();

    s.send_line("[user].").unwrap();
    s.expect("|: ").unwrap();
    s.send_line("twice(X, Y) :- Y is 2 * X.").unwrap();
    s.expect("|: ").unwrap();
    s.send_line("bad(1) :- .").unwrap();
    s.expect("|: ").unwrap();
    s.send_line("end_of_file.").unwrap();
    s.expect("error: user:2:11: syntax error").unwrap();
    s.expect("% defined twice/2 (1 clause)").unwrap();
    s.send_line("clause(twice(A, B), Body).").unwrap();
    s.expect("Body = (B is 2*A).").unwrap();
    s.send_line("listing(to_move/2).").unwrap();
    s.expect("hex:to_move(hex(").unwrap();
    s.expect("?- ").unwrap();

    s.send_line("trace, twice(4, Y).").unwrap();
    s.expect("   Call: (1) twice(4,_A)").unwrap();
    s.expect("   Exit: (1) twice(4,8)").unwrap();
    s.expect("Y = 8.").unwrap();
    s.send_line("notrace.").unwrap();
    s.expect("true.").unwrap();
    s.send_line("twice(5, Y).").unwrap();
    let answer = s.expect("Y = 10.").unwrap();
    let before = String::from_utf8_lossy(answer.before()).to_string();
    assert!(
        !before.contains("Call:"),
        "no trace after notrace: {before:?}"
    );
    s.expect("?- ").unwrap();
    s.send("\x04").unwrap();
    s.expect(Eof).unwrap();
}

/// read/1 at the prompt reads the term typed after `|: ` (issue 46 item 9), as
/// SWI-Prolog's does: over several lines, the rest of a line kept for the query's next
/// read (the rest of the query's own line first), Ctrl-D as end_of_file, and Ctrl-C at `|: ` stopping the query with the
/// session kept.
#[test]
fn read_takes_a_term_typed_at_the_terminal() {
    let home = tempfile::tempdir().unwrap();
    let mut s = start(home.path(), &["hex", "-O", "size=3"]);

    s.send_line("read(X).").unwrap();
    s.expect("|: ").unwrap();
    s.send_line("foo(bar).").unwrap();
    s.expect("X = foo(bar).").unwrap();
    s.expect("?- ").unwrap();

    s.send_line("read(X), read(Y).").unwrap();
    s.expect("|: ").unwrap();
    s.send_line("f(A,").unwrap();
    s.expect("|: ").unwrap();
    s.send_line("  A). g.").unwrap();
    s.expect("X = f(_A,_A),").unwrap();
    s.expect("Y = g.").unwrap();
    s.expect("?- ").unwrap();

    // what follows the query on its line is read first, and what is left runs after
    s.send_line("read(X). typed(1). Z = 3.").unwrap();
    s.expect("X = typed(1).").unwrap();
    s.expect("Z = 3.").unwrap();
    s.expect("?- ").unwrap();

    s.send_line("read_term(T, [variable_names(Vs)]).").unwrap();
    s.expect("|: ").unwrap();
    s.send_line("p(Q).").unwrap();
    s.expect("Vs = ['Q'=_A].").unwrap();
    s.expect("?- ").unwrap();

    s.send_line("read(X).").unwrap();
    s.expect("|: ").unwrap();
    s.send("\x04").unwrap();
    s.expect("X = end_of_file.").unwrap();
    s.expect("?- ").unwrap();

    s.send_line("read(X).").unwrap();
    s.expect("|: ").unwrap();
    s.send("\x03").unwrap();
    s.expect("interrupted").unwrap();
    s.expect("?- ").unwrap();
    s.send_line("X is 6 * 7.").unwrap();
    s.expect("X = 42.").unwrap();
    s.expect("?- ").unwrap();
    s.send("\x04").unwrap();
    s.expect(Eof).unwrap();
}
