//! The REPL frontend: rustyline editing, history and completion on a terminal,
//! plain line reading when piped.  The session runs in an engine process of its
//! own (`remote`), so Ctrl-C stops a running query for certain; answers come one
//! at a time and are paged here.

use super::layout::{full_stop, wrap};
use super::remote::Remote;
use super::session::{Pager, Reply, Snapshot};
use super::terms;
use super::wire::ToWorker;
use crate::prolog::ReplStep;
use crate::registry::EngineSpec;
use anyhow::Result;
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Editor, Helper};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{BufRead, IsTerminal, Lines, StdinLock, Write};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// With piped input, at most this many answers of one query are shown.
pub const MAX_PIPED_ANSWERS: usize = 100;

struct ReplHelper {
    remote: Rc<RefCell<Remote>>,
}

impl Completer for ReplHelper {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, c) = self.remote.borrow_mut().complete(line, pos);
        Ok((
            start,
            c.into_iter()
                .map(|s| Pair {
                    display: s.clone(),
                    replacement: s,
                })
                .collect(),
        ))
    }
}
impl Hinter for ReplHelper {
    type Hint = String;
}
impl Highlighter for ReplHelper {}
impl Validator for ReplHelper {}
impl Helper for ReplHelper {}

fn history_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("ludolog").join("history"))
}

/// Whether a line typed at an empty prompt is a `:command` (not `:- directive`).
fn is_command(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with(':') && !t.starts_with(":-")
}

/// Answers on a terminal: each one wrapped to the width, then a key says what next.
struct TerminalPager {
    at_line_start: bool,
    /// The line editor of a query's `read/1` (made when a query first reads).
    reader: Option<rustyline::DefaultEditor>,
    /// What the query's reads read first: what was typed after it, then after each
    /// term a read took.
    input: terms::QueryInput,
    /// Set by Ctrl-C at a `read/1` prompt: the query stops, as on Ctrl-C while it runs.
    interrupted: Arc<AtomicBool>,
}

impl TerminalPager {
    fn print(&mut self, text: &str) {
        let mut out = std::io::stdout();
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
        if !text.is_empty() {
            self.at_line_start = text.ends_with('\n');
        }
    }
}

impl Pager for TerminalPager {
    fn output(&mut self, text: &str) {
        self.print(text);
    }

    fn read_term(&mut self, prompt: &str) -> Option<String> {
        if !self.at_line_start {
            self.print("\n");
        }
        let editor = match &mut self.reader {
            Some(editor) => editor,
            None => self.reader.insert(rustyline::DefaultEditor::new().ok()?),
        };
        let interrupted = &self.interrupted;
        self.input.read(|| match editor.readline(prompt) {
            Ok(line) => Some(line),
            Err(ReadlineError::Interrupted) => {
                interrupted.store(true, Ordering::SeqCst);
                None
            }
            Err(_) => None,
        })
    }

    fn answer(&mut self, text: &str, last: bool) -> ReplStep {
        if !self.at_line_start {
            self.print("\n");
        }
        let width = crossterm::terminal::size().map_or(80, |(w, _)| usize::from(w).max(20));
        let text = wrap(text, width);
        if last {
            self.print(&format!("{text}{}\n", full_stop(&text)));
            return ReplStep::Stop;
        }
        self.print(&format!("{text} "));
        loop {
            match read_step() {
                Some(ReplStep::Next) => {
                    self.print(";\n");
                    return ReplStep::Next;
                }
                Some(ReplStep::Full) => {
                    self.print("\n");
                    return ReplStep::Full;
                }
                Some(ReplStep::Stop) => {
                    self.print(".\n");
                    return ReplStep::Stop;
                }
                None => {
                    self.print("\n% ; or space: next answer, w: this one in full, Enter: stop\n")
                }
            }
        }
    }
}

