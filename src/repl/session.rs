//! The REPL backend: a session's state (game, tier, position history, the user's
//! definitions and answer settings), Prolog queries answered one answer at a time
//! through a `Pager`, `[user]` blocks, and the `Snapshot` that rebuilds a session.

use super::players::Players;
use super::terms;
use crate::foreign::set_repl_step;
use crate::game::{Engine, GameLine, GameOptions, Pos, Tier};
use crate::prolog::ReplStep;
use crate::prolog::{OutputSink, RulesEngine, TopReply};
use crate::registry::EngineSpec;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// What the frontend shows after an input (answers go through the `Pager`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reply {
    /// Text to print (may be empty).
    Text(String),
    /// An error: the input did nothing, or the query stopped with it.
    Error(String),
    /// Leave the REPL with this exit code (`:quit`, `halt.`).
    Quit(u8),
    /// `[user].`: read clauses up to `end_of_file.` and hand them to `consult`.
    ReadClauses,
}

/// Shows a query's output and answers as they come, and asks what to do next.
pub trait Pager {
    /// Text the query printed.
    fn output(&mut self, text: &str);
    /// One answer, `last` when no other can follow; says what to do next (after
    /// the last answer the step is not asked for).  `Full` shows the same answer
    /// again without eliding; `Stop` abandons the query.
    fn answer(&mut self, text: &str, last: bool) -> ReplStep;
    /// The text of the next term the user types after `prompt` (for `read/1` in a
    /// query), ending with its full stop; `None` at the end of input, the default for
    /// a pager with no one to type.
    fn read_term(&mut self, prompt: &str) -> Option<String> {
        let _ = prompt;
        None
    }
}

/// Everything a session is, apart from its engines: enough to rebuild it (after
/// Ctrl-C, in a fresh engine process) and to send it between processes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    game: String,
    options: Vec<(String, String)>,
    tier: Option<String>,
    rules: Option<PathBuf>,
    limit: Option<u64>,
    /// The sandbox is off (`--trust`).
    #[serde(default)]
    trust: bool,
    /// Typed queries run with no inference or time limit unless the user gave one
    /// (an interactive terminal, where Ctrl-C stops a query).
    #[serde(default)]
    unlimited: bool,
    /// The start position's text, `None` for the game's start.
    start: Option<String>,
    moves: Vec<String>,
    /// The user's libraries, operators and clauses, as term texts.
    user: Vec<String>,
    /// Answer settings (`:set`), in the order given.
    settings: Vec<(String, String)>,
    /// What the engine process may read: the rule files the command line named
    /// (and the rule files beside them), and those the user named with `:load` or
    /// `:game`. Only the frontend sets it (see `under_frontend`).
    #[serde(default)]
    readable: Vec<PathBuf>,
    /// The rule file's text when a user gave it (the web board's playground), never
    /// on disk (see `EngineSpec::text`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

impl Snapshot {
    /// What the engine process of this session may still reach once confined (see
    /// `confine::process`): the rule files the frontend allowed it, read only, never
    /// what the engine process says its game is; `None` with `--trust`, which lifts
    /// the confinement with the sandbox.
    pub fn confinement(&self) -> Option<crate::confine::process::WorkerConfinement> {
        if self.trust {
            return None;
        }
        Some(crate::confine::process::WorkerConfinement {
            read: self.readable.clone(),
            memory_bytes: crate::foreign::memory::memory_limit() as u64,
            cpu_seconds: None,
        })
    }

    /// Lets the engine process read `path` (a rule file named by `:load`); false when
    /// it could already.
    pub fn allow_read(&mut self, path: PathBuf) -> bool {
        // a rule file only (`:load` and `:game` load files, named *.pl): never a
        // directory, nor any other file a mistyped or hostile `:load` names
        if !path.is_file() || path.extension().is_none_or(|e| e != "pl") {
            return false;
        }
        let path = path.canonicalize().unwrap_or(path);
        let known = self.readable.iter().any(|r| path.starts_with(r));
        if !known {
            self.readable
                .extend(crate::confine::process::readable(&path));
        }
        !known
    }

