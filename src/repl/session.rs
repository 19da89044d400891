//! The REPL backend: session state (game, tier, position history), `:commands`,
//! Prolog queries with paged answers, and tab-completion candidates.

use super::commands::{self, Command};
use crate::game::{Engine, GameOptions, Limits, Pos, SearchSpec, Tier};
use crate::prolog::{QueryReply, RulesEngine};
use crate::registry::EngineSpec;
use crate::render::render_ascii;
use std::collections::VecDeque;

/// Answers at most this many solutions of one query.
pub const MAX_ANSWERS: usize = 100;
/// The inference limit of one query (unless `--inference-limit` says otherwise).
pub const QUERY_LIMIT: u64 = 20_000_000;
/// Longer answers are cut to this many characters.
pub const MAX_ANSWER_CHARS: usize = 4000;

/// What the frontend shows after an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Text to print (may be empty).
    Text(String),
    /// One answer of a query; `more` when `next_answer` has another.
    Answer {
        output: String,
        text: String,
        more: bool,
    },
    /// Leave the REPL.
    Quit,
}

/// What a session is, apart from its engines: enough to rebuild it.
#[derive(Clone, Debug)]
pub struct Snapshot {
    spec: EngineSpec,
    /// The start position's text, `None` for the game's start.
    start: Option<String>,
    moves: Vec<String>,
}

impl Snapshot {
    /// A session at the start of the game.
    pub fn start(spec: EngineSpec) -> Snapshot {
        Snapshot {
            spec,
            start: None,
            moves: Vec::new(),
        }
    }
}

/// A REPL session on one game: the rule file answers queries and draws the board;
/// the moves are played by the session's tier (the rule file itself, or a native
/// engine), which holds the positions.
pub struct Session {
    spec: EngineSpec,
    rules: RulesEngine,
    /// The native engine, when the session's tier is native.
    native: Option<Box<dyn Engine>>,
    /// The start position's text, as the user set it (`None`: the game's start).
    start: Option<String>,
    /// positions[i] is the position after moves[..i], held by the playing engine.
    positions: Vec<Pos>,
    moves: Vec<String>,
    /// The rule file's copy of the current position when a native engine plays:
    /// (the native position it copies, the rules' handle).
    query_copy: Option<(Pos, Pos)>,
    pending: VecDeque<String>,
    cut_off: bool,
    /// `:why`'s tools, opened on first use.
    why: super::why::WhyTool,
}

fn rules_tier(spec: &EngineSpec) -> Tier {
    match spec.effective_tier() {
        Tier::Spec => Tier::Spec,
        _ if spec.descriptor().is_some_and(|d| !d.accelerated) => Tier::Spec,
        _ => Tier::Accelerated,
    }
}

fn truncate(text: String) -> String {
    let n = text.chars().count();
    if n <= MAX_ANSWER_CHARS {
        return text;
    }
    let cut: String = text.chars().take(MAX_ANSWER_CHARS).collect();
    format!("{cut}… ({} more characters)", n - MAX_ANSWER_CHARS)
}

impl Session {
    /// Opens a session at the game's start position.
    pub fn new(spec: EngineSpec) -> anyhow::Result<Session> {
        let mut rules = spec.open_rules(rules_tier(&spec))?;
        let mut native = if spec.effective_tier() == Tier::Native {
            Some(spec.open()?)
        } else {
            None
        };
        let start = match native.as_mut() {
            Some(n) => n.initial()?,
            None => rules.initial()?,
        };
        Ok(Session {
            spec,
            rules,
            native,
            start: None,
            positions: vec![start],
            moves: Vec::new(),
            query_copy: None,
            pending: VecDeque::new(),
            cut_off: false,
            why: Default::default(),
        })
    }

