//! `check --against` with engines that crash, hang or are interrupted: a crash or a
//! hang is a finding at the move it happened on, shrunk like any mismatch and shown
//! with the engine's standard error; and no engine outlives ludolog, however ludolog
//! ends.  The engines are small Python scripts: without python3 the tests say SKIPPED.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn python() -> bool {
    let found = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("SKIPPED: python3 is not on this machine (the broken engines are Python)");
    }
    found
}

/// The example Hex engine, broken: on a `play` in column a once two discs stand
/// there, it does `what` (Python statements) instead of answering.
fn broken_engine(dir: &Path, what: &str) -> String {
    let examples = std::fs::canonicalize("examples/engines").unwrap();
    let script = format!(
        "import json, os, sys, time\n\
         sys.path.insert(0, {examples:?})\n\
         import hex_engine\n\
         game = None\n\
         for line in sys.stdin:\n\
         \x20   request = json.loads(line)\n\
         \x20   if request.get('op') == 'quit':\n\
         \x20       break\n\
         \x20   if request.get('op') == 'play' and game is not None \\\n\
         \x20           and request.get('move', '').startswith('a') \\\n\
         \x20           and sum(1 for (c, r) in game.cells if c == 0) >= 2:\n\
         \x20       {what}\n\
         \x20   reply, game = hex_engine.answer(game, request)\n\
         \x20   print(json.dumps(reply), flush=True)\n",
        examples = examples.display().to_string(),
    );
    let file = dir.join("broken.py");
    std::fs::write(&file, script).unwrap();
    format!("python3 {}", file.display())
}

fn check(engine: &str, extra: &[&str]) -> (i32, String, String) {
    let args = [
        &[
            "check",
            "hex",
            "-O",
            "size=3",
            "--against",
            engine,
            "--games",
            "20",
        ][..],
        extra,
    ]
    .concat();
    common::run(&args, None)
}

/// The moves from the start a report gives.
fn moves_from_the_start(out: &str) -> String {
    out.lines()
        .find_map(|l| l.trim().strip_prefix("moves from the start: "))
        .unwrap_or_else(|| panic!("no moves in {out}"))
        .to_string()
}

#[test]
fn a_crash_is_reported_at_its_move_with_the_moves_and_the_engines_words() {
    if !python() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let engine = broken_engine(
        dir.path(),
        "sys.stderr.write(\"Traceback (most recent call last):\\n  File 'adapter.py', line 3\\nModuleNotFoundError: No module named 'pyspiel' (the third disc in column a)\\n\"); sys.stderr.flush(); os.abort()",
    );
    for threads in ["1", "2"] {
        let (code, out, err) = check(&engine, &["--threads", threads]);
        assert_eq!(code, 1, "{out}\n{err}");
        assert!(
            out.contains("(external): the engine stopped on `play a")
                && out.contains("it was killed by signal 6 (SIGABRT)"),
            "{threads} threads: {out}"
        );
        // two discs in column a, then the third: shrunk to the two
        let moves = moves_from_the_start(&out);
        assert_eq!(
            moves.split(' ').filter(|m| m.starts_with('a')).count(),
            2,
            "{out}"
        );
        // the whole line of its standard error, not cut short
        assert!(
            out.contains(
                "    ModuleNotFoundError: No module named 'pyspiel' (the third disc in column a)"
            ),
            "{out}"
        );
    }
}

#[test]
fn a_hang_is_reported_at_its_move_after_the_answer_timeout() {
    if !python() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let engine = broken_engine(dir.path(), "time.sleep(1000)");
    let (code, out, err) = check(&engine, &["--answer-timeout", "0.3"]);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(
        out.contains("(external): the engine gave no answer to `play a")
            && out.contains("within 0.3 s"),
        "{out}"
    );
    let moves = moves_from_the_start(&out);
    assert_eq!(
        moves.split(' ').filter(|m| m.starts_with('a')).count(),
        2,
        "{out}"
    );
}

/// Polls (at most a minute) until `done` holds.
fn until(what: &str, mut done: impl FnMut() -> bool) {
    let end = Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(Instant::now() < end, "waited a minute for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether the process `pid` has ended (gone, or a zombie no one has reaped).
fn ended(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z') || rest.starts_with('X')),
    }
}

/// An engine that answers `hello` and `new`, then writes its process id into `dir`
/// and hangs.
fn hanging_engine(dir: &Path) -> (String, PathBuf) {
    let pids = dir.join("pids");
    std::fs::create_dir(&pids).unwrap();
    let file = dir.join("hang.py");
    std::fs::write(
        &file,
        format!(
            "import json, os, sys, time\n\
             for line in sys.stdin:\n\
             \x20   op = json.loads(line)['op']\n\
             \x20   if op == 'hello':\n\
             \x20       print(json.dumps({{'protocol': 1, 'name': 'hang', 'games': ['hex']}}), flush=True)\n\
             \x20   elif op == 'new':\n\
             \x20       print(json.dumps({{'ok': True}}), flush=True)\n\
             \x20   else:\n\
             \x20       open(os.path.join({:?}, str(os.getpid())), 'w').close()\n\
             \x20       time.sleep(1000)\n",
            pids.display().to_string()
        ),
    )
    .unwrap();
    (format!("python3 {}", file.display()), pids)
}

#[test]
fn no_engine_outlives_ludolog_stopped_by_sigterm_or_sigkill() {
    if !python() {
        return;
    }
    use nix::sys::signal::{kill, Signal};
    for signal in [Signal::SIGTERM, Signal::SIGINT, Signal::SIGKILL] {
        let dir = tempfile::tempdir().unwrap();
        let (engine, pids) = hanging_engine(dir.path());
        let mut ludolog = Command::new(common::bin())
            .args(["check", "hex", "--against", &engine])
            // no sweep first: it asks on one thread, so only one engine would hang
            // until its answer timed out
            .args(["--threads", "2", "--games", "4", "--sweep", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let hung = || std::fs::read_dir(&pids).map_or(0, |d| d.count());
        until("both engines to hang", || hung() == 2);
        let pid = nix::unistd::Pid::from_raw(i32::try_from(ludolog.id()).unwrap());
        kill(pid, signal).unwrap();
        let status = ludolog.wait().unwrap();
        assert!(!status.success(), "{status:?}");
        for entry in std::fs::read_dir(&pids).unwrap() {
            let engine_pid = entry.unwrap().file_name().to_string_lossy().into_owned();
            until(&format!("engine {engine_pid} to end ({signal})"), || {
                ended(&engine_pid)
            });
        }
    }
}
