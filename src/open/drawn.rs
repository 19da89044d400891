//! A native engine drawn by its rule file: the engine as it is, and the `view` it
//! lacks, from the game's rules in the spec tier (opened on first use, handed the
//! position's text).  Every front end asks the engine for a view, native or not.

use crate::game::{
    BestMove, Engine, EngineError, Pos, PositionInfo, Reason, SearchSpec, TextOps, View,
};
use crate::registry::EngineSpec;

/// A native engine and the rules that draw its positions.
pub struct Drawn {
    engine: Box<dyn Engine>,
    spec: EngineSpec,
    viewer: Option<Box<dyn Engine>>,
}

impl Drawn {
    /// `engine`, drawn by the rules `spec` opens in the spec tier.
    pub fn new(engine: Box<dyn Engine>, spec: EngineSpec) -> Drawn {
        Drawn {
            engine,
            spec,
            viewer: None,
        }
    }
}

impl Drawn {
    /// The game's rules in the spec tier, opened on first use.
    fn viewer(&mut self) -> Result<&mut Box<dyn Engine>, EngineError> {
        if self.viewer.is_none() {
            let viewer = self
                .spec
                .open_viewer()
                .map_err(|e| EngineError::Rules(e.to_string()))?;
            self.viewer = Some(viewer);
        }
        self.viewer
            .as_mut()
            .ok_or_else(|| EngineError::Rules("the game's rules did not open".into()))
    }

    /// A move's result, its refusal worded by the game's rule file: the native
    /// engine gives the reason, the rule file's `refusal//1` its words.
    fn worded(&mut self, played: Result<Pos, EngineError>) -> Result<Pos, EngineError> {
        match played {
            Err(EngineError::Illegal(mut r)) if r.unworded() => {
                if let Some(reason) = r.reason.clone() {
                    if let Some(words) = self.refusal_words(&reason) {
                        r.words = words;
                    }
                }
                Err(EngineError::Illegal(r))
            }
            other => other,
        }
    }
}

impl Engine for Drawn {
    fn label(&self) -> String {
        self.engine.label()
    }
    fn reads_positions(&self) -> bool {
        self.engine.reads_positions()
    }
    fn playouts_in_host(&mut self) -> bool {
        self.engine.playouts_in_host()
    }
    fn initial(&mut self) -> Result<Pos, EngineError> {
        self.engine.initial()
    }
    fn parse(&mut self, text: &str) -> Result<Pos, EngineError> {
        self.engine.parse(text)
    }
    fn set_to_move(&mut self, pos: Pos, player: &crate::game::Player) -> Result<Pos, EngineError> {
        self.engine.set_to_move(pos, player)
    }
    fn release(&mut self, pos: Pos) {
        self.engine.release(pos)
    }
    fn held(&self) -> usize {
        self.engine.held()
    }
    fn text(&mut self, pos: Pos) -> Result<String, EngineError> {
        self.engine.text(pos)
    }
    fn describe(&mut self, pos: Pos) -> Result<PositionInfo, EngineError> {
        self.engine.describe(pos)
    }
    fn reread(&mut self, pos: Pos, text: &str) -> Result<PositionInfo, EngineError> {
        self.engine.reread(pos, text)
    }
    fn play(&mut self, pos: Pos, mv: &str) -> Result<Pos, EngineError> {
        let played = self.engine.play(pos, mv);
        self.worded(played)
    }
    fn copy(&mut self, pos: Pos) -> Result<Pos, EngineError> {
        self.engine.copy(pos)
    }
    fn play_all(&mut self, pos: Pos, moves: &[String]) -> Result<Pos, EngineError> {
        let played = self.engine.play_all(pos, moves);
        self.worded(played)
    }
    fn refusal_words(&mut self, reason: &Reason) -> Option<String> {
        self.viewer().ok()?.refusal_words(reason)
    }
    fn perft(&mut self, pos: Pos, depth: u32) -> Result<u64, EngineError> {
        self.engine.perft(pos, depth)
    }
    fn perft_counts(&mut self, pos: Pos, depth: u32) -> Result<Vec<u64>, EngineError> {
        self.engine.perft_counts(pos, depth)
    }
    fn best(&mut self, pos: Pos, how: SearchSpec) -> Result<BestMove, EngineError> {
        self.engine.best(pos, how)
    }
    fn solve(
        &mut self,
        pos: Pos,
        spec: &crate::solve::SolveSpec,
    ) -> Result<crate::solve::Solution, EngineError> {
        self.engine.solve(pos, spec)
    }
    fn evaluate(&mut self, pos: Pos, player: &crate::game::Player) -> Result<i32, EngineError> {
        self.engine.evaluate(pos, player)
    }
    fn playouts(
        &mut self,
        pos: Pos,
        count: u64,
        seed: u64,
        max_plies: u64,
    ) -> Result<u64, EngineError> {
        self.engine.playouts(pos, count, seed, max_plies)
    }
    fn view(&mut self, pos: Pos) -> Result<View, EngineError> {
        let text = self.engine.text(pos)?;
        self.viewer()?.view_text(&text)
    }
}
