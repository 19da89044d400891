//! A worker process from its parent's side: started with nothing of the parent's
//! (an empty environment, three pipes and no other descriptor, a process group of
//! its own), its messages read by whoever waits for them and checked as they come,
//! its standard error kept (the reason it gives when it dies) and shown, and
//! killed for certain when the parent is done with it.
//!
//! Nothing the worker says is believed beyond being data: a line that is not a
//! message of the protocol, or longer than `MAX_LINE`, ends it.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::AsFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest line a worker may send (a perft table, a view, a lint report are far
/// shorter); a longer one ends it, so that it cannot fill the parent's memory.
pub const MAX_LINE: usize = 64 << 20;
/// How much of a worker's standard error is shown, in all; the rest is dropped.
const MAX_SHOWN: usize = 64 << 10;

/// How a worker ended: the reason it gave (its last `error:` line, e.g. a limit
/// it reached), and its exit status in words.
#[derive(Debug, Clone)]
pub struct Ended {
    pub said: Option<String>,
    pub status: String,
    /// Its exit code, if it exited.
    pub code: Option<i32>,
}

impl std::fmt::Display for Ended {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.said.as_deref().unwrap_or(&self.status))
    }
}

/// Why no message came.
#[derive(Debug)]
pub enum Failure {
    /// The worker ended.
    Ended(Ended),
    /// It broke the protocol (it has been killed): what it sent.
    Garbage(String),
    /// No message within the time given (the worker still runs).
    Timeout,
}

/// What a worker wrote on its standard error: the last error line it gave (the
/// reason for a limit it reached), and how much has been shown.
#[derive(Default)]
struct Said {
    last_error: Option<String>,
    shown: usize,
    /// Whether its standard error has ended (all of it read).
    done: bool,
}

/// A running worker.
pub struct Process<M> {
    child: Child,
    stdin: ChildStdin,
    /// Its protocol channel, read on the thread that waits for a message (a reader
    /// thread of its own cost two thread wake-ups a message, a third of `check`'s
    /// time on a rule file), and what has come of it that is not a whole line yet.
    stdout: ChildStdout,
    pending: Vec<u8>,
    /// How much of `pending` is known to hold no line's end.
    scanned: usize,
    /// Whether the channel has ended (nothing more will come).
    ended: bool,
    message: std::marker::PhantomData<fn() -> M>,
    said: Arc<Mutex<Said>>,
    /// The pid, while the process is not reaped (a killer must not signal a pid the
    /// system has given to another process since).
    live: Arc<Mutex<Option<u32>>>,
}

/// Kills a worker from another thread (a page's *Stop*).
#[derive(Clone)]
pub struct Killer {
    live: Arc<Mutex<Option<u32>>>,
}

impl Killer {
    /// Kills the worker if it still runs; whoever waits for its answer gets its end.
    pub fn kill(&self) {
        let live = self.live.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(pid) = *live {
            kill_group(pid);
        }
    }
}

/// The program that runs workers: this one, when it is `ludolog`; else (a test
/// binary of the library) the `ludolog` beside it that cargo built.
pub fn program() -> std::io::Result<std::path::PathBuf> {
    let exe = std::env::current_exe()?;
    if exe.file_stem().is_some_and(|n| n == "ludolog") {
        return Ok(exe);
    }
    // target/<profile>/deps/<test binary> → target/<profile>/ludolog
    let beside = exe
        .parent()
        .and_then(|deps| deps.parent())
        .map(|dir| dir.join("ludolog"));
    match beside {
        Some(p) if p.is_file() => Ok(p),
        _ => Err(std::io::Error::other(format!(
            "cannot find the ludolog program to run a worker (this is {})",
            exe.display()
        ))),
    }
}

