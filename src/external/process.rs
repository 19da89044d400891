//! The process of an external engine: started from a command line, one JSON request
//! written per line, one JSON answer read per line within a time limit, and what it
//! writes on standard error kept for the report.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long an engine may take to answer one request.
const ANSWER_TIME: Duration = Duration::from_secs(10);

/// At most this much of the engine's standard error is kept.
const STDERR_KEPT: usize = 4096;

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

/// A running engine process.
pub struct EngineProcess {
    /// The command line, for messages.
    pub command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Result<String, ()>>,
    stderr: Arc<Mutex<String>>,
}

impl EngineProcess {
    /// Starts `command` (split on white space: a program and its arguments).
    pub fn start(command: &str) -> Result<EngineProcess, String> {
        let words: Vec<&str> = command.split_whitespace().collect();
        let Some((program, args)) = words.split_first() else {
            return Err("--against needs a command, e.g. \"python3 engine.py\"".into());
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", crate::game::elide(command)))?;
        let stdin = child.stdin.take().ok_or("no pipe to the engine")?;
        let stdout = child.stdout.take().ok_or("no pipe from the engine")?;
        let stderr_pipe = child.stderr.take().ok_or("no pipe from the engine")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            capped_lines(stdout, MAX_ANSWER_BYTES, |line| tx.send(line).is_ok());
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let kept = stderr.clone();
        std::thread::spawn(move || {
            // the pipe is drained to its end, long lines and all, so that the engine
            // never blocks on a full pipe
            capped_lines(stderr_pipe, STDERR_KEPT, |line| {
                let mut k = kept.lock().unwrap_or_else(|p| p.into_inner());
                if let Ok(line) = line {
                    if k.len() < STDERR_KEPT {
                        k.push_str(&line);
                        k.push('\n');
                    }
                }
                true
            });
        });
        Ok(EngineProcess {
            command: command.to_string(),
            child,
            stdin,
            lines,
            stderr,
        })
    }

    /// Sends one request and reads its answer; an engine's `{"error": …}` is an
    /// `Err` of its words, and so is an answer that is no JSON object.
    pub fn ask(&mut self, request: &Value) -> Result<Value, String> {
        let line = request.to_string();
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("the engine does not read its input ({e}){}", self.said()))?;
        let answer = match self.lines.recv_timeout(ANSWER_TIME) {
            Ok(Ok(a)) => a,
            Ok(Err(())) => {
                return Err(format!(
                    "the engine answered {} with a line longer than {} MB",
                    crate::game::elide(&line),
                    MAX_ANSWER_BYTES >> 20
                ))
            }
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!(
                    "the engine gave no answer to {} within {} s{}",
                    crate::game::elide(&line),
                    ANSWER_TIME.as_secs(),
                    self.said()
                ))
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(format!("the engine stopped{}", self.said()))
            }
        };
        let value: Value = serde_json::from_str(&answer).map_err(|_| {
            format!(
                "the engine answered {} to {}: not a JSON object",
                crate::game::elide(&answer),
                crate::game::elide(&line)
            )
        })?;
        match value.get("error") {
            Some(e) => Err(e.as_str().map_or_else(|| e.to_string(), str::to_string)),
            None if value.is_object() => Ok(value),
            None => Err(format!(
                "the engine answered {}: not a JSON object",
                crate::game::elide(&answer)
            )),
        }
    }

    /// What the engine wrote on standard error, as the end of a message.
    fn said(&self) -> String {
        let kept = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        let last = kept.lines().last().unwrap_or("").trim();
        if last.is_empty() {
            String::new()
        } else {
            format!(" (its standard error: {})", crate::game::elide(last))
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "{}", serde_json::json!({"op": "quit"}));
        let _ = self.stdin.flush();
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
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
