//! The process of an external engine: started from a command line, one JSON request
//! written per line, one JSON answer read per line within a time limit, and the last
//! lines it writes on standard error kept for the report.  An engine that stops,
//! stays silent or answers garbage is ended at once, and said so with how it ended.

use super::lifetime;
use serde_json::Value;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long an engine may take to answer one request, unless `--answer-timeout`
/// says otherwise.
pub const ANSWER_TIME: Duration =
    Duration::from_millis((crate::game::defaults::ANSWER_TIMEOUT_SECONDS * 1000.0) as u64);

/// The last lines of the engine's standard error kept for a report, and the
/// longest line kept whole.
const STDERR_LINES: usize = 12;
const STDERR_LINE: usize = 1000;

/// The longest answer line read from an engine (a legal-move list of a large game
/// is far shorter): a longer one is a finding, not a way to fill ludolog's memory.
pub const MAX_ANSWER_BYTES: usize = 16 << 20;

/// Reads `input` line by line, each at most `max` bytes (without its newline): gives
/// `Ok(line)` for each, and `Err(())` for a line too long, whose rest is read and
/// dropped.  Stops at the end of the input or when `each` says so.
fn capped_lines(
    input: impl std::io::Read,
    max: usize,
    mut each: impl FnMut(Result<String, ()>) -> bool,
) {
    let mut reader = BufReader::new(input);
    loop {
        let mut buf = Vec::new();
        let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
        match (&mut reader).take(limit).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        } else if buf.len() > max {
            if !each(Err(())) {
                return;
            }
            // the rest of the long line, in pieces, to its newline
            loop {
                buf.clear();
                match (&mut reader).take(1 << 16).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) if buf.last() == Some(&b'\n') => break,
                    Ok(_) => {}
                }
            }
            continue;
        }
        if !each(Ok(String::from_utf8_lossy(&buf).into_owned())) {
            return;
        }
    }
}

/// What an engine wrote on standard error: its last lines, and whether the pipe has
/// closed (the engine and whatever it started have ended).
#[derive(Default)]
struct Tail {
    lines: VecDeque<String>,
    closed: bool,
}

/// A request the engine did not answer as the protocol says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AskError {
    /// It answered `{"error": …}` (or, to `play`, refused the move): its words.
    Refused(String),
    /// It broke the protocol (it stopped, gave no answer in time, or answered
    /// garbage) and is ended: what happened, and the last lines of its standard error.
    Broken { what: String, stderr: Vec<String> },
}

impl std::fmt::Display for AskError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AskError::Refused(words) => write!(f, "{words}"),
            AskError::Broken { what, stderr } => {
                write!(f, "{what}{}", crate::game::stderr_lines(stderr))
            }
        }
    }
}

/// How a request went wrong, before the engine is ended.
enum Fault {
    /// Its input is closed or its output ended.
    Stopped,
    /// No answer within the time.
    Silent(Duration),
    /// An answer that is not a JSON object, or far too long.
    Garbage(String),
}

/// A running engine process.
pub struct EngineProcess {
    /// The command line, for messages.
    pub command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Result<String, ()>>,
    stderr: Arc<(Mutex<Tail>, Condvar)>,
    /// How long it may take to answer one request.
    timeout: Duration,
    /// Whether it has been ended and waited for (after breaking the protocol).
    ended: bool,
}

/// A request in words: `play a3`, `state`.
fn request_words(request: &Value) -> String {
    let op = request.get("op").and_then(Value::as_str).unwrap_or("?");
    match request.get("move").and_then(Value::as_str) {
        Some(mv) => format!("{op} {}", crate::game::elide(mv)),
        None => op.to_string(),
    }
}

/// An exit status in words.
fn status_words(s: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (s.code(), s.signal()) {
        (Some(code), _) => format!("it exited with status {code}"),
        (None, Some(sig)) => match nix::sys::signal::Signal::try_from(sig) {
            Ok(name) => format!("it was killed by signal {sig} ({name})"),
            Err(_) => format!("it was killed by signal {sig}"),
        },
        _ => "it ended".to_string(),
    }
}