impl<M: DeserializeOwned + Send + 'static> Process<M> {
    /// Starts `ludolog SUBCOMMAND` as a worker and sends it `start`.
    pub fn launch(subcommand: &str, start: &impl Serialize) -> std::io::Result<Process<M>> {
        let mut command = Command::new(program()?);
        command.arg(subcommand);
        Process::launch_command(command, start)
    }

    /// Starts `command` as a worker and sends it `start`.
    fn launch_command(mut command: Command, start: &impl Serialize) -> std::io::Result<Process<M>> {
        let mut child = command
            .env_clear()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // its own process group: a terminal's Ctrl-C reaches the parent, which
            // decides; the worker ends with its parent (it watches for that)
            .process_group(0)
            .spawn()?;
        let missing = || std::io::Error::other("a pipe of the worker is missing");
        let stdin = child.stdin.take().ok_or_else(missing)?;
        let stdout = child.stdout.take().ok_or_else(missing)?;
        let stderr = child.stderr.take().ok_or_else(missing)?;
        let said = Arc::new(Mutex::new(Said::default()));
        let said_by_thread = said.clone();
        std::thread::Builder::new()
            .name("ludolog-worker-err".into())
            .spawn(move || relay_errors(stderr, &said_by_thread))?;
        let live = Arc::new(Mutex::new(Some(child.id())));
        let mut process = Process {
            child,
            stdin,
            stdout,
            pending: Vec::new(),
            scanned: 0,
            ended: false,
            message: std::marker::PhantomData,
            said,
            live,
        };
        process.send(start)?;
        Ok(process)
    }

    /// Sends one message.
    pub fn send(&mut self, message: &impl Serialize) -> std::io::Result<()> {
        // one write: the line and its end together wake the worker once
        let mut line = serde_json::to_vec(message).map_err(std::io::Error::other)?;
        line.push(b'\n');
        self.stdin.write_all(&line)?;
        self.stdin.flush()
    }

    /// The next message, waiting at most `timeout` (`None`: as long as it takes).
    /// A worker that broke the protocol is killed first.
    pub fn recv(&mut self, timeout: Option<Duration>) -> Result<M, Failure> {
        let deadline = timeout.map(|t| Instant::now() + t);
        loop {
            let from = self.scanned.min(self.pending.len());
            let newline = self.pending[from..].iter().position(|&b| b == b'\n');
            self.scanned = self.pending.len();
            if let Some(end) = newline.map(|at| from + at) {
                self.scanned = 0;
                let line: Vec<u8> = self.pending.drain(..=end).take(end).collect();
                return match serde_json::from_slice::<M>(&line) {
                    Ok(m) => Ok(m),
                    Err(_) => {
                        self.kill();
                        Err(Failure::Garbage(shown_start(&line)))
                    }
                };
            }
            if self.pending.len() > MAX_LINE {
                self.kill();
                return Err(Failure::Garbage(format!(
                    "a line of over {} MB",
                    MAX_LINE >> 20
                )));
            }
            if self.ended {
                // a last line without its end is not a message either
                if !self.pending.is_empty() {
                    let line = std::mem::take(&mut self.pending);
                    self.scanned = 0;
                    if let Ok(m) = serde_json::from_slice::<M>(&line) {
                        return Ok(m);
                    }
                }
                return Err(Failure::Ended(self.end_text()));
            }
            if let Some(deadline) = deadline {
                if !self.readable_before(deadline) {
                    return Err(Failure::Timeout);
                }
            }
            let mut chunk = [0u8; 64 << 10];
            match self.stdout.read(&mut chunk) {
                Ok(0) => self.ended = true,
                Ok(n) => self.pending.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => self.ended = true,
            }
        }
    }

    /// Waits until the protocol channel has something to read (or has ended), at
    /// most until `deadline`; false if it had nothing by then.
    fn readable_before(&self, deadline: Instant) -> bool {
        use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            // whole milliseconds, rounded up, so that a wait never ends early
            let ms = left.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
            let mut fds = [PollFd::new(self.stdout.as_fd(), PollFlags::POLLIN)];
            match poll(
                &mut fds,
                PollTimeout::try_from(ms).unwrap_or(PollTimeout::MAX),
            ) {
                Ok(0) => return false,
                Ok(_) => return true,
                Err(nix::errno::Errno::EINTR) => continue,
                // a channel that cannot be waited on is read, and ends
                Err(_) => return true,
            }
        }
    }

    /// Whether the process has exited (it is reaped then): one killed between two
    /// inputs, whose pipe may still take an input it will never read.
    pub fn has_exited(&mut self) -> bool {
        // an error: no such child any more (reaped elsewhere), so not running either
        let exited = !matches!(self.child.try_wait(), Ok(None));
        if exited {
            *self.live.lock().unwrap_or_else(|p| p.into_inner()) = None;
        }
        exited
    }

    /// Asks the worker to stop the call it runs (a solve stops at it): SIGUSR1, which
    /// it turns into its cancel flag.  Nothing happens to one that has ended.
    pub fn interrupt(&self) {
        let live = self.live.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(pid) = *live {
            let pid = nix::unistd::Pid::from_raw(pid as i32);
            let _ = nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGUSR1);
        }
    }

    /// A handle that kills this worker from another thread.
    pub fn killer(&self) -> Killer {
        Killer {
            live: self.live.clone(),
        }
    }

    /// Kills the process and reaps it: nothing of it runs afterwards.
    pub fn kill(&mut self) {
        let mut live = self.live.lock().unwrap_or_else(|p| p.into_inner());
        if live.is_some() {
            kill_group(self.child.id());
        }
        let _ = self.child.wait();
        *live = None;
    }

    /// How the process ended, once its channel is closed (it is reaped here; one
    /// that closed its channel and lives on is killed).
    pub fn end_text(&mut self) -> Ended {
        let status = match self.child.try_wait() {
            Ok(Some(s)) => Ok(s),
            _ => {
                // give it a moment to exit on its own, then make sure
                std::thread::sleep(Duration::from_millis(50));
                match self.child.try_wait() {
                    Ok(Some(s)) => Ok(s),
                    _ => {
                        kill_group(self.child.id());
                        self.child.wait()
                    }
                }
            }
        };
        *self.live.lock().unwrap_or_else(|p| p.into_inner()) = None;
        // the error line it gave (a limit's message) says it best: once its standard
        // error is read to the end (soon after it exits; a second at most)
        let waited = std::time::Instant::now();
        while !self.said.lock().unwrap_or_else(|p| p.into_inner()).done
            && waited.elapsed() < Duration::from_secs(1)
        {
            std::thread::sleep(Duration::from_millis(2));
        }
        let said = self
            .said
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .last_error
            .clone();
        Ended {
            said,
            code: status.as_ref().ok().and_then(|s| s.code()),
            status: match status {
                Ok(s) => status_text(s),
                Err(e) => e.to_string(),
            },
        }
    }
}