    /// This snapshot, sent by the engine process, under the frontend's authority: what
    /// only the user decides (`--trust`, the inference limit, the files the engine may
    /// read) is kept from `before`, whatever the engine process said.
    pub fn under_frontend(mut self, before: &Snapshot) -> Snapshot {
        self.readable = before.readable.clone();
        self.trust = before.trust;
        self.limit = before.limit;
        self.unlimited = before.unlimited;
        // a text a user gave is the frontend's too: the game, not the engine's to change
        self.text = before.text.clone();
        self
    }

    /// Puts the session at this line of the game: its start (`None`: the game's) and
    /// the moves from there; whether that changed anything.
    pub fn set_line(&mut self, start: Option<String>, moves: Vec<String>) -> bool {
        let changed = self.start != start || self.moves != moves;
        self.start = start;
        self.moves = moves;
        changed
    }

    /// The session's line of the game: its start (`None`: the game's) and the moves
    /// from there.
    pub fn line(&self) -> (Option<String>, Vec<String>) {
        (self.start.clone(), self.moves.clone())
    }

    /// Typed queries and `[user]` blocks run with no inference limit (unless the user
    /// gave one) and no time limit (unless the user gave one): for a person at a
    /// terminal, who stops a query with Ctrl-C, as in SWI-Prolog.  Rule files and
    /// the game's requests keep their limits.
    pub fn unlimited_at_the_prompt(&mut self) {
        self.unlimited = true;
    }

    /// A test build's way to turn the Prolog-level sandbox off and keep the
    /// operating system's confinement, to show that the second holds alone.
    pub fn without_prolog_sandbox(&mut self) {
        self.trust = true;
    }

    /// A session at the start of the game, with nothing defined; its engine process
    /// may read the rule files the spec names (the frontend's decision).
    pub fn start(spec: EngineSpec) -> Snapshot {
        let mut readable = Vec::new();
        if let Some(rules) = &spec.rules {
            readable.extend(crate::confine::process::readable(rules));
        }
        // the game when it is a rule file, never a directory that has a game's name
        let game = PathBuf::from(&spec.game);
        if spec.text.is_none() && game.is_file() {
            readable.extend(crate::confine::process::readable(&game));
        }
        Snapshot {
            game: spec.game.clone(),
            options: spec.options.pairs().to_vec(),
            tier: spec.tier.map(|t| t.name().to_string()),
            rules: spec.rules.clone(),
            limit: spec.limit,
            trust: spec.trust,
            unlimited: false,
            start: None,
            moves: Vec::new(),
            user: Vec::new(),
            settings: Vec::new(),
            readable,
            text: spec.text.clone(),
        }
    }

    /// The engine spec this snapshot was taken with.
    pub fn spec(&self) -> anyhow::Result<EngineSpec> {
        let pairs: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let tier = match &self.tier {
            Some(t) => Some(t.parse::<Tier>().map_err(anyhow::Error::msg)?),
            None => None,
        };
        Ok(EngineSpec {
            game: self.game.clone(),
            options: GameOptions::parse(&pairs)?,
            tier,
            rules: self.rules.clone(),
            limit: self.limit,
            trust: self.trust,
            text: self.text.clone(),
        })
    }
}

/// A REPL session on one game: the rule file answers queries and draws the board;
/// the moves are played by the session's tier (the rule file itself, or a native
/// engine), which holds the positions.
pub struct Session {
    pub(super) spec: EngineSpec,
    /// The start, the moves and their positions, held by the engine that plays
    /// them: the rule file itself, or a native engine with the rule file beside it.
    pub(super) line: GameLine<Players>,
    /// The rule file's module, for the prompt.
    module: String,
    /// The rule file's copy of the current position when a native engine plays:
    /// (the native position it copies, the rules' handle).
    query_copy: Option<(Pos, Pos)>,
    /// The user's definitions as term texts, as of the last input that could change them.
    pub(super) user: Vec<String>,
    pub(super) settings: Vec<(String, String)>,
    /// Where a query's output goes as it is printed, if anywhere.
    pub(super) sink: Option<OutputSink>,
    /// `:why`'s tools, opened on first use.
    pub(super) why: super::why::WhyTool,
    /// Typed queries have no default limits (see `Snapshot::unlimited_at_the_prompt`).
    pub(super) unlimited: bool,
}

