//! An external engine as an `Engine`: a held position is the line of moves from the
//! start that reaches it, and the process is walked to a line (by `new` and `play`,
//! or `undo` where it has it) before it is asked about it.  The engine holds one game
//! at a time; check's lockstep play mostly extends the line it is at by one move.

use super::process::{AskError, EngineProcess};
use crate::game::{BestMove, Engine, EngineError, Player, Pos, PositionInfo, Refusal, SearchSpec};
use rustc_hash::FxHashMap;
use serde_json::{json, Value};
use std::time::Duration;

/// An engine that speaks the engine protocol (version 1).
pub struct ExternalEngine {
    /// The process, `None` once it broke the protocol: the next request starts it
    /// again (so that a crash is shrunk like any finding).
    process: Option<EngineProcess>,
    command: String,
    timeout: Duration,
    /// Its name, as `hello` gave it.
    name: String,
    game: String,
    options: Value,
    /// Whether it has `undo`.
    undo: bool,
    held: FxHashMap<u64, Vec<String>>,
    next: u64,
    /// The line the process is at (`None` before the first `new`).
    at: Option<Vec<String>>,
}

fn rules(e: String) -> EngineError {
    EngineError::Rules(e)
}

/// An engine's failure as an `EngineError`: a refusal in its words (`Rules`), a
/// broken protocol as `Stopped`, with its standard error.
fn failed(e: AskError) -> EngineError {
    match e {
        AskError::Refused(words) => EngineError::Rules(words),
        AskError::Broken { what, stderr } => EngineError::Stopped {
            message: what,
            stderr,
        },
    }
}

/// Starts the engine `command` and asks `hello`: it must name protocol 1 and
/// `game`; gives the process, the engine's name, and whether it has `undo`.
fn greet(
    command: &str,
    game: &str,
    timeout: Duration,
) -> Result<(EngineProcess, String, bool), EngineError> {
    let mut process = EngineProcess::start(command, timeout).map_err(rules)?;
    let hello = process.ask(&json!({"op": "hello"})).map_err(failed)?;
    if hello.get("protocol").and_then(Value::as_u64) != Some(1) {
        return Err(rules(format!(
            "`{}` answers hello with no \"protocol\":1",
            crate::game::elide(command)
        )));
    }
    let name = hello
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or(command)
        .to_string();
    let games: Vec<&str> = hello
        .get("games")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if !games.contains(&game) {
        return Err(rules(format!(
            "{} does not play {game} (it plays: {})",
            crate::game::elide(&name),
            crate::game::elide(&games.join(", "))
        )));
    }
    let undo = hello
        .get("features")
        .and_then(Value::as_array)
        .is_some_and(|f| f.iter().any(|x| x == "undo"));
    Ok((process, name, undo))
}

impl ExternalEngine {
    /// Starts the engine `command` and has it play `game` with `options` (key and
    /// value texts): `hello` must name protocol 1 and the game. Each answer must
    /// come within `timeout`.
    pub fn start(
        command: &str,
        game: &str,
        options: &[(String, String)],
        timeout: Duration,
    ) -> Result<ExternalEngine, EngineError> {
        let (mut process, name, undo) = greet(command, game, timeout)?;
        let options: serde_json::Map<String, Value> = options
            .iter()
            .map(|(k, v)| {
                let value = v
                    .parse::<i64>()
                    .map(Value::from)
                    .or_else(|_| v.parse::<bool>().map(Value::from))
                    .unwrap_or_else(|_| Value::from(v.as_str()));
                (k.clone(), value)
            })
            .collect();
        // the game and options are tried once now: an engine that refuses them is an
        // error before any game, not a mismatch in the first
        let options = Value::Object(options);
        let new = json!({"op": "new", "game": game, "options": options});
        process.ask(&new).map_err(|e| match e {
            AskError::Refused(words) => rules(format!(
                "{} refuses {game} with these options: {words}",
                crate::game::elide(&name)
            )),
            broken => failed(broken),
        })?;
        Ok(ExternalEngine {
            process: Some(process),
            command: command.to_string(),
            timeout,
            name,
            game: game.to_string(),
            options,
            undo,
            held: FxHashMap::default(),
            next: 1,
            at: Some(Vec::new()),
        })
    }