impl<M> Drop for Process<M> {
    fn drop(&mut self) {
        let mut live = self.live.lock().unwrap_or_else(|p| p.into_inner());
        if live.is_some() {
            kill_group(self.child.id());
        }
        let _ = self.child.wait();
        *live = None;
    }
}

/// Kills a worker and whatever it started (its process group, which it leads: a
/// confined worker starts nothing, but one run with `--trust` may).
fn kill_group(pid: u32) {
    let pid = nix::unistd::Pid::from_raw(pid as i32);
    let _ = nix::sys::signal::killpg(pid, nix::sys::signal::Signal::SIGKILL);
}

/// An exit status in words.
fn status_text(s: ExitStatus) -> String {
    use crate::game::EXIT_MEMORY;
    use crate::game::EXIT_TIME;
    match (s.code(), s.signal()) {
        (Some(EXIT_MEMORY), _) => "it reached the memory limit".to_string(),
        (Some(EXIT_TIME), _) => "it ran past the time limit".to_string(),
        (Some(0), _) => "it ended".to_string(),
        (Some(c), _) => format!("it ended with status {c}"),
        (None, Some(9)) => "it was killed".to_string(),
        (None, Some(sig)) => format!("it crashed (signal {sig})"),
        (None, None) => s.to_string(),
    }
}

/// Reads one line (without its newline) into `line`: false at the end of input; an
/// error for a line longer than `MAX_LINE`.
fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<bool> {
    line.clear();
    let mut limited = reader.take(MAX_LINE as u64 + 1);
    let n = limited.read_until(b'\n', line)?;
    if n == 0 {
        return Ok(false);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
    } else if line.len() > MAX_LINE {
        return Err(std::io::Error::other("line too long"));
    }
    Ok(true)
}

/// The start of a bad line, as it may be shown.
fn shown_start(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(&line[..line.len().min(80)]);
    crate::render::terminal_text(&text).into_owned()
}