/// Reads one key on the terminal: `;`, space, `n` or Tab for the next answer, `w`
/// for this one in full, Enter, `.`, `q`, Escape or Ctrl-C to stop; `None` for
/// any other key (the frontend then says which keys there are).  It reads a
/// single byte from the terminal, so keys typed after it stay for the prompt.
fn read_step() -> Option<ReplStep> {
    if crossterm::terminal::enable_raw_mode().is_err() {
        return Some(ReplStep::Stop);
    }
    let mut byte = [0u8; 1];
    let read = loop {
        match nix::unistd::read(0, &mut byte) {
            Err(nix::errno::Errno::EINTR) => continue,
            other => break other,
        }
    };
    let _ = crossterm::terminal::disable_raw_mode();
    match read {
        Ok(1) => match byte[0] {
            b';' | b' ' | b'n' | b'\t' => Some(ReplStep::Next),
            b'w' => Some(ReplStep::Full),
            b'\r' | b'\n' | b'.' | b'q' | 0x1b | 0x03 | 0x04 => Some(ReplStep::Stop),
            _ => None,
        },
        _ => Some(ReplStep::Stop),
    }
}

/// Answers when the input is piped: all of them (up to a bound), each on its line.
struct PipedPager {
    shown: usize,
    at_line_start: bool,
    /// The input's lines, which a query's `read/1` reads too (each echoed after its prompt).
    lines: Rc<RefCell<Lines<StdinLock<'static>>>>,
    /// What the query's reads read first: what followed it, then each line read.
    input: terms::QueryInput,
    /// Whether what `input` holds was echoed (a line a read took) or not (it followed
    /// the query on its line, and each term read of it is shown as it is read).
    input_shown: bool,
}

impl Pager for PipedPager {
    fn output(&mut self, text: &str) {
        print!("{text}");
        if !text.is_empty() {
            self.at_line_start = text.ends_with('\n');
        }
    }

    fn read_term(&mut self, prompt: &str) -> Option<String> {
        if !self.at_line_start {
            println!();
        }
        self.at_line_start = true;
        let lines = &self.lines;
        let mut pulled = false;
        let term = self.input.read(|| {
            let line = lines.borrow_mut().next()?.ok()?;
            println!("{prompt}{line}");
            pulled = true;
            Some(line)
        });
        // a term that followed the query on its line is shown as it is read, too
        match (pulled || self.input_shown, &term) {
            (false, Some(t)) => println!("{prompt}{}", t.trim()),
            _ => self.input_shown = true,
        }
        term
    }

    fn answer(&mut self, text: &str, last: bool) -> ReplStep {
        if !self.at_line_start {
            println!();
        }
        self.at_line_start = true;
        self.shown += 1;
        if last {
            println!("{text}{}", full_stop(text));
            ReplStep::Stop
        } else if self.shown >= MAX_PIPED_ANSWERS {
            println!("{text} .\n% stopped after {MAX_PIPED_ANSWERS} answers (the most shown when the input is not a terminal)");
            ReplStep::Stop
        } else {
            println!("{text} ;");
            ReplStep::Next
        }
    }
}

/// Runs the REPL on `spec` until `:quit`, `halt.` or the end of input; gives the
/// exit code: halt's, or with piped input 1 if any input failed.
pub fn run(spec: EngineSpec) -> Result<u8> {
    run_watching(spec, false)
}

/// `--watch`: reloads the rules if a rule file changed, and says so.
fn watch_now(remote: &Rc<RefCell<Remote>>, watch: bool) -> Result<()> {
    if watch {
        if let Some(note) = remote.borrow_mut().watch_tick()? {
            println!("{note}");
        }
    }
    Ok(())
}

