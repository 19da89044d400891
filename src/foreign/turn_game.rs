//! A rule file's turns, stated in the board library's words (board_turns.rs), as a
//! native `Game`: the tree searches (`mcts`, `rave`) run on it in the host, with the
//! moves board_turns.pl lists in its order, instead of asking the rule file one
//! request a playout.  Built from the host's copy of a position's board and the
//! turns the rule file gave for it; the position is the player to move's turn first.

use super::board_table::{with_table, Code, Grid, Refused};
use super::board_turns::{ended, make, moves_of, turns_of, End, Move, Turn};
use crate::game::{EngineError, Game, Outcome};
use std::sync::Arc;

/// A position of a game stated as turns: the cells (the codes of the host's table),
/// whose turn it is (an index into the turns, 0 the player to move at the root),
/// and how it stands.
#[derive(Clone)]
pub struct TurnGame {
    grid: Arc<Grid>,
    turns: Arc<Vec<Turn<Code>>>,
    /// The players, as the turns name them.
    names: Arc<[String; 2]>,
    cells: Vec<Code>,
    at: usize,
    outcome: Option<Outcome>,
    /// The rule file's text of this position and of its legal moves, in legal/2's
    /// order, when it was given them (a search's root); a move played forgets them.
    texts: Option<Arc<(String, Vec<String>)>>,
}

/// The game of board `handle` under turns `id` (as board_accel.pl registered them),
/// the player of the first turn to move; `None` when the host dropped the board, the
/// turns are not two players' or their directions are not the grid's.
pub fn turn_game(handle: i64, id: i64, players: [String; 2]) -> Option<TurnGame> {
    with_table(|t| -> Result<TurnGame, Refused> {
        let turns = turns_of(t, id)?;
        let v = t.view(handle)?;
        if turns.len() != 2 {
            return Err(Refused::Bad);
        }
        for turn in &turns {
            super::board_turns::check_dirs(v.grid, turn)?;
        }
        Ok(TurnGame {
            grid: Arc::new(v.grid.clone()),
            cells: v.cells.to_vec(),
            turns: Arc::new(turns),
            names: Arc::new(players),
            at: 0,
            outcome: None,
            texts: None,
        })
    })
    .ok()
}

impl TurnGame {
    /// This position with the rule file's text of it and of its legal moves (legal/2's,
    /// in order), which `position_text` and `move_text` then give.
    pub fn with_texts(mut self, position: String, legal: Vec<String>) -> TurnGame {
        self.texts = Some(Arc::new((position, legal)));
        self
    }

    /// Where `mv` stands among the legal moves, in legal/2's order.
    pub fn index_of(&self, mv: Move) -> Option<usize> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.iter().position(|&m| m == mv)
    }
}

impl Game for TurnGame {
    type Move = Move;

    fn player_names(&self) -> [&str; 2] {
        [&self.names[0], &self.names[1]]
    }

    fn to_move(&self) -> usize {
        self.at
    }

    fn legal_moves(&self, buf: &mut Vec<Move>) {
        buf.clear();
        if self.outcome.is_none() {
            moves_of(&self.grid, &self.cells, &self.turns[self.at], buf);
        }
    }

    fn play(&mut self, mv: Move) {
        self.texts = None;
        let k = make(&self.grid, &mut self.cells, mv);
        let next = 1 - self.at;
        let (turn, after) = (&self.turns[self.at], &self.turns[next]);
        self.outcome = match ended(&self.grid, &self.cells, k, turn, after) {
            None => None,
            Some(End::Full) => Some(Outcome::Draw),
            Some(End::Count(x, y)) => {
                let count = |c: Code| self.cells.iter().filter(|&&z| z == c).count();
                Some(match count(*x).cmp(&count(*y)) {
                    std::cmp::Ordering::Greater => Outcome::Win(self.at),
                    std::cmp::Ordering::Less => Outcome::Win(next),
                    std::cmp::Ordering::Equal => Outcome::Draw,
                })
            }
            Some(End::Lose(_)) => Some(Outcome::Win(next)),
            Some(_) => Some(Outcome::Win(self.at)),
        };
        self.at = next;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn evaluate(&self, _player: usize) -> i32 {
        0
    }

    fn hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        (&self.cells, self.at).hash(&mut h);
        h.finish()
    }

    fn position_text(&self) -> String {
        match &self.texts {
            Some(texts) => texts.0.clone(),
            None => format!("{:?} {}", self.cells, self.names[self.at]),
        }
    }

    fn parse_position(&self, _text: &str) -> Result<Self, EngineError> {
        Err(EngineError::Rules(
            "a game stated as turns is read by its rule file".into(),
        ))
    }

    fn move_text(&self, mv: Move) -> String {
        let given = self.texts.as_ref().zip(self.index_of(mv));
        match given.and_then(|(texts, k)| texts.1.get(k)) {
            Some(text) => text.clone(),
            None => format!("{mv:?}"),
        }
    }

    fn parse_move(&self, _text: &str) -> Result<Move, EngineError> {
        Err(EngineError::Rules(
            "a game stated as turns reads its moves by its rule file".into(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foreign::board_turns::register;
    use crate::foreign::board_turns::tests::square3;
    use crate::search::mcts_root_parallel;

    /// The cell a move puts its piece on.
    fn put_on(m: Move) -> Option<usize> {
        match m {
            Move::Put(_, k) => Some(k),
            _ => None,
        }
    }

    /// Noughts and crosses on `cells`, x to move.
    fn noughts(cells: &str) -> TurnGame {
        let id = register(
            "[turn,x,1,put,x,2,line,3,4,1,2,3,4,full,turn,o,1,put,o,2,line,3,4,1,2,3,4,full]",
        )
        .expect("the turns read");
        let handle = with_table(|t| {
            let g = t.grid(&square3()).expect("the grid reads");
            t.board(g, cells).expect("the board is made")
        });
        turn_game(handle, id, ["x".into(), "o".into()]).expect("a game of two turns")
    }

    #[test]
    fn the_turns_play_as_the_rule_file_states_them() {
        let mut g = noughts("e e e e e e e e e");
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        assert_eq!(moves.len(), 9);
        assert_eq!(g.player_names(), ["x", "o"]);
        // x takes cells 1, 2 and 3 (a row) while o plays 4 and 5
        for cell in [1, 4, 2, 5, 3] {
            assert_eq!(g.outcome(), None);
            g.legal_moves(&mut moves);
            let m = moves.iter().copied().find(|&m| put_on(m) == Some(cell));
            g.play(m.expect("the cell is empty"));
        }
        assert_eq!(g.outcome(), Some(Outcome::Win(0)));
        g.legal_moves(&mut moves);
        assert!(moves.is_empty(), "no move once the game is over");
    }

    #[test]
    fn the_tree_search_takes_a_win_and_blocks_a_loss() {
        for (cells, want) in [
            // x wins on cell 3
            ("x x e o o e e e e", 3),
            // o threatens cell 6: x blocks it
            ("x e e o o e x e e", 6),
        ] {
            let g = noughts(cells);
            for rave in [false, true] {
                let r = mcts_root_parallel(&g, 3000, 7, (1, rave), None);
                let best = r.best.expect("a move");
                let mut moves = Vec::new();
                g.legal_moves(&mut moves);
                assert_eq!(g.index_of(best), moves.iter().position(|&m| m == best));
                assert_eq!(
                    format!("{best:?}"),
                    format!("Put(1, {want})"),
                    "{cells} rave={rave}"
                );
            }
        }
    }
}