/// Marks a worker's standard error as read to its end, however the reader stops.
struct Done<'a>(&'a Mutex<Said>);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).done = true;
    }
}

/// Shows what a worker writes on its standard error (escaped, and only so much),
/// and keeps its last `error:` line, which is the reason it gives for ending: that
/// one is not shown, as the parent says it.
fn relay_errors(stderr: impl Read, said: &Mutex<Said>) {
    let mut reader = BufReader::new(stderr);
    let mut line = Vec::new();
    let _done = Done(said);
    while let Ok(true) = read_line(&mut reader, &mut line) {
        let text = String::from_utf8_lossy(&line).into_owned();
        let mut said = said.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(error) = text.strip_prefix("error: ") {
            let error: String = error.chars().take(2000).collect();
            said.last_error = Some(crate::render::terminal_text(&error).into_owned());
            continue;
        }
        if said.shown < MAX_SHOWN {
            said.shown += text.len() + 1;
            let mut err = std::io::stderr().lock();
            let _ = writeln!(err, "{}", crate::render::terminal_text(&text));
            if said.shown >= MAX_SHOWN {
                let _ = writeln!(err, "(the rest of what the worker printed is not shown)");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A worker that is a shell script: what it prints is what the parent reads.
    fn shell(script: &str) -> Process<serde_json::Value> {
        let mut command = Command::new("/bin/sh");
        command.args(["-c", script]);
        Process::launch_command(command, &"start").unwrap()
    }

    #[test]
    fn messages_come_through_and_an_end_says_how() {
        let mut p = shell("read line; echo '{\"a\": 1}'; echo 'error: out of time' >&2; exit 87");
        assert_eq!(p.recv(None).unwrap(), serde_json::json!({"a": 1}));
        match p.recv(None) {
            Err(Failure::Ended(e)) => {
                assert_eq!(e.code, Some(87));
                assert_eq!(e.said.as_deref(), Some("out of time"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_interrupt_reaches_the_worker_as_its_signal() {
        // the shell answers SIGUSR1 with the message 7
        let mut p = shell("trap 'echo 7; exit 0' USR1; read line; while :; do sleep 0.05; done");
        assert!(matches!(
            p.recv(Some(Duration::from_millis(100))),
            Err(Failure::Timeout)
        ));
        p.interrupt();
        assert_eq!(
            p.recv(Some(Duration::from_secs(10))).unwrap(),
            serde_json::json!(7)
        );
    }

    #[test]
    fn a_worker_that_ends_inside_a_line_has_ended_each_time_it_is_asked() {
        // what it printed last has no end of line: the channel's end, asked again
        let mut p = shell("read line; printf '{\"half\": '");
        for _ in 0..2 {
            assert!(matches!(p.recv(None), Err(Failure::Ended(_))));
        }
    }

    #[test]
    fn a_line_that_is_no_message_ends_the_worker() {
        let mut p = shell("read line; echo 'not json'; sleep 100");
        match p.recv(None) {
            Err(Failure::Garbage(what)) => assert_eq!(what, "not json"),
            other => panic!("{other:?}"),
        }
        // killed and reaped: nothing of it runs
        assert!(p.live.lock().unwrap().is_none());
    }

    #[test]
    fn a_line_too_long_ends_the_worker_before_it_fills_the_parent() {
        let mut p = shell("read line; head -c 70000000 /dev/zero | tr '\\0' 'x'; echo");
        match p.recv(None) {
            Err(Failure::Garbage(what)) => assert!(what.contains("MB"), "{what}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_silent_worker_times_out_and_a_killer_ends_it() {
        let mut p = shell("read line; sleep 100");
        assert!(matches!(
            p.recv(Some(Duration::from_millis(50))),
            Err(Failure::Timeout)
        ));
        p.killer().kill();
        assert!(matches!(p.recv(None), Err(Failure::Ended(_))));
    }

    #[test]
    fn a_worker_gets_no_environment() {
        std::env::set_var("LUDOLOG_TEST_SECRET", "hunter2");
        let mut p = shell("read line; printf '\"%s\"\\n' \"$LUDOLOG_TEST_SECRET\"");
        assert_eq!(p.recv(None).unwrap(), serde_json::json!(""));
    }
}
