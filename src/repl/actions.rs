//! The REPL's `:commands` run on a session: moves, the board, searches, listings,
//! answer settings, and switching game, tier or rules with the moves and the
//! user's definitions carried over.

use super::commands::{self, Command};
use super::session::{Reply, Session};
use crate::game::{Engine, GameOptions, Limits, SearchSpec, Tier};
use crate::registry::EngineSpec;
use crate::render::render_ascii;

impl Session {
    /// The legal moves of the current position, as one line.
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

    /// The board of the current position, drawn from the rule file's view.
    pub(super) fn board(&mut self) -> String {
        let view = match self.query_position() {
            Ok(pos) => self.rules().view(pos),
            Err(e) => Err(e),
        };
        match view {
            Ok(view) => render_ascii(&view, false).trim_end().to_string(),
            Err(e) => format!("error: {e}"),
        }
    }

    /// Takes back (`:undo`) or plays again (`:redo`) up to `n` moves of the line, and
    /// shows the board.
    fn walk(&mut self, n: usize, forward: bool) -> Reply {
        let n = (0..n)
            .take_while(|_| match forward {
                true => self.line.redo().is_some(),
                false => self.line.undo().is_some(),
            })
            .count();
        Reply::Text(format!(
            "{} {n} move{}\n{}",
            if forward { "redid" } else { "undid" },
            if n == 1 { "" } else { "s" },
            self.board()
        ))
    }