/// As `run`; with `watch`, changed rule files are reloaded before each input
/// (`ludolog repl --watch`).
pub fn run_watching(spec: EngineSpec, watch: bool) -> Result<u8> {
    let watching = watch.then(|| super::watch::Watch::describe(&spec));
    let interrupted = Arc::new(AtomicBool::new(false));
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if interactive {
        let flag = interrupted.clone();
        // Ctrl-C while a query runs: flag it (at the prompt and between answers the
        // terminal is raw and Ctrl-C is a key).  With piped input Ctrl-C ends the
        // REPL, and its engine process follows (it watches its parent).
        let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, flag);
    }
    // ludolog's own rules load without fail: the prompt comes at once and the engine
    // gets ready meanwhile; a rule file from disk is checked before the prompt
    // (options a descriptor refuses are reported before the prompt, by the wait)
    let mut snapshot = Snapshot::start(spec.clone());
    if interactive {
        // a person at a terminal stops a query with Ctrl-C, as in SWI-Prolog: no
        // default inference or time limit on what they type (rule files keep theirs)
        snapshot.unlimited_at_the_prompt();
    }
    let early = interactive
        && spec.rules.is_none()
        && spec
            .descriptor()
            .is_some_and(|d| d.values(&spec.options).is_ok());
    let (remote, banner) = if early {
        let banner = super::session::banner_of(&spec);
        (Remote::start_early(snapshot, interrupted.clone())?, banner)
    } else {
        let (remote, banner, note) = Remote::start(snapshot, interrupted.clone())?;
        if !note.is_empty() {
            eprintln!("{note}");
        }
        (remote, banner)
    };
    let remote = Rc::new(RefCell::new(remote));
    if interactive {
        run_terminal(&remote, &banner, watching.as_deref(), interrupted)
    } else {
        if let Some(w) = &watching {
            println!("{w}");
        }
        run_piped(&remote, watch)
    }
}

/// Prints a reply on the terminal; gives the exit code when the REPL should end.
fn show(reply: Reply) -> Option<u8> {
    match reply {
        Reply::Quit(code) => return Some(code),
        Reply::Text(t) | Reply::Error(t) if !t.is_empty() => println!("{t}"),
        _ => {}
    }
    None
}

fn run_terminal(
    remote: &Rc<RefCell<Remote>>,
    banner: &str,
    watching: Option<&str>,
    interrupted: Arc<AtomicBool>,
) -> Result<u8> {
    println!("ludolog — {banner}. Queries end with `.`; :help for commands, Ctrl-D to leave.");
    if let Some(w) = watching {
        println!("{w} (before each input; Enter alone reloads)");
    }
    let watch = watching.is_some();
    // Tab lists the candidates (as a shell does) and completes their common start
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .build();
    let mut editor: Editor<ReplHelper, rustyline::history::DefaultHistory> =
        Editor::with_config(config)?;
    editor.set_helper(Some(ReplHelper {
        remote: remote.clone(),
    }));
    let history = history_path();
    if let Some(h) = &history {
        let _ = editor.load_history(h);
    }
    let mut pager = TerminalPager {
        at_line_start: true,
        reader: None,
        input: terms::QueryInput::default(),
        interrupted,
    };
    let mut buffer = String::new();
    let code = loop {
        let prompt = if buffer.is_empty() { "?- " } else { "|    " };
        if buffer.is_empty() {
            watch_now(remote, watch)?;
        }
        let line = match editor.readline(prompt) {
            Ok(line) => {
                if buffer.is_empty() {
                    watch_now(remote, watch)?;
                }
                line
            }
            Err(ReadlineError::Interrupted) => {
                buffer.clear();
                println!("^C");
                continue;
            }
            Err(ReadlineError::Eof) => break 0,
            Err(e) => return Err(e.into()),
        };
        if buffer.is_empty() && is_command(&line) {
            let _ = editor.add_history_entry(line.trim());
            let reply = remote.borrow_mut().ask(ToWorker::Eval(line), &mut pager)?;
            if let Some(code) = show(reply) {
                break code;
            }
            continue;
        }
        buffer.push_str(&line);
        buffer.push('\n');
        let (inputs, rest) = terms::split(&buffer);
        if inputs.is_empty() {
            if terms::is_blank(&rest) {
                buffer.clear();
            }
            continue;
        }
        let _ = editor.add_history_entry(buffer.trim());
        buffer = if terms::is_blank(&rest) {
            String::new()
        } else {
            rest
        };
        let mut quit = None;
        let mut queue: VecDeque<String> = inputs.into_iter().map(|(_, t)| t).collect();
        while let Some(input) = queue.pop_front() {
            pager.at_line_start = true;
            // the query's read/1 reads what was typed after it first; what it leaves runs next
            pager.input.start(queue, std::mem::take(&mut buffer));
            let reply = remote.borrow_mut().ask(ToWorker::Eval(input), &mut pager)?;
            (queue, buffer) = pager.input.finish();
            let reply = match reply {
                Reply::ReadClauses => {
                    let block = read_clauses_terminal(&mut editor);
                    match block {
                        Some(text) => remote
                            .borrow_mut()
                            .ask(ToWorker::Consult(text), &mut pager)?,
                        None => Reply::Text("% no clauses read".into()),
                    }
                }
                other => other,
            };
            if let Some(code) = show(reply) {
                quit = Some(code);
                break;
            }
        }
        if let Some(code) = quit {
            break code;
        }
    };
    if let Some(h) = &history {
        if let Some(dir) = h.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.save_history(h);
    }
    Ok(code)
}

