//! The MCTS-solver's proofs: a node of the search tree whose value is known exactly
//! (a finished game, or a position whose moves are proven) and how a proof climbs the
//! tree, and the final choice of a root move that puts a proof before any playout
//! count (a proven win at once; a proven loss only when every move loses).

use crate::game::Outcome;

/// What is proven of a tree node, for the player who made the move into it (ordered
/// worst first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Proof {
    Loss,
    Draw,
    Win,
}

impl Proof {
    /// The proof of a position for `mover` (who moved into it) when its game is over.
    pub fn of_outcome(outcome: Option<Outcome>, mover: usize) -> Option<Proof> {
        match outcome? {
            Outcome::Win(p) if p == mover => Some(Proof::Win),
            Outcome::Win(_) => Some(Proof::Loss),
            Outcome::Draw => Some(Proof::Draw),
        }
    }

    /// The same proof seen by the other player.
    pub fn flip(self) -> Proof {
        match self {
            Proof::Loss => Proof::Win,
            Proof::Draw => Proof::Draw,
            Proof::Win => Proof::Loss,
        }
    }

    /// The same proof, for player `to` rather than player `of`.
    pub fn seen_by(self, of: usize, to: usize) -> Proof {
        if of == to {
            self
        } else {
            self.flip()
        }
    }

    /// The winner a proof for `mover` means (none for a draw).
    pub fn winner(self, mover: usize) -> Option<usize> {
        match self {
            Proof::Win => Some(mover),
            Proof::Loss => Some(1 - mover),
            Proof::Draw => None,
        }
    }
}

/// What is proven of a position for the player to move there, given the proofs of
/// the moves tried so far (each for that player) and whether every legal move has
/// been tried: a win as soon as one move wins; otherwise, once every move is tried
/// and proven, the best of them; otherwise nothing.
pub fn prove(children: impl IntoIterator<Item = Option<Proof>>, all_tried: bool) -> Option<Proof> {
    let mut best: Option<Proof> = None;
    let mut all_proven = all_tried;
    for proof in children {
        match proof {
            Some(Proof::Win) => return Some(Proof::Win),
            Some(p) => best = Some(best.map_or(p, |b| b.max(p))),
            None => all_proven = false,
        }
    }
    if all_proven {
        best
    } else {
        None
    }
}

/// What is proven of a tree node for its own `mover`, from the proofs of its
/// children (each for `chooser`, the player to move at the node) and whether every
/// move has a child: `prove`'s verdict seen from the node's side.
pub fn prove_node(
    children: impl IntoIterator<Item = Option<Proof>>,
    all_tried: bool,
    chooser: usize,
    mover: usize,
) -> Option<Proof> {
    prove(children, all_tried).map(|p| p.seen_by(chooser, mover))
}

/// How a root move ranks before its playout count: a proven win first, then the
/// unproven moves and proven draws, a proven loss last.
pub fn rank(proof: Option<Proof>) -> u8 {
    match proof {
        Some(Proof::Win) => 2,
        None | Some(Proof::Draw) => 1,
        Some(Proof::Loss) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_winning_move_proves_a_win_at_once() {
        assert_eq!(prove([None, Some(Proof::Win)], false), Some(Proof::Win));
        assert_eq!(
            prove([Some(Proof::Loss), Some(Proof::Win)], true),
            Some(Proof::Win)
        );
    }

    #[test]
    fn a_loss_or_draw_needs_every_move_tried_and_proven() {
        let lost = [Some(Proof::Loss), Some(Proof::Loss)];
        assert_eq!(prove(lost, true), Some(Proof::Loss));
        assert_eq!(prove(lost, false), None);
        assert_eq!(prove([Some(Proof::Loss), None], true), None);
        assert_eq!(
            prove([Some(Proof::Loss), Some(Proof::Draw)], true),
            Some(Proof::Draw)
        );
        assert_eq!(prove([], true), None);
    }

    #[test]
    fn proofs_turn_round_between_players() {
        assert_eq!(
            Proof::of_outcome(Some(Outcome::Win(0)), 0),
            Some(Proof::Win)
        );
        assert_eq!(
            Proof::of_outcome(Some(Outcome::Win(0)), 1),
            Some(Proof::Loss)
        );
        assert_eq!(Proof::of_outcome(Some(Outcome::Draw), 1), Some(Proof::Draw));
        assert_eq!(Proof::of_outcome(None, 1), None);
        assert_eq!(Proof::Win.seen_by(0, 1), Proof::Loss);
        assert_eq!(Proof::Win.seen_by(1, 1), Proof::Win);
        assert_eq!(Proof::Loss.winner(0), Some(1));
        assert_eq!(Proof::Draw.winner(0), None);
        assert!(rank(Some(Proof::Win)) > rank(None));
        assert!(rank(None) > rank(Some(Proof::Loss)));
    }
}