    /// Asks the engine `request`, starting it again first if it broke the protocol
    /// before; an engine that breaks it now is ended, and its line forgotten.
    fn ask(&mut self, request: &Value) -> Result<Value, AskError> {
        let process = match &mut self.process {
            Some(p) => p,
            None => {
                self.at = None;
                let (p, _, _) =
                    greet(&self.command, &self.game, self.timeout).map_err(|e| match e {
                        EngineError::Stopped { message, stderr } => AskError::Broken {
                            what: format!("started again, {message}"),
                            stderr,
                        },
                        other => AskError::Broken {
                            what: format!("started again, {other}"),
                            stderr: Vec::new(),
                        },
                    })?;
                self.process.insert(p)
            }
        };
        let answer = process.ask(request);
        if let Err(AskError::Broken { .. }) = answer {
            self.process = None;
            self.at = None;
        }
        answer
    }

    fn hold(&mut self, line: Vec<String>) -> Pos {
        let id = self.next;
        self.next += 1;
        self.held.insert(id, line);
        Pos(id)
    }

    fn line(&self, pos: Pos) -> Result<Vec<String>, EngineError> {
        self.held
            .get(&pos.0)
            .cloned()
            .ok_or(EngineError::Handle(pos.0))
    }

    /// Walks the process to `line`: back by `undo` (where it has it) to the longest
    /// common start, else from a `new` game, then forward by `play`.
    fn goto(&mut self, line: &[String]) -> Result<(), EngineError> {
        let common = match &self.at {
            Some(at) => at.iter().zip(line).take_while(|(a, b)| a == b).count(),
            None => 0,
        };
        let at_len = self.at.as_ref().map(Vec::len);
        let from = match at_len {
            Some(n) if n == common => common,
            Some(n) if self.undo && n - common <= 4 => {
                for _ in common..n {
                    self.ask(&json!({"op": "undo"})).map_err(failed)?;
                }
                common
            }
            _ => {
                self.at = None;
                let new = json!({"op": "new", "game": self.game, "options": self.options});
                self.ask(&new).map_err(failed)?;
                0
            }
        };
        self.at = Some(line[..from].to_vec());
        for (k, mv) in line.iter().enumerate().skip(from) {
            self.ask(&json!({"op": "play", "move": mv}))
                .map_err(|e| match e {
                    AskError::Refused(words) => {
                        EngineError::Rules(format!("replaying move {}, {mv}: {words}", k + 1))
                    }
                    broken => failed(broken),
                })?;
            if let Some(at) = self.at.as_mut() {
                at.push(mv.clone());
            }
        }
        Ok(())
    }

    /// The `state` answer at `pos`.
    fn state(&mut self, pos: Pos) -> Result<PositionInfo, EngineError> {
        let line = self.line(pos)?;
        self.goto(&line)?;
        let s = self.ask(&json!({"op": "state"})).map_err(failed)?;
        let text = |v: Option<&Value>| v.and_then(Value::as_str).unwrap_or("").to_string();
        let outcome = match s.get("outcome") {
            None | Some(Value::Null) => None,
            Some(Value::String(d)) if d == "draw" => Some(crate::game::Ending::Draw),
            Some(o) => match (o.get("win").and_then(Value::as_str), scores(o)) {
                (Some(w), _) => Some(crate::game::Ending::Win(Player::new(w))),
                (None, Some(s)) => Some(crate::game::Ending::Scores(s)),
                (None, None) => {
                    return Err(rules(format!(
                        "the engine's outcome {} is neither null, \"draw\", {{\"win\": PLAYER}} \
                         nor {{\"scores\": [[PLAYER, VALUE], ...]}}",
                        crate::game::elide(&o.to_string())
                    )))
                }
            },
        };
        let mut legal: Vec<String> = s
            .get("legal")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|m| m.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        legal.sort();
        Ok(PositionInfo {
            position: text(s.get("position")),
            to_move: Player::new(text(s.get("to_move"))),
            outcome,
            legal,
        })
    }
}

