//! `TimedEngine`: an `Engine` wrapper that adds up the time spent inside it.

use crate::game::{BestMove, Engine, EngineError, Pos, PositionInfo, SearchSpec};
use std::time::{Duration, Instant};

/// An engine and the time spent in its calls.
pub struct TimedEngine<'a> {
    inner: &'a mut dyn Engine,
    pub spent: Duration,
}

impl<'a> TimedEngine<'a> {
    pub fn new(inner: &'a mut dyn Engine) -> Self {
        TimedEngine {
            inner,
            spent: Duration::ZERO,
        }
    }

    fn time<T>(&mut self, f: impl FnOnce(&mut dyn Engine) -> T) -> T {
        let start = Instant::now();
        let out = f(self.inner);
        self.spent += start.elapsed();
        out
    }
}

impl Engine for TimedEngine<'_> {
    fn label(&self) -> String {
        self.inner.label()
    }
    fn initial(&mut self) -> Result<Pos, EngineError> {
        self.time(|e| e.initial())
    }
    fn parse(&mut self, text: &str) -> Result<Pos, EngineError> {
        self.time(|e| e.parse(text))
    }
    fn reads_positions(&self) -> bool {
        self.inner.reads_positions()
    }
    fn set_to_move(&mut self, pos: Pos, player: &crate::game::Player) -> Result<Pos, EngineError> {
        self.time(|e| e.set_to_move(pos, player))
    }
    fn solve(
        &mut self,
        pos: Pos,
        spec: &crate::game::SolveSpec,
    ) -> Result<crate::game::Solution, EngineError> {
        self.time(|e| e.solve(pos, spec))
    }
    fn release(&mut self, pos: Pos) {
        self.time(|e| e.release(pos))
    }
    fn held(&self) -> usize {
        self.inner.held()
    }
    fn copy(&mut self, pos: Pos) -> Result<Pos, EngineError> {
        self.time(|e| e.copy(pos))
    }
    fn text(&mut self, pos: Pos) -> Result<String, EngineError> {
        self.time(|e| e.text(pos))
    }
    fn describe(&mut self, pos: Pos) -> Result<PositionInfo, EngineError> {
        self.time(|e| e.describe(pos))
    }
    fn reread(&mut self, pos: Pos, text: &str) -> Result<PositionInfo, EngineError> {
        self.time(|e| e.reread(pos, text))
    }
    fn play(&mut self, pos: Pos, mv: &str) -> Result<Pos, EngineError> {
        self.time(|e| e.play(pos, mv))
    }
    fn play_all(&mut self, pos: Pos, moves: &[String]) -> Result<Pos, EngineError> {
        self.time(|e| e.play_all(pos, moves))
    }
    fn perft(&mut self, pos: Pos, depth: u32) -> Result<u64, EngineError> {
        self.time(|e| e.perft(pos, depth))
    }
    fn perft_counts(&mut self, pos: Pos, depth: u32) -> Result<Vec<u64>, EngineError> {
        self.time(|e| e.perft_counts(pos, depth))
    }
    fn playouts(
        &mut self,
        pos: Pos,
        count: u64,
        seed: u64,
        max_plies: u64,
    ) -> Result<u64, EngineError> {
        self.time(|e| e.playouts(pos, count, seed, max_plies))
    }
    fn best(&mut self, pos: Pos, how: SearchSpec) -> Result<BestMove, EngineError> {
        self.time(|e| e.best(pos, how))
    }
    fn evaluate(&mut self, pos: Pos, player: &crate::game::Player) -> Result<i32, EngineError> {
        self.time(|e| e.evaluate(pos, player))
    }
}