impl EngineProcess {
    /// Starts `command` (split on white space: a program and its arguments), to
    /// answer each request within `timeout`.
    pub fn start(command: &str, timeout: Duration) -> Result<EngineProcess, String> {
        let words: Vec<&str> = command.split_whitespace().collect();
        let Some((program, args)) = words.split_first() else {
            return Err("--against needs a command, e.g. \"python3 engine.py\"".into());
        };
        let cannot =
            |e: std::io::Error| format!("cannot start `{}`: {e}", crate::game::elide(command));
        let mut child = lifetime::command(program, args)
            .map_err(cannot)?
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(cannot)?;
        lifetime::register(child.id());
        let stdin = child.stdin.take().ok_or("no pipe to the engine")?;
        let stdout = child.stdout.take().ok_or("no pipe from the engine")?;
        let stderr_pipe = child.stderr.take().ok_or("no pipe from the engine")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            capped_lines(stdout, MAX_ANSWER_BYTES, |line| tx.send(line).is_ok());
        });
        let stderr = Arc::new((Mutex::new(Tail::default()), Condvar::new()));
        let kept = stderr.clone();
        std::thread::spawn(move || {
            // the pipe is drained to its end, long lines and all, so that the engine
            // never blocks on a full pipe; the last lines are kept
            let lock = || kept.0.lock().unwrap_or_else(|p| p.into_inner());
            capped_lines(stderr_pipe, STDERR_LINE, |line| {
                let mut tail = lock();
                tail.lines
                    .push_back(line.unwrap_or_else(|()| "(a line too long to show)".into()));
                if tail.lines.len() > STDERR_LINES {
                    tail.lines.pop_front();
                }
                true
            });
            lock().closed = true;
            kept.1.notify_all();
        });
        Ok(EngineProcess {
            command: command.to_string(),
            child,
            stdin,
            lines,
            stderr,
            timeout,
            ended: false,
        })
    }

    /// Sends one request and reads its answer within the time: an engine's
    /// `{"error": …}` is `Refused` with its words; an engine that stops, stays
    /// silent or answers garbage is ended, and `Broken`.
    pub fn ask(&mut self, request: &Value) -> Result<Value, AskError> {
        if self.ended {
            return Err(AskError::Broken {
                what: "the engine has ended".into(),
                stderr: self.tail(),
            });
        }
        let line = request.to_string();
        if writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .is_err()
        {
            return Err(self.end(request, Fault::Stopped));
        }
        // the first answer also waits for the program to start (an interpreter and
        // its libraries): it has at least the default time
        let time = match request.get("op").and_then(Value::as_str) {
            Some("hello") => self.timeout.max(ANSWER_TIME),
            _ => self.timeout,
        };
        let answer = match self.lines.recv_timeout(time) {
            Ok(Ok(a)) => a,
            Ok(Err(())) => {
                let what = format!("a line longer than {} MB", MAX_ANSWER_BYTES >> 20);
                return Err(self.end(request, Fault::Garbage(what)));
            }
            Err(RecvTimeoutError::Timeout) => return Err(self.end(request, Fault::Silent(time))),
            Err(RecvTimeoutError::Disconnected) => return Err(self.end(request, Fault::Stopped)),
        };
        let value: Value = match serde_json::from_str(&answer) {
            Ok(v @ Value::Object(_)) => v,
            _ => {
                let what = format!("{}, not a JSON object", crate::game::elide(&answer));
                return Err(self.end(request, Fault::Garbage(what)));
            }
        };
        match value.get("error") {
            Some(e) => Err(AskError::Refused(
                e.as_str().map_or_else(|| e.to_string(), str::to_string),
            )),
            None => Ok(value),
        }
    }

    /// Ends an engine that broke the protocol on `request`, and says how.
    fn end(&mut self, request: &Value, fault: Fault) -> AskError {
        let asked = request_words(request);
        let exited = match fault {
            // an engine whose output ended is on its way out: its exit status
            // tells how it ended
            Fault::Stopped => self.exit_status(Duration::from_secs(1)),
            _ => None,
        };
        lifetime::kill_group(self.child.id());
        let status = self.child.wait().ok();
        self.ended = true;
        let what = match fault {
            Fault::Stopped => match exited.or(status) {
                Some(s) if exited.is_some() => {
                    format!("the engine stopped on `{asked}`: {}", status_words(s))
                }
                _ => format!("the engine stopped on `{asked}`: it closed its input or output"),
            },
            Fault::Silent(time) => format!(
                "the engine gave no answer to `{asked}` within {} (it is stopped; --answer-timeout sets the time)",
                seconds_words(time)
            ),
            Fault::Garbage(what) => format!("the engine answered `{asked}` with {what}"),
        };
        AskError::Broken {
            what,
            stderr: self.tail(),
        }
    }

    /// The status of the engine once it has exited, waiting at most `time` for it
    /// (without reaping it: its group stays its own until it is waited for).
    fn exit_status(&self, time: Duration) -> Option<std::process::ExitStatus> {
        use nix::sys::wait::{waitid, Id, WaitPidFlag, WaitStatus};
        use std::os::unix::process::ExitStatusExt;
        let pid = nix::unistd::Pid::from_raw(i32::try_from(self.child.id()).ok()?);
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
        let until = Instant::now() + time;
        loop {
            match waitid(Id::Pid(pid), flags) {
                Ok(WaitStatus::Exited(_, code)) => {
                    return Some(std::process::ExitStatus::from_raw((code & 0xff) << 8))
                }
                Ok(WaitStatus::Signaled(_, sig, _)) => {
                    return Some(std::process::ExitStatus::from_raw(sig as i32))
                }
                Ok(_) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// The last lines of the engine's standard error: all of them once it has
    /// closed the pipe (waited for a moment after the engine ended).
    fn tail(&self) -> Vec<String> {
        let (lock, closed) = &*self.stderr;
        let tail = lock.lock().unwrap_or_else(|p| p.into_inner());
        let tail = if self.ended {
            closed
                .wait_timeout_while(tail, Duration::from_secs(1), |t| !t.closed)
                .map(|(t, _)| t)
                .unwrap_or_else(|p| p.into_inner().0)
        } else {
            tail
        };
        tail.lines
            .iter()
            .map(|l| l.trim_end().to_string())
            .skip_while(|l| l.is_empty())
            .collect()
    }
}

/// A duration in words: `10 s`, `0.5 s`.
pub fn seconds_words(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if self.ended {
            return;
        }
        let _ = writeln!(self.stdin, "{}", serde_json::json!({"op": "quit"}));
        let _ = self.stdin.flush();
        // a moment to quit on its own (its output ends), then its group is ended
        let until = Instant::now() + Duration::from_millis(200);
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            if let Err(RecvTimeoutError::Disconnected) = self.lines.recv_timeout(left) {
                break;
            }
        }
        lifetime::kill_group(self.child.id());
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_past_the_cap_are_reported_once_and_dropped() {
        let input = format!("short\n{}\nnext\nlast", "x".repeat(100));
        let mut got = Vec::new();
        capped_lines(input.as_bytes(), 10, |l| {
            got.push(l);
            true
        });
        assert_eq!(
            got,
            vec![
                Ok("short".to_string()),
                Err(()),
                Ok("next".to_string()),
                Ok("last".to_string())
            ]
        );
        let exact = "0123456789\n";
        let mut got = Vec::new();
        capped_lines(exact.as_bytes(), 10, |l| {
            got.push(l);
            true
        });
        assert_eq!(got, vec![Ok("0123456789".to_string())]);
    }
}
