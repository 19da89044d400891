//! What a REPL session holds: the engine that plays its moves and the rule file that
//! answers its queries — one and the same rule file, or a native engine with the
//! rule file beside it.  The type says which, so nothing reaches into an engine to
//! find the rule file.

use crate::game::{
    BestMove, Engine, EngineError, Pos, PositionInfo, Reason, SearchSpec, Solution, SolveSpec, View,
};
use crate::prolog::RulesEngine;

/// The engines of a session.
pub enum Players {
    /// The rule file plays the moves and answers the queries.
    Rules(RulesEngine),
    /// A native engine plays the moves; the rule file beside it answers the queries
    /// and draws the board.
    Native {
        engine: Box<dyn Engine>,
        rules: RulesEngine,
    },
}

impl Players {
    /// The rule file, which answers queries and draws the board.
    pub fn rules(&mut self) -> &mut RulesEngine {
        match self {
            Players::Rules(rules) | Players::Native { rules, .. } => rules,
        }
    }

    /// Whether a native engine plays the moves (and holds the positions).
    pub fn native(&self) -> bool {
        matches!(self, Players::Native { .. })
    }

    /// The engine that plays the moves.
    fn playing(&mut self) -> &mut dyn Engine {
        match self {
            Players::Rules(rules) => rules,
            Players::Native { engine, .. } => engine.as_mut(),
        }
    }

    /// The engine that plays the moves, to ask.
    fn playing_ref(&self) -> &dyn Engine {
        match self {
            Players::Rules(rules) => rules,
            Players::Native { engine, .. } => engine.as_ref(),
        }
    }
}

/// The session's moves are the playing engine's.
impl Engine for Players {
    fn label(&self) -> String {
        self.playing_ref().label()
    }
    fn reads_positions(&self) -> bool {
        self.playing_ref().reads_positions()
    }
    fn initial(&mut self) -> Result<Pos, EngineError> {
        self.playing().initial()
    }
    fn parse(&mut self, text: &str) -> Result<Pos, EngineError> {
        self.playing().parse(text)
    }
    fn set_to_move(&mut self, pos: Pos, player: &crate::game::Player) -> Result<Pos, EngineError> {
        self.playing().set_to_move(pos, player)
    }
    fn release(&mut self, pos: Pos) {
        self.playing().release(pos)
    }
    fn held(&self) -> usize {
        self.playing_ref().held()
    }
    fn text(&mut self, pos: Pos) -> Result<String, EngineError> {
        self.playing().text(pos)
    }
    fn describe(&mut self, pos: Pos) -> Result<PositionInfo, EngineError> {
        self.playing().describe(pos)
    }
    fn reread(&mut self, pos: Pos, text: &str) -> Result<PositionInfo, EngineError> {
        self.playing().reread(pos, text)
    }
    fn play(&mut self, pos: Pos, mv: &str) -> Result<Pos, EngineError> {
        self.playing().play(pos, mv)
    }
    fn copy(&mut self, pos: Pos) -> Result<Pos, EngineError> {
        self.playing().copy(pos)
    }
    fn play_all(&mut self, pos: Pos, moves: &[String]) -> Result<Pos, EngineError> {
        self.playing().play_all(pos, moves)
    }
    fn perft(&mut self, pos: Pos, depth: u32) -> Result<u64, EngineError> {
        self.playing().perft(pos, depth)
    }
    fn perft_counts(&mut self, pos: Pos, depth: u32) -> Result<Vec<u64>, EngineError> {
        self.playing().perft_counts(pos, depth)
    }
    fn best(&mut self, pos: Pos, how: SearchSpec) -> Result<BestMove, EngineError> {
        self.playing().best(pos, how)
    }
    fn solve(&mut self, pos: Pos, spec: &SolveSpec) -> Result<Solution, EngineError> {
        self.playing().solve(pos, spec)
    }
    fn evaluate(&mut self, pos: Pos, player: &crate::game::Player) -> Result<i32, EngineError> {
        self.playing().evaluate(pos, player)
    }
    fn playouts(
        &mut self,
        pos: Pos,
        count: u64,
        seed: u64,
        max_plies: u64,
    ) -> Result<u64, EngineError> {
        self.playing().playouts(pos, count, seed, max_plies)
    }
    fn refusal_words(&mut self, reason: &Reason) -> Option<String> {
        self.playing().refusal_words(reason)
    }
    fn view(&mut self, pos: Pos) -> Result<View, EngineError> {
        self.playing().view(pos)
    }
}