/// Whether a `[user]` block is complete: one of its terms is `end_of_file.`
fn block_ended(text: &str) -> bool {
    terms::split(text)
        .0
        .iter()
        .any(|(_, t)| t == "end_of_file.")
}

/// The clauses of a `[user]` block typed on the terminal, up to `end_of_file.` or
/// Ctrl-D; `None` when Ctrl-C abandons it.
fn read_clauses_terminal(
    editor: &mut Editor<ReplHelper, rustyline::history::DefaultHistory>,
) -> Option<String> {
    println!("% type clauses; end_of_file. or Ctrl-D ends them, Ctrl-C abandons them");
    let mut text = String::new();
    loop {
        match editor.readline("|: ") {
            Ok(line) => {
                text.push_str(&line);
                text.push('\n');
                if block_ended(&text) {
                    return Some(text);
                }
            }
            Err(ReadlineError::Eof) => return Some(text),
            Err(_) => return None,
        }
    }
}

/// Piped input: every input is echoed and answered; errors go to standard error.
fn run_piped(remote: &Rc<RefCell<Remote>>, watch: bool) -> Result<u8> {
    let lines = Rc::new(RefCell::new(std::io::stdin().lock().lines()));
    let next_line = || lines.borrow_mut().next();
    let mut failed = false;
    let mut buffer = String::new();
    let mut pager = PipedPager {
        shown: 0,
        at_line_start: true,
        lines: lines.clone(),
        input: terms::QueryInput::default(),
        input_shown: false,
    };
    let ask = |request: ToWorker, pager: &mut PipedPager| -> Result<Reply> {
        pager.shown = 0;
        pager.at_line_start = true;
        let reply = remote.borrow_mut().ask(request, pager);
        let _ = std::io::stdout().flush();
        reply
    };
    while let Some(line) = next_line() {
        let line = line?;
        let inputs = if buffer.is_empty() && is_command(&line) {
            vec![line]
        } else {
            buffer.push_str(&line);
            buffer.push('\n');
            let (inputs, rest) = terms::split(&buffer);
            buffer = if terms::is_blank(&rest) {
                String::new()
            } else {
                rest
            };
            inputs.into_iter().map(|(_, t)| t).collect()
        };
        let mut queue = VecDeque::from(inputs);
        while let Some(input) = queue.pop_front() {
            watch_now(remote, watch)?;
            println!("?- {}", input.trim());
            // the query's read/1 reads what follows it first; what it leaves runs next
            pager.input.start(queue, std::mem::take(&mut buffer));
            pager.input_shown = false;
            let mut reply = ask(ToWorker::Eval(input), &mut pager)?;
            (queue, buffer) = pager.input.finish();
            if reply == Reply::ReadClauses {
                let mut block = String::new();
                while let Some(line) = next_line() {
                    let line = line?;
                    println!("|: {line}");
                    block.push_str(&line);
                    block.push('\n');
                    if block_ended(&block) {
                        break;
                    }
                }
                reply = ask(ToWorker::Consult(block), &mut pager)?;
            }
            match reply {
                Reply::Quit(code) => return Ok(if code == 0 && failed { 1 } else { code }),
                Reply::Text(t) if !t.is_empty() => println!("{t}"),
                Reply::Error(t) => {
                    failed = true;
                    let _ = std::io::stdout().flush();
                    eprintln!("{t}");
                }
                _ => {}
            }
        }
    }
    if !buffer.trim().is_empty() {
        println!("?- {}", buffer.trim());
        eprintln!("error: the input ended inside a query (a query ends with `.`)");
        failed = true;
    }
    Ok(u8::from(failed))
}