impl Session {
    /// Opens a session at the game's start position, with nothing defined.
    pub fn new(spec: EngineSpec) -> anyhow::Result<Session> {
        // the top level reads the user's steps through this foreign function
        std::hint::black_box(crate::foreign::exported_symbols());
        let mut rules = spec.open_rules(spec.query_tier())?;
        rules.start_toplevel()?;
        let module = rules.module().to_string();
        let players = if spec.effective_tier() == Tier::Native {
            Players::Native {
                engine: spec.open()?,
                rules,
            }
        } else {
            Players::Rules(rules)
        };
        Ok(Session {
            line: GameLine::new(Box::new(players))?,
            spec,
            module,
            query_copy: None,
            user: Vec::new(),
            settings: Vec::new(),
            sink: None,
            why: Default::default(),
            unlimited: false,
        })
    }

    /// Rebuilds a session from a snapshot in fresh engines; the note says what
    /// could not be carried over (a move no longer legal, a definition that no
    /// longer loads), empty when everything was.
    pub fn restore(snapshot: Snapshot) -> anyhow::Result<(Session, String)> {
        let mut s = Session::new(snapshot.spec()?)?;
        s.unlimited = snapshot.unlimited;
        let note = s.carry_over(
            snapshot.start,
            &snapshot.moves,
            &snapshot.user,
            &snapshot.settings,
        );
        Ok((s, note))
    }

    /// Sets up this (fresh) session like another one: its start, the moves that
    /// are still legal, the user's definitions and settings.  Gives a note on
    /// what could not be carried over.
    pub(super) fn carry_over(
        &mut self,
        start: Option<String>,
        moves: &[String],
        user: &[String],
        settings: &[(String, String)],
    ) -> String {
        let mut notes = Vec::new();
        for (key, value) in settings {
            if self.rules().set_answer_option(key, value).is_ok() {
                self.settings.push((key.clone(), value.clone()));
            }
        }
        match self.rules().restore_user(user) {
            Ok(errors) => {
                for e in errors {
                    notes.push(format!("a definition did not carry over: {e}"));
                }
            }
            Err(e) => notes.push(format!("the definitions did not carry over: {e}")),
        }
        self.user = self.rules().user_state().unwrap_or_default();
        let replayed = self.line.replay(start.as_deref(), moves);
        if replayed.start_lost.is_some() {
            notes.push("the old start position does not parse any more: back to the start".into());
        }
        if let Some((i, e)) = replayed.stopped {
            notes.push(format!(
                "kept {i} of {} moves: move {} ({}) is no longer legal: {e}",
                moves.len(),
                i + 1,
                moves[i]
            ));
        }
        notes.join("\n")
    }

    /// The session's state, to rebuild it elsewhere.
    pub fn snapshot(&self) -> Snapshot {
        let mut s = Snapshot::start(self.spec.clone());
        s.start = self.line.start_text().map(String::from);
        s.moves = self.line.moves().to_vec();
        s.user = self.user.clone();
        s.settings = self.settings.clone();
        s.unlimited = self.unlimited;
        s
    }

    /// The inference limit of a typed query: the user's, else none at an
    /// interactive prompt, else the default.
    pub(super) fn query_limit(&self) -> Option<u64> {
        match self.spec.limit {
            Some(limit) => Some(limit),
            None if self.unlimited => None,
            None => Some(crate::game::defaults::INFERENCE_LIMIT),
        }
    }

    /// Whether a typed query runs with no time limit (an interactive prompt, and the
    /// user gave none).
    pub fn untimed(&self) -> bool {
        self.unlimited && !crate::prolog::limits::time_limit_setting().1
    }

    /// Whether the session's Prolog machine is unusable (a panic inside scryer
    /// broke it); the engine process then ends and the frontend starts another.
    pub fn is_broken(&mut self) -> bool {
        self.rules().is_broken()
    }

    /// Sends what queries print to `sink` as they print it, instead of with their answers.
    pub fn set_output_sink(&mut self, sink: OutputSink) {
        self.sink = Some(sink);
    }