    /// Rebuilds a session from a snapshot (fresh engines, the same moves).
    pub fn restore(snapshot: Snapshot) -> anyhow::Result<Session> {
        let mut s = Session::new(snapshot.spec)?;
        if let Some(text) = &snapshot.start {
            let p = s.engine().parse(text)?;
            s.set_start(p, Some(text.clone()));
        }
        for m in &snapshot.moves {
            let at = s.current();
            let next = s.engine().play(at, m)?;
            s.positions.push(next);
            s.moves.push(m.clone());
        }
        Ok(s)
    }

    /// The session's state, to rebuild it after an interrupt.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            spec: self.spec.clone(),
            start: self.start.clone(),
            moves: self.moves.clone(),
        }
    }

    /// The engine that plays the moves.
    fn engine(&mut self) -> &mut dyn Engine {
        match self.native.as_mut() {
            Some(n) => n.as_mut(),
            None => &mut self.rules,
        }
    }

    /// The current position, held by the playing engine.
    fn current(&self) -> Pos {
        self.positions[self.positions.len() - 1]
    }

    /// Makes `start` the only position (releasing the others).
    fn set_start(&mut self, start: Pos, text: Option<String>) {
        for p in std::mem::take(&mut self.positions) {
            self.engine().release(p);
        }
        self.positions = vec![start];
        self.moves.clear();
        self.start = text;
    }

    /// The current position as the rule file holds it (for queries and the board).
    fn query_position(&mut self) -> Result<Pos, crate::game::EngineError> {
        let cur = self.current();
        if self.native.is_none() {
            return Ok(cur);
        }
        if let Some((of, copy)) = self.query_copy {
            if of == cur {
                return Ok(copy);
            }
            self.rules.release(copy);
            self.query_copy = None;
        }
        let text = self.engine().text(cur)?;
        let copy = self.rules.parse(&text)?;
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

    /// Whether answers of the last query are still to be shown.
    pub fn answering(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The game's name and tier, for the prompt and banner.
    pub fn describe(&self) -> String {
        format!(
            "{} {} ({})",
            self.rules.module(),
            self.spec.options,
            self.spec.effective_tier()
        )
    }

    /// Handles one complete input: a `:command` or a query ending in `.`.
    pub fn eval(&mut self, input: &str) -> Reply {
        self.pending.clear();
        self.cut_off = false;
        let input = input.trim();
        if input.is_empty() {
            return Reply::Text(String::new());
        }
        if input.starts_with(':') {
            return match commands::parse(input) {
                Ok(cmd) => self.command(cmd),
                Err(e) => Reply::Text(format!("error: {e}")),
            };
        }
        self.query(input)
    }

    /// The next answer of the last query, if any.
    pub fn next_answer(&mut self) -> Option<Reply> {
        let text = self.pending.pop_front()?;
        let more = !self.pending.is_empty();
        let mut text = text;
        if !more && self.cut_off {
            text.push_str(&format!("\n% stopped after {MAX_ANSWERS} answers"));
        }
        Some(Reply::Answer {
            output: String::new(),
            text,
            more,
        })
    }

    /// Forgets the answers not yet shown.
    pub fn stop_answers(&mut self) {
        self.pending.clear();
    }

    fn query(&mut self, input: &str) -> Reply {
        let mut text = input.to_string();
        if !text.ends_with('.') {
            text.push('.');
        }
        let reply = match self.query_position() {
            Ok(pos) => self.rules.user_query(
                &text,
                pos,
                self.spec.limit.unwrap_or(QUERY_LIMIT),
                MAX_ANSWERS,
            ),
            Err(e) => Err(e),
        };
        let output = self.rules.machine().take_output();
        match reply {
            Ok(QueryReply::Answers(answers, complete)) => {
                if answers.is_empty() {
                    return Reply::Answer {
                        output,
                        text: "false".into(),
                        more: false,
                    };
                }
                self.pending = answers.into_iter().map(truncate).collect();
                self.cut_off = !complete;
                match self.next_answer() {
                    Some(Reply::Answer { text, more, .. }) => Reply::Answer { output, text, more },
                    _ => Reply::Text(output),
                }
            }
            Ok(QueryReply::Error(e)) => Reply::Text(format!("{output}{e}")),
            Err(e) => Reply::Text(format!("{output}error: {e}")),
        }
    }

    fn legal_list(&mut self) -> String {
        let cur = self.current();
        match self.engine().describe(cur) {
            Ok(info) if info.legal.is_empty() => "no legal moves".to_string(),
            Ok(info) => format!(
                "legal moves ({}): {}",
                info.legal.len(),
                info.legal.join(" ")
            ),
            Err(e) => format!("error: {e}"),
        }
    }

    fn board(&mut self) -> String {
        let view = match self.query_position() {
            Ok(pos) => self.rules.view(pos),
            Err(e) => Err(e),
        };
        match view {
            Ok(view) => render_ascii(&view, false).trim_end().to_string(),
            Err(e) => format!("error: {e}"),
        }
    }

    fn command(&mut self, cmd: Command) -> Reply {
        match cmd {
            Command::Quit => Reply::Quit,
            Command::Help(topic) => Reply::Text(commands::help(topic.as_deref())),
            Command::Moves => Reply::Text(self.legal_list()),
            Command::Board => Reply::Text(self.board()),
            Command::Why(mv) => {
                let position = self.position();
                Reply::Text(self.why.answer(&self.spec, &position, &mv))
            }
            Command::Position(None) => Reply::Text(self.position()),
            Command::Position(Some(text)) => match self.engine().parse(&text) {
                Ok(p) => {
                    self.set_start(p, Some(text));
                    Reply::Text(self.position())
                }
                Err(e) => Reply::Text(format!("error: {e}")),
            },
            Command::Play(moves) => {
                for (i, m) in moves.iter().enumerate() {
                    let at = self.current();
                    match self.engine().play(at, m) {
                        Ok(next) => {
                            self.positions.push(next);
                            self.moves.push(m.clone());
                        }
                        Err(e) => {
                            let which = if moves.len() == 1 {
                                String::new()
                            } else {
                                format!(
                                    "move {} of {} ({m}), after playing the {} before it: ",
                                    i + 1,
                                    moves.len(),
                                    i
                                )
                            };
                            return Reply::Text(format!(
                                "error: {which}{e}\n{}\n{}",
                                self.legal_list(),
                                self.board()
                            ));
                        }
                    }
                }
                Reply::Text(self.board())
            }
            Command::Undo(n) => {
                let n = n.min(self.moves.len());
                for _ in 0..n {
                    if let Some(p) = self.positions.pop() {
                        self.engine().release(p);
                    }
                    self.moves.pop();
                }
                Reply::Text(format!(
                    "undid {n} move{}\n{}",
                    if n == 1 { "" } else { "s" },
                    self.board()
                ))
            }
            Command::Best(depth) => {
                let limits = Limits::depth(depth.unwrap_or(3));
                let cur = self.current();
                match self.engine().best(cur, SearchSpec::AlphaBeta(limits)) {
                    Ok(b) => Reply::Text(match b.mv {
                        None => "no move: the game is over".into(),
                        Some(m) => format!(
                            "best: {m}, score {}, depth {}, {} nodes",
                            b.verdict.unwrap_or_else(|| format!("{:+}", b.score)),
                            b.depth,
                            b.nodes
                        ),
                    }),
                    Err(e) => Reply::Text(format!("error: {e}")),
                }
            }
            Command::Tier(name) => match name.parse::<Tier>() {
                Ok(tier) => {
                    let mut spec = self.spec.clone();
                    spec.tier = Some(tier);
                    self.switch(spec, true)
                }
                Err(e) => Reply::Text(format!("error: {e}")),
            },
            Command::Game(name, opts) => match GameOptions::parse(&opts) {
                Ok(options) => {
                    let spec = EngineSpec {
                        game: name,
                        options,
                        tier: None,
                        rules: None,
                        limit: self.spec.limit,
                        trust: self.spec.trust,
                    };
                    self.switch(spec, false)
                }
                Err(e) => Reply::Text(format!("error: {e}")),
            },
            Command::Load(file) => {
                let spec = EngineSpec {
                    game: file,
                    options: self.spec.options.clone(),
                    tier: None,
                    rules: None,
                    limit: self.spec.limit,
                    trust: self.spec.trust,
                };
                self.switch(spec, false)
            }
            Command::Reload => {
                let spec = self.spec.clone();
                self.switch(spec, true)
            }
        }
    }

    /// Opens a new session for `spec`; keeps the start and the moves that are still
    /// legal when `keep_moves`.  On any error the old session stays as it was.
    fn switch(&mut self, spec: EngineSpec, keep_moves: bool) -> Reply {
        let mut fresh = match Session::new(spec) {
            Ok(s) => s,
            Err(e) => return Reply::Text(format!("error: {e:#}\n(the session is unchanged)")),
        };
        let mut note = super::watch::carry_definitions(&mut self.rules, &mut fresh.rules);
        if keep_moves {
            let start = match &self.start {
                Some(text) => fresh.engine().parse(text).map(|p| (p, Some(text.clone()))),
                None => fresh.engine().initial().map(|p| (p, None)),
            };
            match start {
                Ok((p, text)) => {
                    fresh.set_start(p, text);
                    for (i, m) in self.moves.iter().enumerate() {
                        let at = fresh.current();
                        match fresh.engine().play(at, m) {
                            Ok(next) => {
                                fresh.positions.push(next);
                                fresh.moves.push(m.clone());
                            }
                            Err(e) => {
                                note.push_str(&format!(
                                    "\nkept {i} of {} moves: move {} ({m}) is no longer legal: {e}",
                                    self.moves.len(),
                                    i + 1
                                ));
                                break;
                            }
                        }
                    }
                    note.push_str(&super::watch::replayed(fresh.moves.len(), self.moves.len()));
                }
                Err(_) => note.push_str(
                    "\nthe old start position does not parse any more: back to the start",
                ),
            }
        }
        *self = fresh;
        Reply::Text(format!("{}{note}\n{}", self.describe(), self.board()))
    }

    /// Completion candidates for the word being typed at `line[..pos]`; gives the
    /// start of that word and the candidates.
    pub fn complete(&mut self, line: &str, pos: usize) -> (usize, Vec<String>) {
        let head = &line[..pos.min(line.len())];
        let start = head
            .rfind(|c: char| c.is_whitespace() || "(,;".contains(c))
            .map_or(0, |i| i + 1);
        let word = &head[start..];
        let candidates: Vec<String> = if head.starts_with(':') && !head.contains(' ') {
            commands::COMMANDS
                .iter()
                .map(|(n, _, _)| format!(":{n}"))
                .collect()
        } else if head.starts_with(":play ") || head.starts_with(":p ") {
            let cur = self.current();
            self.engine()
                .describe(cur)
                .map(|i| i.legal)
                .unwrap_or_default()
        } else if head.starts_with(":game ") || head.starts_with(":g ") {
            crate::games::ALL
                .iter()
                .map(|g| g.name.to_string())
                .collect()
        } else if head.starts_with(":tier ") {
            Tier::ALL.iter().map(|t| t.name().to_string()).collect()
        } else if head.starts_with(":help ") {
            commands::COMMANDS
                .iter()
                .map(|(n, _, _)| n.to_string())
                .collect()
        } else {
            [
                "current(",
                "legal(",
                "play(",
                "outcome(",
                "to_move(",
                "evaluate(",
                "view(",
                "initial(",
                "findall(",
                "length(",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect()
        };
        (
            start,
            candidates
                .into_iter()
                .filter(|c| c.starts_with(word))
                .collect(),
        )
    }
}
