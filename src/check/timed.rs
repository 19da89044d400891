//! `TimedEngine`: an `Engine` wrapper that adds up the time spent inside it.

use crate::game::{BestMove, Engine, EngineError, PositionInfo, SearchSpec};
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
    fn initial(&mut self) -> Result<String, EngineError> {
        self.time(|e| e.initial())
    }
    fn normalize(&mut self, position: &str) -> Result<String, EngineError> {
        self.time(|e| e.normalize(position))
    }
    fn describe(&mut self, position: &str) -> Result<PositionInfo, EngineError> {
        self.time(|e| e.describe(position))
    }
    fn play(&mut self, position: &str, mv: &str) -> Result<String, EngineError> {
        self.time(|e| e.play(position, mv))
    }
    fn perft(&mut self, position: &str, depth: u32) -> Result<u64, EngineError> {
        self.time(|e| e.perft(position, depth))
    }
    fn perft_counts(&mut self, position: &str, depth: u32) -> Result<Vec<u64>, EngineError> {
        self.time(|e| e.perft_counts(position, depth))
    }
    fn playouts(&mut self, position: &str, count: u64, seed: u64) -> Result<u64, EngineError> {
        self.time(|e| e.playouts(position, count, seed))
    }
    fn best(&mut self, position: &str, how: SearchSpec) -> Result<BestMove, EngineError> {
        self.time(|e| e.best(position, how))
    }
    fn evaluate(&mut self, position: &str, player: &str) -> Result<i32, EngineError> {
        self.time(|e| e.evaluate(position, player))
    }
}