    /// The engine that plays the moves.
    pub(super) fn engine(&mut self) -> &mut dyn Engine {
        self.line.engine()
    }

    /// The rule file, which answers queries and draws the board.
    pub(super) fn rules(&mut self) -> &mut RulesEngine {
        self.line.engine().rules()
    }

    /// The current position, held by the playing engine.
    pub(super) fn current(&self) -> Pos {
        self.line.current()
    }

    /// Makes `start` the only position (releasing the others).
    pub(super) fn set_start(&mut self, start: Pos, text: Option<String>) {
        self.line.restart_at(start, text);
    }

    /// The current position as the rule file holds it (for queries and the board).
    pub(super) fn query_position(&mut self) -> Result<Pos, crate::game::EngineError> {
        let cur = self.current();
        if !self.line.engine().native() {
            return Ok(cur);
        }
        if let Some((of, copy)) = self.query_copy {
            if of == cur {
                return Ok(copy);
            }
            self.rules().release(copy);
            self.query_copy = None;
        }
        let text = self.engine().text(cur)?;
        let copy = self.rules().parse(&text)?;
        self.query_copy = Some((cur, copy));
        Ok(copy)
    }

    /// The current position text.
    pub fn position(&mut self) -> String {
        let cur = self.current();
        self.engine().text(cur).unwrap_or_default()
    }

    /// What the session plays: game, options, tier, rules.
    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// The game's name and tier, for the prompt and banner.
    pub fn describe(&self) -> String {
        described(&self.module, &self.spec)
    }

    /// Handles one complete input: a `:command`, or one Prolog term (a query, a
    /// clause to add, `[user].`, `halt.`) whose answers go through `pager`.
    pub fn eval(&mut self, input: &str, pager: &mut dyn Pager) -> Reply {
        let input = input.trim();
        if input.is_empty() {
            return Reply::Text(String::new());
        }
        if input.starts_with(':') && !input.starts_with(":-") {
            return match super::commands::parse(input) {
                Ok(cmd) => self.command(cmd),
                Err(e) => Reply::Error(format!("error: {e}")),
            };
        }
        self.query(input, pager)
    }

    fn query(&mut self, input: &str, pager: &mut dyn Pager) -> Reply {
        let (terms, rest) = terms::split(input);
        let text = match terms.as_slice() {
            [] => format!("{input} ."),
            [(_, one)] if terms::is_blank(&rest) => one.clone(),
            _ => {
                return Reply::Error(
                    "error: one query at a time: this input holds more than one term".into(),
                )
            }
        };
        let pos = match self.query_position() {
            Ok(p) => p,
            Err(e) => return Reply::Error(format!("error: {e}")),
        };
        // no limit: more inferences than a query makes in a century
        let limit = self.query_limit().unwrap_or(NO_INFERENCE_LIMIT);
        let stale = self.rules().machine().take_output();
        if !stale.is_empty() {
            pager.output(&stale);
        }
        let sink = self.sink.take();
        let old = self.rules().machine().set_output_sink(sink);
        let mut outcome = Reply::Text(String::new());
        let mut ended = false;
        let result = self
            .rules()
            .toplevel_query(&text, pos, limit, &mut |output, reply| {
                if !output.is_empty() {
                    pager.output(&output);
                }
                let mut step = ReplStep::Stop;
                // after the final reply only the end of the query follows (after a
                // halt, the remains of a query the engine stopped in the middle)
                if ended {
                    set_repl_step(step);
                    return;
                }
                ended = reply.is_final();
                match reply {
                    TopReply::Answer { text, last } => {
                        let asked = pager.answer(&text, last);
                        if !last {
                            step = asked;
                        }
                    }
                    TopReply::Full(text) => step = pager.answer(&text, false),
                    TopReply::False => {
                        pager.answer("false", true);
                    }
                    TopReply::Error(m) => outcome = Reply::Error(format!("error: {m}")),
                    TopReply::Defined { predicate, clauses } => {
                        outcome = Reply::Text(format!(
                            "% {predicate}: {clauses} clause{}",
                            if clauses == 1 { "" } else { "s" }
                        ))
                    }
                    TopReply::ReadClauses => outcome = Reply::ReadClauses,
                    TopReply::Halt(code) => outcome = Reply::Quit(code),
                    TopReply::Stopped => {}
                }
                set_repl_step(step);
            });
        self.sink = self.rules().machine().set_output_sink(old);
        let rest = self.rules().machine().take_output();
        if !rest.is_empty() {
            pager.output(&rest);
        }
        if let Err(e) = result {
            return Reply::Error(format!("error: {e}"));
        }
        if let Ok(user) = self.rules().user_state() {
            self.user = user;
        }
        outcome
    }

