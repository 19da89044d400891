//! The game tree the solver walks: positions with who moves, how the game ended and a
//! hash, and their children — over a native `Game` (fast) or over any `Engine` by its
//! held positions (the rule tiers, an external engine).

use crate::game::{Ending, Engine, EngineError, Game, Insight, Outcome, Pos};

/// What the solver needs to know of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// The index of the player to move (0 moves first).
    pub to_move: usize,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
    /// A hash of the position (pieces and side to move); a tree may give positions
    /// a symmetry maps onto each other the same one.
    pub key: u64,
    /// Whether the position is known to have no legal move (a tree may leave a
    /// position without moves and without an outcome to be found when expanded).
    pub stuck: bool,
}

/// A game tree by positions.
pub trait Tree {
    /// One position.
    type Node;
    /// One move.
    type Move: Clone + PartialEq;
    /// Who moves, the outcome and a hash of a position.
    fn status(&mut self, node: &Self::Node) -> Result<Status, EngineError>;
    /// The legal moves, in listing order.
    fn moves(&mut self, node: &Self::Node) -> Result<Vec<Self::Move>, EngineError>;
    /// The position after a move.
    fn child(&mut self, node: &Self::Node, mv: &Self::Move) -> Result<Self::Node, EngineError>;
    /// The status of the position after a move (without keeping that position).
    fn child_status(&mut self, node: &Self::Node, mv: &Self::Move) -> Result<Status, EngineError> {
        let c = self.child(node, mv)?;
        let s = self.status(&c);
        self.release(c);
        s
    }
    /// The status of the position after a move, and how good the move looks to its
    /// player by the game's heuristic (higher is better; the search tries such moves
    /// first).  The default has no heuristic.
    fn child_status_scored(
        &mut self,
        node: &Self::Node,
        mv: &Self::Move,
    ) -> Result<(Status, i32), EngineError> {
        Ok((self.child_status(node, mv)?, 0))
    }
    /// What the game's knowledge settles at a position whose legal moves are
    /// `moves`, or those moves narrowed to the ones worth searching (see
    /// `Game::insight`).  The default knows nothing.
    fn insight(
        &mut self,
        node: &Self::Node,
        moves: &mut Vec<Self::Move>,
    ) -> Result<Insight<Self::Move>, EngineError> {
        let _ = (node, moves);
        Ok(Insight::Open)
    }
    /// The cell a move fills, for proof sets (see `Game::move_cell`); the default
    /// gives none, and the search then uses no proof set.
    fn move_cell(&mut self, node: &Self::Node, mv: &Self::Move) -> Option<usize> {
        let _ = (node, mv);
        None
    }
    /// A candidate proof set of a position the knowledge settles (see
    /// `Game::insight_support`).
    fn insight_support(&mut self, node: &Self::Node) -> Option<u64> {
        let _ = node;
        None
    }
    /// The position with `player`'s stones added on the empty cells of `cells`.
    fn with_stones(&mut self, node: &Self::Node, player: usize, cells: u64) -> Option<Self::Node> {
        let _ = (node, player, cells);
        None
    }
    /// A hash of the position that no symmetry shares (proof sets are not
    /// symmetric); `None` where proof sets are not used.
    fn exact_key(&mut self, node: &Self::Node) -> Option<u64> {
        let _ = node;
        None
    }
    /// The exact hash of the position after a move (without keeping it).
    fn child_exact_key(&mut self, node: &Self::Node, mv: &Self::Move) -> Option<u64> {
        let _ = (node, mv);
        None
    }
    /// A move's notation.
    fn move_text(&mut self, node: &Self::Node, mv: &Self::Move) -> String;
    /// The position's text.
    fn text(&mut self, node: &Self::Node) -> Result<String, EngineError>;
    /// The players' names in turn order.
    fn player_names(&mut self) -> [String; 2];
    /// Forgets a position the tree no longer needs.
    fn release(&mut self, node: Self::Node) {
        drop(node);
    }
}

