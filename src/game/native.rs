//! `NativeEngine`: any native `Game` seen through the text-level `Engine` interface.

use super::{outcome_text, BestMove, Engine, EngineError, Game, PositionInfo, SearchSpec};
use crate::search::{mcts, perft, random_playouts, Searcher};

/// A native game as an `Engine`; `start` is the initial position with the chosen options.
pub struct NativeEngine<G: Game> {
    name: String,
    start: G,
    searcher: Option<Searcher<G>>,
}

impl<G: Game> NativeEngine<G> {
    /// Wraps the start position of a native game.
    pub fn new(name: &str, start: G) -> Self {
        NativeEngine {
            name: name.to_string(),
            start,
            searcher: None,
        }
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.start
    }

    fn parse(&self, position: &str) -> Result<G, EngineError> {
        self.start.parse_position(position)
    }
}

/// The legal moves of a game, sorted into listing order.
pub fn sorted_moves<G: Game>(game: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.sort();
    moves
}

impl<G: Game> Engine for NativeEngine<G> {
    fn label(&self) -> String {
        format!("{} (native)", self.name)
    }

    fn initial(&mut self) -> Result<String, EngineError> {
        Ok(self.start.position_text())
    }

    fn normalize(&mut self, position: &str) -> Result<String, EngineError> {
        Ok(self.parse(position)?.position_text())
    }

    fn describe(&mut self, position: &str) -> Result<PositionInfo, EngineError> {
        let game = self.parse(position)?;
        let names = game.player_names();
        Ok(PositionInfo {
            position: game.position_text(),
            to_move: names[game.to_move()].to_string(),
            outcome: game.outcome().map(|o| outcome_text(o, names)),
            legal: sorted_moves(&game)
                .into_iter()
                .map(|m| game.move_text(m))
                .collect(),
        })
    }

    fn play(&mut self, position: &str, mv: &str) -> Result<String, EngineError> {
        let mut game = self.parse(position)?;
        let m = game.parse_move(mv)?;
        game.play(m);
        Ok(game.position_text())
    }

    fn play_all(&mut self, position: &str, moves: &[String]) -> Result<String, EngineError> {
        let mut game = self.parse(position)?;
        for (i, text) in moves.iter().enumerate() {
            let m = game
                .parse_move(text)
                .map_err(|e| super::engine::prefix_move(e, i + 1))?;
            game.play(m);
        }
        Ok(game.position_text())
    }

    fn perft(&mut self, position: &str, depth: u32) -> Result<u64, EngineError> {
        Ok(perft(&self.parse(position)?, depth))
    }

    fn playouts(&mut self, position: &str, count: u64, seed: u64) -> Result<u64, EngineError> {
        Ok(random_playouts(&self.parse(position)?, count, seed))
    }

    fn best(&mut self, position: &str, how: SearchSpec) -> Result<BestMove, EngineError> {
        let game = self.parse(position)?;
        let text = |ms: &[G::Move]| -> Vec<String> {
            let mut g = game.clone();
            ms.iter()
                .map(|&m| {
                    let t = g.move_text(m);
                    g.play(m);
                    t
                })
                .collect()
        };
        match how {
            SearchSpec::AlphaBeta(limits) => {
                let searcher = self.searcher.get_or_insert_with(|| {
                    // small games get a small table: zeroing a big one costs more than solving them
                    let mut moves = Vec::new();
                    game.legal_moves(&mut moves);
                    Searcher::new(1 << (moves.len() + 6).clamp(10, 18))
                });
                let r = searcher.search(&game, limits);
                Ok(BestMove {
                    mv: r.best.map(|m| game.move_text(m)),
                    score: r.score,
                    verdict: r.verdict(),
                    pv: text(&r.pv),
                    depth: r.depth,
                    nodes: r.nodes,
                })
            }
            SearchSpec::Mcts { playouts, seed } => {
                let r = mcts(&game, playouts, seed);
                Ok(BestMove {
                    mv: r.best.map(|m| game.move_text(m)),
                    score: r.score,
                    verdict: None,
                    pv: r.best.map(|m| vec![game.move_text(m)]).unwrap_or_default(),
                    depth: 0,
                    nodes: r.nodes,
                })
            }
        }
    }

    fn evaluate(&mut self, position: &str, player: &str) -> Result<i32, EngineError> {
        let game = self.parse(position)?;
        let p = game
            .player_names()
            .iter()
            .position(|n| *n == player)
            .ok_or_else(|| EngineError::Options(format!("no player named {player}")))?;
        Ok(game.evaluate(p))
    }
}