fn unsupported(what: &str) -> EngineError {
    EngineError::Options(format!(
        "an external engine does not {what} (the engine protocol has no request for it)"
    ))
}

impl Engine for ExternalEngine {
    fn label(&self) -> String {
        format!("{} (external)", self.name)
    }

    fn reads_positions(&self) -> bool {
        false
    }

    fn initial(&mut self) -> Result<Pos, EngineError> {
        Ok(self.hold(Vec::new()))
    }

    fn parse(&mut self, _: &str) -> Result<Pos, EngineError> {
        Err(unsupported("read position texts"))
    }

    fn release(&mut self, pos: Pos) {
        self.held.remove(&pos.0);
    }

    fn held(&self) -> usize {
        self.held.len()
    }

    fn text(&mut self, pos: Pos) -> Result<String, EngineError> {
        let info = self.state(pos)?;
        if info.position.is_empty() {
            return Err(unsupported("give position texts"));
        }
        Ok(info.position)
    }

    fn describe(&mut self, pos: Pos) -> Result<PositionInfo, EngineError> {
        self.state(pos)
    }

    fn play(&mut self, pos: Pos, mv: &str) -> Result<Pos, EngineError> {
        let mut line = self.line(pos)?;
        self.goto(&line)?;
        match self.ask(&json!({"op": "play", "move": mv})) {
            Ok(_) => {
                line.push(mv.to_string());
                self.at = Some(line.clone());
                Ok(self.hold(line))
            }
            Err(AskError::Refused(words)) => Err(EngineError::from(Refusal::words(words))),
            Err(broken) => Err(failed(broken)),
        }
    }

    fn copy(&mut self, pos: Pos) -> Result<Pos, EngineError> {
        let line = self.line(pos)?;
        Ok(self.hold(line))
    }

    fn perft(&mut self, pos: Pos, depth: u32) -> Result<u64, EngineError> {
        let info = self.state(pos)?;
        if depth == 0 || info.outcome.is_some() {
            return Ok(1);
        }
        let mut total = 0;
        for mv in info.legal {
            let next = self.play(pos, &mv)?;
            let n = self.perft(next, depth - 1);
            self.release(next);
            total += n?;
        }
        Ok(total)
    }

    fn best(&mut self, _: Pos, _: SearchSpec) -> Result<BestMove, EngineError> {
        Err(unsupported("search"))
    }

    fn evaluate(&mut self, _: Pos, _: &Player) -> Result<i32, EngineError> {
        Err(unsupported("evaluate positions"))
    }

    /// By proof-number search over the engine's positions, asked one by one.
    fn solve(
        &mut self,
        pos: Pos,
        spec: &crate::game::SolveSpec,
    ) -> Result<crate::game::Solution, EngineError> {
        crate::solve::solve(crate::solve::EngineTree::new(self), &pos, spec)
    }

    fn playouts(&mut self, _: Pos, _: u64, _: u64, _: u64) -> Result<u64, EngineError> {
        Err(unsupported("run playouts"))
    }
}

/// The `{"scores": [[PLAYER, VALUE], ...]}` of an outcome: each player's score (an
/// integer from 0), in the order of the players.
fn scores(outcome: &Value) -> Option<Vec<(Player, i64)>> {
    let pairs = outcome.get("scores")?.as_array()?;
    let read = |p: &Value| -> Option<(Player, i64)> {
        let [who, value] = p.as_array()?.as_slice() else {
            return None;
        };
        Some((Player::new(who.as_str()?), value.as_u64()?.try_into().ok()?))
    };
    let s: Option<Vec<_>> = pairs.iter().map(read).collect();
    s.filter(|s| !s.is_empty())
}