/// A native game's positions as Rust values.
pub struct GameTree<G: Game> {
    names: [String; 2],
    /// A position to play a child's move on, copied into without allocating.
    scratch: G,
    /// Whether the game's own knowledge prunes the search (`Game::insight`) and its
    /// symmetries share table entries (`Game::symmetric_hash`).
    knowledge: bool,
}

impl<G: Game> GameTree<G> {
    /// The tree of the game `game` belongs to.
    pub fn new(game: &G) -> Self {
        let [a, b] = game.player_names();
        GameTree {
            names: [a.to_string(), b.to_string()],
            scratch: game.clone(),
            knowledge: true,
        }
    }

    /// The same tree searched with the game's own knowledge or without it.
    pub fn with_knowledge(mut self, knowledge: bool) -> Self {
        self.knowledge = knowledge;
        self
    }
}

/// The status of a native position.  A position with no move and no outcome is
/// found when it is expanded: listing every child's moves to see it would double the
/// work.
fn game_status<G: Game>(node: &G, symmetric: bool) -> Status {
    let outcome = node.outcome();
    Status {
        to_move: node.to_move(),
        outcome,
        key: if symmetric {
            node.symmetric_hash()
        } else {
            node.hash()
        },
        stuck: outcome.is_some(),
    }
}

impl<G: Game> Tree for GameTree<G> {
    type Node = G;
    type Move = G::Move;

    fn status(&mut self, node: &G) -> Result<Status, EngineError> {
        Ok(game_status(node, self.knowledge))
    }

    fn moves(&mut self, node: &G) -> Result<Vec<G::Move>, EngineError> {
        let mut moves = Vec::new();
        node.legal_moves(&mut moves);
        moves.sort();
        Ok(moves)
    }

    fn child(&mut self, node: &G, mv: &G::Move) -> Result<G, EngineError> {
        let mut child = node.clone();
        child.play(*mv);
        Ok(child)
    }

    fn child_status(&mut self, node: &G, mv: &G::Move) -> Result<Status, EngineError> {
        self.scratch.clone_from(node);
        self.scratch.play(*mv);
        Ok(game_status(&self.scratch, self.knowledge))
    }

    fn child_status_scored(
        &mut self,
        node: &G,
        mv: &G::Move,
    ) -> Result<(Status, i32), EngineError> {
        let mover = node.to_move();
        self.scratch.clone_from(node);
        self.scratch.play(*mv);
        let status = game_status(&self.scratch, self.knowledge);
        let score = if status.outcome.is_some() {
            0
        } else {
            self.scratch.evaluate(mover)
        };
        Ok((status, score))
    }

    fn insight(
        &mut self,
        node: &G,
        moves: &mut Vec<G::Move>,
    ) -> Result<Insight<G::Move>, EngineError> {
        if !self.knowledge || node.outcome().is_some() {
            return Ok(Insight::Open);
        }
        let full = moves.len();
        let insight = node.insight(moves);
        if matches!(insight, Insight::Open) && moves.is_empty() && full > 0 {
            return Err(EngineError::Rules(
                "the game's knowledge left no move to search".to_string(),
            ));
        }
        Ok(insight)
    }

    fn move_cell(&mut self, node: &G, mv: &G::Move) -> Option<usize> {
        self.knowledge.then(|| node.move_cell(*mv)).flatten()
    }

    fn insight_support(&mut self, node: &G) -> Option<u64> {
        self.knowledge.then(|| node.insight_support()).flatten()
    }

    fn with_stones(&mut self, node: &G, player: usize, cells: u64) -> Option<G> {
        self.knowledge
            .then(|| node.with_stones(player, cells))
            .flatten()
    }

    fn exact_key(&mut self, node: &G) -> Option<u64> {
        self.knowledge.then(|| node.hash())
    }

