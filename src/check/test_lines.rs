//! A test engine for the checker's tests: a game whose position is the moves played,
//! with its legal moves and outcome given by a function; it counts its descriptions
//! and the most positions it held at once.

use crate::game::{BestMove, Engine, EngineError, Pos, PositionInfo, SearchSpec};

/// The legal moves and the outcome after the moves played.
pub type Rules = fn(&[String]) -> (Vec<String>, Option<String>);

/// Rules of distinct letters, played in any order: once both `x` and `y` are, the
/// game is won, unless the engine is `blind` (a wrong one that never sees that win).
pub fn letters(played: &[String], blind: bool) -> (Vec<String>, Option<String>) {
    let won = !blind && ["x", "y"].iter().all(|m| played.iter().any(|p| p == m));
    let legal = "abcdefxy"
        .chars()
        .map(String::from)
        .filter(|m| !won && !played.contains(m))
        .collect();
    (legal, won.then(|| "win(one)".to_string()))
}

pub struct Lines {
    rules: Rules,
    held: std::collections::HashMap<u64, Vec<String>>,
    next: u64,
    /// Positions described (a move played is not counted).
    pub described: usize,
    /// The most positions held at once.
    pub most: usize,
}

impl Lines {
    pub fn new(rules: Rules) -> Lines {
        Lines {
            rules,
            held: Default::default(),
            next: 0,
            described: 0,
            most: 0,
        }
    }
    fn hold(&mut self, line: Vec<String>) -> Pos {
        self.next += 1;
        self.held.insert(self.next, line);
        self.most = self.most.max(self.held.len());
        Pos(self.next)
    }
    fn get(&self, p: Pos) -> Result<Vec<String>, EngineError> {
        self.held.get(&p.0).cloned().ok_or(EngineError::Handle(p.0))
    }
}

impl Engine for Lines {
    fn label(&self) -> String {
        "lines".into()
    }
    fn initial(&mut self) -> Result<Pos, EngineError> {
        Ok(self.hold(Vec::new()))
    }
    fn parse(&mut self, text: &str) -> Result<Pos, EngineError> {
        Ok(self.hold(text.split_whitespace().map(String::from).collect()))
    }
    fn release(&mut self, pos: Pos) {
        self.held.remove(&pos.0);
    }
    fn held(&self) -> usize {
        self.held.len()
    }
    fn text(&mut self, pos: Pos) -> Result<String, EngineError> {
        Ok(self.get(pos)?.join(" "))
    }
    fn describe(&mut self, pos: Pos) -> Result<PositionInfo, EngineError> {
        self.described += 1;
        let played = self.get(pos)?;
        let (legal, outcome) = (self.rules)(&played);
        Ok(PositionInfo {
            position: played.join(" "),
            to_move: "one".into(),
            outcome: outcome.and_then(|o| crate::game::Ending::parse(&o)),
            legal,
        })
    }
    fn play(&mut self, pos: Pos, mv: &str) -> Result<Pos, EngineError> {
        let mut played = self.get(pos)?;
        if !(self.rules)(&played).0.iter().any(|m| m == mv) {
            return Err(EngineError::from(crate::game::Refusal::words(mv)));
        }
        played.push(mv.to_string());
        Ok(self.hold(played))
    }
    fn copy(&mut self, pos: Pos) -> Result<Pos, EngineError> {
        let played = self.get(pos)?;
        Ok(self.hold(played))
    }
    fn perft(&mut self, _: Pos, _: u32) -> Result<u64, EngineError> {
        Ok(1)
    }
    fn best(&mut self, _: Pos, _: SearchSpec) -> Result<BestMove, EngineError> {
        Err(EngineError::Rules("no search".into()))
    }
    fn evaluate(&mut self, _: Pos, _: &crate::game::Player) -> Result<i32, EngineError> {
        Ok(0)
    }
    fn playouts(&mut self, _: Pos, _: u64, _: u64, _: u64) -> Result<u64, EngineError> {
        Ok(0)
    }
}