    /// Adds the clauses of a `[user]` block (the text typed up to `end_of_file.`):
    /// each predicate with clauses in it is replaced by them; directives run.
    pub fn consult(&mut self, text: &str) -> Reply {
        let (terms, rest) = terms::split(text);
        let mut errors = Vec::new();
        if !terms::is_blank(&rest) {
            let line = text.lines().count() - rest.trim_start().lines().count() + 1;
            errors.push(format!("user:{line}: the last clause has no full stop"));
        }
        let stale = self.rules().machine().take_output();
        let done = match self.rules().consult(&terms) {
            Ok(c) => c,
            Err(e) => return Reply::Error(format!("error: {e}")),
        };
        // the warnings it printed (singleton variables), before its summary
        let warnings = self.rules().machine().take_output();
        errors.extend(
            done.errors
                .into_iter()
                .map(|e| crate::prolog::placed_block_error(text, &terms, e)),
        );
        if let Ok(user) = self.rules().user_state() {
            self.user = user;
        }
        let defined: Vec<String> = done
            .defined
            .iter()
            .map(|(p, n)| format!("{p} ({n} clause{})", if *n == 1 { "" } else { "s" }))
            .collect();
        let summary = if defined.is_empty() {
            "% no clauses".to_string()
        } else {
            format!("% defined {}", defined.join(", "))
        };
        let summary = format!("{stale}{warnings}{summary}");
        if errors.is_empty() {
            Reply::Text(summary)
        } else {
            let errors: Vec<String> = errors.iter().map(|e| format!("error: {e}")).collect();
            Reply::Error(format!("{}\n{summary}", errors.join("\n")))
        }
    }
}

/// The inference limit of a query that has none.
const NO_INFERENCE_LIMIT: u64 = 1 << 62;

/// The banner of a session of a built-in game on `spec`, before it is open (its
/// module is the game's name): the same words as `Session::describe`.
pub fn banner_of(spec: &EngineSpec) -> String {
    described(&spec.game_name(), spec)
}

/// A module's name with the spec's options and tier: `hex size=3 (native)`.
fn described(module: &str, spec: &EngineSpec) -> String {
    let options = spec.options.to_string();
    let sep = if options.is_empty() { "" } else { " " };
    format!("{module}{sep}{options} ({})", spec.effective_tier())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_engine_process_may_read_is_never_what_it_says() {
        let before = Snapshot::start(EngineSpec::new("hex", GameOptions::default()));
        // a forged snapshot from an engine process past the Prolog check
        let mut forged = before.clone();
        forged.game = "/".into();
        forged.rules = Some("/".into());
        forged.readable = vec!["/".into(), "/etc".into()];
        forged.trust = true;
        forged.limit = Some(u64::MAX);
        forged.unlimited = true;
        let kept = forged.clone().under_frontend(&before);
        assert!(
            !kept.unlimited,
            "only the frontend lifts the prompt's limits"
        );
        let c = kept.confinement().expect("still confined");
        assert!(c.read.is_empty(), "{:?}", c.read);
        assert_eq!(kept.limit, before.limit);
        // the files the frontend allowed (`:load` typed at its prompt) stay allowed
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("mine.pl");
        std::fs::write(&file, ":- module(mine, []).\n").unwrap();
        let mut allowed = before.clone();
        assert!(allowed.allow_read(file.clone()));
        let kept = forged.under_frontend(&allowed);
        let read = kept.confinement().unwrap().read;
        assert!(read.contains(&file.canonicalize().unwrap()), "{read:?}");
        assert!(
            !read.iter().any(|p| p == std::path::Path::new("/")),
            "{read:?}"
        );
    }
}