    fn child_exact_key(&mut self, node: &G, mv: &G::Move) -> Option<u64> {
        if !self.knowledge {
            return None;
        }
        self.scratch.clone_from(node);
        self.scratch.play(*mv);
        Some(self.scratch.hash())
    }

    fn move_text(&mut self, node: &G, mv: &G::Move) -> String {
        node.move_text(*mv)
    }

    fn text(&mut self, node: &G) -> Result<String, EngineError> {
        Ok(node.position_text())
    }

    fn player_names(&mut self) -> [String; 2] {
        self.names.clone()
    }
}

/// Any engine's held positions; a position's hash is that of its text.
pub struct EngineTree<'a, E: Engine + ?Sized> {
    engine: &'a mut E,
    names: Option<[String; 2]>,
}

impl<'a, E: Engine + ?Sized> EngineTree<'a, E> {
    /// The tree of the positions `engine` holds.
    pub fn new(engine: &'a mut E) -> Self {
        EngineTree {
            engine,
            names: None,
        }
    }

    /// The players' names, from the start position's turn and the next one's.
    fn names(&mut self) -> Result<[String; 2], EngineError> {
        if let Some(n) = &self.names {
            return Ok(n.clone());
        }
        let start = self.engine.initial()?;
        let first = self.engine.describe(start);
        let first = match first {
            Ok(d) => d,
            Err(e) => {
                self.engine.release(start);
                return Err(e);
            }
        };
        let second = match first.legal.first() {
            Some(m) => {
                let next = self.engine.play(start, m);
                let d = next.and_then(|p| {
                    let d = self.engine.describe(p);
                    self.engine.release(p);
                    d
                });
                d.map(|d| String::from(d.to_move))
            }
            None => Ok(String::new()),
        };
        self.engine.release(start);
        let names = [String::from(first.to_move), second?];
        self.names = Some(names.clone());
        Ok(names)
    }
}

/// The index of a player by name; an outcome naming no player of the game is a
/// rules error.
fn index_of(names: &[String; 2], who: &str) -> Result<usize, EngineError> {
    names.iter().position(|n| n == who).ok_or_else(|| {
        EngineError::Rules(format!(
            "the rules name a player `{who}` that is neither {} nor {}",
            names[0], names[1]
        ))
    })
}

impl<E: Engine + ?Sized> Tree for EngineTree<'_, E> {
    type Node = Pos;
    type Move = String;

    fn status(&mut self, node: &Pos) -> Result<Status, EngineError> {
        let names = self.names()?;
        let d = self.engine.describe(*node)?;
        let outcome = match &d.outcome {
            None => None,
            Some(Ending::Draw) => Some(Outcome::Draw),
            Some(Ending::Win(who)) => Some(Outcome::Win(index_of(&names, who)?)),
            Some(scores) => {
                return Err(EngineError::Rules(format!(
                    "an outcome `{scores}` that is neither win(P) nor draw (the solver \
                     proves wins, losses and draws, not scores)"
                )))
            }
        };
        // the same text hashes alike whichever engine read it
        let key = {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            d.position.hash(&mut h);
            h.finish()
        };
        Ok(Status {
            to_move: index_of(&names, &d.to_move)?,
            outcome,
            key,
            stuck: outcome.is_some() || d.legal.is_empty(),
        })
    }

    fn moves(&mut self, node: &Pos) -> Result<Vec<String>, EngineError> {
        Ok(self.engine.describe(*node)?.legal)
    }

    fn child(&mut self, node: &Pos, mv: &String) -> Result<Pos, EngineError> {
        self.engine.play(*node, mv)
    }

    fn move_text(&mut self, _node: &Pos, mv: &String) -> String {
        mv.clone()
    }

    fn text(&mut self, node: &Pos) -> Result<String, EngineError> {
        self.engine.text(*node)
    }

    fn player_names(&mut self) -> [String; 2] {
        self.names()
            .unwrap_or_else(|_| ["first".into(), "second".into()])
    }

    fn release(&mut self, node: Pos) {
        self.engine.release(node);
    }
}
