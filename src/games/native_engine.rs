//! `NativeEngine`: any native `Game` as an `Engine` — it holds its positions as Rust
//! values, and runs perft, playouts, alpha-beta and MCTS on them directly.

use crate::game::{
    ending, BestMove, Engine, EngineError, Game, Player, Pos, PositionError, PositionInfo,
    SearchSpec,
};
use crate::search::{mcts_root_parallel, perft, random_playouts, Searcher};
use rustc_hash::FxHashMap;

/// A native game as an `Engine`; `start` is the initial position with the chosen options.
pub struct NativeEngine<G: Game> {
    name: String,
    start: G,
    held: FxHashMap<u64, G>,
    next: u64,
    searcher: Option<Searcher<G>>,
}

impl<G: Game> NativeEngine<G> {
    /// Wraps the start position of a native game.
    pub fn new(name: &str, start: G) -> Self {
        NativeEngine {
            name: name.to_string(),
            start,
            held: FxHashMap::default(),
            next: 1,
            searcher: None,
        }
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// Holds a position; gives its handle.
    pub fn hold(&mut self, game: G) -> Pos {
        let id = self.next;
        self.next += 1;
        self.held.insert(id, game);
        Pos(id)
    }

    /// The position a handle names.
    pub fn get(&self, pos: Pos) -> Result<&G, EngineError> {
        self.held.get(&pos.0).ok_or(EngineError::Handle(pos.0))
    }
}

/// The legal moves of a game, sorted into listing order.
pub fn sorted_moves<G: Game>(game: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.sort();
    moves
}

/// The texts of a line of moves played from `game`.
fn line_text<G: Game>(game: &G, moves: &[G::Move]) -> Vec<String> {
    let mut g = game.clone();
    moves
        .iter()
        .map(|&m| {
            let t = g.move_text(m);
            g.play(m);
            t
        })
        .collect()
}

impl<G: Game> Engine for NativeEngine<G> {
    fn label(&self) -> String {
        format!("{} (native)", self.name)
    }

    fn playouts_in_host(&mut self) -> bool {
        true
    }

    fn initial(&mut self) -> Result<Pos, EngineError> {
        Ok(self.hold(self.start.clone()))
    }

    fn parse(&mut self, text: &str) -> Result<Pos, EngineError> {
        let game = self.start.parse_position(text)?;
        Ok(self.hold(game))
    }

    fn set_to_move(&mut self, pos: Pos, player: &Player) -> Result<Pos, EngineError> {
        let game = self.get(pos)?;
        let names = game.player_names();
        let Some(side) = names.iter().position(|n| *n == player.as_str()) else {
            return Err(EngineError::Position(PositionError::no_setup(format!(
                "there is no player {} ({} or {})",
                crate::game::elide(player),
                names[0],
                names[1]
            ))));
        };
        let next = if side == game.to_move() {
            game.clone()
        } else {
            game.set_to_move(side)?
        };
        Ok(self.hold(next))
    }

    fn release(&mut self, pos: Pos) {
        self.held.remove(&pos.0);
    }

    fn held(&self) -> usize {
        self.held.len()
    }

    fn copy(&mut self, pos: Pos) -> Result<Pos, EngineError> {
        let game = self.get(pos)?.clone();
        Ok(self.hold(game))
    }

    fn text(&mut self, pos: Pos) -> Result<String, EngineError> {
        Ok(self.get(pos)?.position_text())
    }

    fn describe(&mut self, pos: Pos) -> Result<PositionInfo, EngineError> {
        let game = self.get(pos)?;
        let names = game.player_names();
        Ok(PositionInfo {
            position: game.position_text(),
            to_move: Player::new(names[game.to_move()]),
            outcome: game.outcome().map(|o| ending(o, names)),
            legal: sorted_moves(game)
                .into_iter()
                .map(|m| game.move_text(m))
                .collect(),
        })
    }

    fn play(&mut self, pos: Pos, mv: &str) -> Result<Pos, EngineError> {
        let game = self.get(pos)?;
        let m = game.parse_move(mv.trim())?;
        let mut next = game.clone();
        next.play(m);
        Ok(self.hold(next))
    }

    fn play_all(&mut self, pos: Pos, moves: &[String]) -> Result<Pos, EngineError> {
        let mut game = self.get(pos)?.clone();
        for (i, text) in moves.iter().enumerate() {
            let m = game
                .parse_move(text.trim())
                .map_err(|e| crate::game::prefix_move(e, i + 1))?;
            game.play(m);
        }
        Ok(self.hold(game))
    }

    fn perft(&mut self, pos: Pos, depth: u32) -> Result<u64, EngineError> {
        Ok(perft(self.get(pos)?, depth))
    }

    fn playouts(
        &mut self,
        pos: Pos,
        count: u64,
        seed: u64,
        max_plies: u64,
    ) -> Result<u64, EngineError> {
        Ok(random_playouts(self.get(pos)?, count, seed, max_plies))
    }

    fn best(&mut self, pos: Pos, how: SearchSpec) -> Result<BestMove, EngineError> {
        let game = self.get(pos)?.clone();
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
                    pv: line_text(&game, &r.pv),
                    depth: r.depth,
                    nodes: r.nodes,
                })
            }
            SearchSpec::Mcts {
                playouts,
                seed,
                threads,
                time,
                rave,
            } => {
                let deadline = time.map(|t| std::time::Instant::now() + t);
                let r = mcts_root_parallel(&game, playouts, seed, (threads, rave), deadline);
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

    fn solve(
        &mut self,
        pos: Pos,
        spec: &crate::solve::SolveSpec,
    ) -> Result<crate::solve::Solution, EngineError> {
        let game = self.get(pos)?.clone();
        let tree = crate::solve::GameTree::new(&game).with_knowledge(!spec.plain);
        crate::solve::solve(tree, &game, spec)
    }

    fn evaluate(&mut self, pos: Pos, player: &Player) -> Result<i32, EngineError> {
        let game = self.get(pos)?;
        let p = game
            .player_names()
            .iter()
            .position(|n| *n == player.as_str())
            .ok_or_else(|| {
                EngineError::Options(format!("no player named {}", crate::game::elide(player)))
            })?;
        Ok(game.evaluate(p))
    }
}