    /// Runs one `:command`.
    pub(super) fn command(&mut self, cmd: Command) -> Reply {
        match cmd {
            Command::Quit => Reply::Quit(0),
            Command::Help(topic) => Reply::Text(commands::help(topic.as_deref())),
            Command::Moves => Reply::Text(self.legal_list()),
            Command::Board => Reply::Text(self.board()),
            Command::Position(None) => Reply::Text(self.position()),
            Command::Position(Some(text)) => match self.engine().parse(&text) {
                Ok(p) => {
                    self.set_start(p, Some(text));
                    Reply::Text(self.position())
                }
                Err(e) => Reply::Error(match &e {
                    crate::game::EngineError::Position(p) => match p.pointer(&text) {
                        Some(pointer) => format!("error: {e}\n{pointer}"),
                        None => format!("error: {e}"),
                    },
                    _ => format!("error: {e}"),
                }),
            },
            Command::Play(moves) => self.play(&moves),
            Command::Why(mv) => {
                let position = self.position();
                Reply::Text(self.why.answer(&self.spec, &position, &mv))
            }
            Command::Undo(n) => self.walk(n, false),
            Command::Redo(n) => self.walk(n, true),
            Command::Best(depth) => self.best(depth.unwrap_or(crate::game::defaults::SEARCH_DEPTH)),
            Command::Listing(spec) => self.listing(&spec),
            Command::Full => match self.rules().full_answer() {
                Ok(text) => Reply::Text(text),
                Err(e) => Reply::Error(format!("error: {e}")),
            },
            Command::Set(None) => Reply::Text(self.settings_text()),
            Command::Set(Some((key, value))) => {
                match self.rules().set_answer_option(&key, &value) {
                    Ok(()) => {
                        self.settings.retain(|(k, _)| *k != key);
                        self.settings.push((key, value));
                        Reply::Text(self.settings_text())
                    }
                    Err(e) => Reply::Error(format!("error: {e}")),
                }
            }
            Command::Tier(name) => match name.parse::<Tier>() {
                Ok(tier) => {
                    let mut spec = self.spec.clone();
                    spec.tier = Some(tier);
                    self.switch(spec, true)
                }
                Err(e) => Reply::Error(format!("error: {e}")),
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
                        text: None,
                    };
                    self.switch(spec, false)
                }
                Err(e) => Reply::Error(format!("error: {e}")),
            },
            Command::Load(file) => {
                let spec = EngineSpec {
                    game: file,
                    options: self.spec.options.clone(),
                    tier: None,
                    rules: None,
                    limit: self.spec.limit,
                    trust: self.spec.trust,
                    text: None,
                };
                self.switch(spec, false)
            }
            Command::Reload => {
                let spec = self.spec.clone();
                self.switch(spec, true)
            }
        }
    }

    /// Plays moves in order; the first that fails is named, with the legal moves
    /// and the board after the moves before it.
    fn play(&mut self, moves: &[String]) -> Reply {
        if let Err((i, e)) = self.line.play_all(moves) {
            let m = &moves[i];
            let which = if moves.len() == 1 {
                format!("move {m}")
            } else {
                format!(
                    "move {} of {} ({m}), after playing the {i} before it",
                    i + 1,
                    moves.len()
                )
            };
            return Reply::Error(format!(
                "error: {which}: {e}\n{}\n{}",
                self.legal_list(),
                self.board()
            ));
        }
        Reply::Text(self.board())
    }

    fn best(&mut self, depth: u32) -> Reply {
        let limits = Limits::depth(depth);
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
            Err(e) => Reply::Error(format!("error: {e}")),
        }
    }

    /// `:listing NAME` or `:listing NAME/ARITY`.
    fn listing(&mut self, spec: &str) -> Reply {
        let (name, arity) = match spec.rsplit_once('/') {
            Some((n, a)) => match a.parse::<u64>() {
                Ok(a) => (n, Some(a)),
                Err(_) => {
                    return Reply::Error(format!(
                        "error: :listing takes NAME or NAME/ARITY, not `{spec}`"
                    ))
                }
            },
            None => (spec, None),
        };
        match self.rules().listing(name, arity) {
            Ok(text) => Reply::Text(text.trim_end().to_string()),
            Err(e) => Reply::Error(format!("error: {e}")),
        }
    }

    fn settings_text(&self) -> String {
        let get = |key: &str, default: &str| {
            self.settings
                .iter()
                .rev()
                .find(|(k, _)| k == key)
                .map_or(default.to_string(), |(_, v)| v.clone())
        };
        let default = |key: &str| {
            crate::game::defaults::ANSWER_SETTINGS
                .iter()
                .find(|(k, _)| *k == key)
                .map_or("", |(_, v)| *v)
        };
        let strings = get("strings", default("strings"));
        let inferences = match self.query_limit() {
            Some(n) => format!("{n} inferences a query"),
            None => "no inference limit".to_string(),
        };
        let memory = match crate::foreign::memory::memory_limit() {
            0 => "no memory limit".to_string(),
            bytes => format!("{} MB of memory", bytes >> 20),
        };
        let time = match crate::prolog::limits::time_limit() {
            Some(d) if !self.untimed() => format!("{} s a query", d.as_secs_f64()),
            _ => "no time limit".to_string(),
        };
        format!(
            "strings {strings} (char lists {}), depth {} (longer lists and terms nested deeper are elided; 0: never), \
             notation {} (positions and moves {})\n\
             limits: {inferences}, {memory}, {time} (set when the REPL starts: \
             --inference-limit, --memory-limit, --time-limit)",
            if strings == "on" { "as \"text\"" } else { "as lists" },
            get("depth", default("depth")),
            get("notation", default("notation")),
            if get("notation", default("notation")) == "on" {
                "in the game's text, <a1>"
            } else {
                "as terms"
            }
        )
    }

    /// Opens a new session for `spec` and carries over the user's definitions and
    /// settings, and the start and the moves that are still legal when
    /// `keep_moves`.  On any error the old session stays as it was.
    fn switch(&mut self, spec: EngineSpec, keep_moves: bool) -> Reply {
        let mut fresh = match Session::new(spec) {
            Ok(s) => s,
            Err(e) => return Reply::Error(format!("error: {e:#}\n(the session is unchanged)")),
        };
        let (start, moves) = if keep_moves {
            (
                self.line.start_text().map(String::from),
                self.line.moves().to_vec(),
            )
        } else {
            (None, Vec::new())
        };
        let note = fresh.carry_over(start, &moves, &self.user, &self.settings);
        fresh.sink = self.sink.take();
        *self = fresh;
        let mut note = if note.is_empty() {
            String::new()
        } else {
            format!("\n{note}")
        };
        if keep_moves {
            note.push_str(&super::watch::replayed(
                self.line.moves().len(),
                moves.len(),
            ));
        }
        Reply::Text(format!("{}{note}\n{}", self.describe(), self.board()))
    }
}
