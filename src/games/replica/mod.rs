//! Native Replica: one u64 bitboard per piece set (men and kings of each side);
//! the same position and move texts as rules/replica.pl.

mod notation;
mod validate;
/// The line of sight a Replica position text carries: ` sight=all` or nothing.
fn replica_position_options(text: &str) -> Vec<(&'static str, String)> {
    let sight = if text.contains(" sight=all") {
        "all"
    } else {
        "forward"
    };
    vec![("sight", sight.to_string())]
}

#[cfg(test)]
mod tests;

use crate::game::{
    decided_score, zobrist_key, Engine, EngineError, Game, GameDescriptor, GameOptions,
    OptionError, OptionValues, Outcome, PositionError,
};
use crate::games::NativeEngine;

/// Replica: the descriptor.
pub const DESCRIPTOR: GameDescriptor = GameDescriptor {
    name: "replica",
    summary: "Replica: race a king to the far corner or capture the enemy king (8x8)",
    options: crate::games::rule_options::REPLICA,
    rules: crate::rule_file!("rules/replica.pl"),
    native: Some(|v| {
        Ok(Box::new(NativeEngine::new("replica", Replica::from_values(v)?)) as Box<dyn Engine>)
    }),
    accelerated: true,
    position_options: replica_position_options,
};

/// The start position's text.
const START: &str = "4bbbB/4bbbb/6bb/6bb/ww6/ww6/wwww4/Wwww4 white";

/// Square index of file `f` and rank `r` (both 0-based; a1 = 0, h8 = 63).
pub fn square(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as usize)
}

/// The forward directions (file, rank) of White (0) and Black (1).
const FORWARD: [[(i32, i32); 3]; 2] = [[(0, 1), (1, 0), (1, 1)], [(0, -1), (-1, 0), (-1, -1)]];
/// All eight directions, for the option sight=all.
const ALL: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
    (-1, 1),
];
/// The corner each side must reach: h8 for White, a1 for Black.
const CORNER: [usize; 2] = [63, 0];

/// A move: a step or jump `from-to`, or the transform of the man on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ReplicaMove {
    Step(u8, u8),
    Transform(u8),
}

/// A Replica position.
#[derive(Clone, Debug)]
pub struct Replica {
    men: [u64; 2],
    kings: [u64; 2],
    to_move: usize,
    winner: Option<usize>,
    sight_all: bool,
    hash: u64,
}

const NAMES: [&str; 2] = ["white", "black"];

fn piece_key(sq: usize, side: usize, king: bool) -> u64 {
    zobrist_key(10_000 + (sq * 4 + side * 2 + usize::from(king)) as u64)
}

fn side_key() -> u64 {
    zobrist_key(20_000)
}

impl Replica {
    /// The start position, with option `sight` as a user gives it.
    pub fn from_options(options: &GameOptions) -> Result<Replica, OptionError> {
        Replica::from_values(&DESCRIPTOR.values(options)?)
    }

    /// The start position with validated options.
    pub fn from_values(values: &OptionValues) -> Result<Replica, OptionError> {
        let sight_all = values.word("sight") == "all";
        let start = Replica::empty(sight_all);
        notation::parse_position(&start, START)
            .map_err(|e| OptionError::BadValue {
                key: "start".into(),
                value: e.message,
                why: String::new(),
            })
            .map(|r| Replica { sight_all, ..r })
    }

    fn empty(sight_all: bool) -> Replica {
        Replica {
            men: [0; 2],
            kings: [0; 2],
            to_move: 0,
            winner: None,
            sight_all,
            hash: 0,
        }
    }

    /// A position from its pieces; the winner is judged from the board.
    pub(crate) fn from_parts(
        men: [u64; 2],
        kings: [u64; 2],
        to_move: usize,
        sight_all: bool,
    ) -> Replica {
        let mut hash = if to_move == 1 { side_key() } else { 0 };
        for side in 0..2 {
            for sq in 0..64 {
                if men[side] >> sq & 1 == 1 {
                    hash ^= piece_key(sq, side, false);
                }
                if kings[side] >> sq & 1 == 1 {
                    hash ^= piece_key(sq, side, true);
                }
            }
        }
        let mut r = Replica {
            men,
            kings,
            to_move,
            winner: None,
            sight_all,
            hash,
        };
        let just_moved = 1 - to_move;
        r.winner = if r.side_won(just_moved) {
            Some(just_moved)
        } else if r.side_won(to_move) {
            Some(to_move)
        } else {
            None
        };
        r
    }

    /// Records a win the board does not show (a king captured while others remain).
    pub(crate) fn set_winner(&mut self, side: usize) {
        self.winner = Some(side);
    }

    fn side_won(&self, side: usize) -> bool {
        self.kings[1 - side] == 0 || self.kings[side] >> CORNER[side] & 1 == 1
    }

    fn pieces(&self, side: usize) -> u64 {
        self.men[side] | self.kings[side]
    }

    /// Whether the option sight=all is on.
    pub fn sight_all(&self) -> bool {
        self.sight_all
    }

    /// What stands on a square: (side, is king).
    pub fn piece(&self, sq: usize) -> Option<(usize, bool)> {
        (0..2).find_map(|side| {
            if self.men[side] >> sq & 1 == 1 {
                Some((side, false))
            } else if self.kings[side] >> sq & 1 == 1 {
                Some((side, true))
            } else {
                None
            }
        })
    }

    /// The men of `side` that one of its kings sees.
    fn seen_men(&self, side: usize) -> u64 {
        let dirs: &[(i32, i32)] = if self.sight_all { &ALL } else { &FORWARD[side] };
        let enemy = self.pieces(1 - side);
        let mut seen = 0u64;
        let mut kings = self.kings[side];
        while kings != 0 {
            let k = kings.trailing_zeros() as i32;
            kings &= kings - 1;
            for &(df, dr) in dirs {
                let (mut f, mut r) = (k % 8 + df, k / 8 + dr);
                while let Some(sq) = square(f, r) {
                    if enemy >> sq & 1 == 1 {
                        break;
                    }
                    seen |= 1 << sq;
                    f += df;
                    r += dr;
                }
            }
        }
        seen & self.men[side]
    }
}

impl Game for Replica {
    type Move = ReplicaMove;

    fn player_names(&self) -> [&str; 2] {
        NAMES
    }

    fn to_move(&self) -> usize {
        self.to_move
    }

    fn legal_moves(&self, buf: &mut Vec<ReplicaMove>) {
        buf.clear();
        if self.winner.is_some() {
            return;
        }
        let side = self.to_move;
        let own = self.pieces(side);
        let mut pieces = own;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as i32;
            pieces &= pieces - 1;
            for &(df, dr) in &FORWARD[side] {
                let (mut f, mut r) = (from % 8 + df, from / 8 + dr);
                while let Some(sq) = square(f, r) {
                    if own >> sq & 1 == 0 {
                        buf.push(ReplicaMove::Step(from as u8, sq as u8));
                        break;
                    }
                    f += df;
                    r += dr;
                }
            }
        }
        let mut seen = self.seen_men(side);
        while seen != 0 {
            let sq = seen.trailing_zeros();
            seen &= seen - 1;
            buf.push(ReplicaMove::Transform(sq as u8));
        }
    }

    fn play(&mut self, mv: ReplicaMove) {
        let side = self.to_move;
        match mv {
            ReplicaMove::Step(from, to) => {
                let (from, to) = (from as usize, to as usize);
                let king = self.kings[side] >> from & 1 == 1;
                let set = if king {
                    &mut self.kings[side]
                } else {
                    &mut self.men[side]
                };
                *set &= !(1 << from);
                *set |= 1 << to;
                self.hash ^= piece_key(from, side, king) ^ piece_key(to, side, king);
                let enemy = 1 - side;
                if self.men[enemy] >> to & 1 == 1 {
                    self.men[enemy] &= !(1 << to);
                    self.hash ^= piece_key(to, enemy, false);
                } else if self.kings[enemy] >> to & 1 == 1 {
                    self.kings[enemy] &= !(1 << to);
                    self.hash ^= piece_key(to, enemy, true);
                    self.winner = Some(side);
                }
            }
            ReplicaMove::Transform(sq) => {
                let sq = sq as usize;
                self.men[side] &= !(1 << sq);
                self.kings[side] |= 1 << sq;
                self.hash ^= piece_key(sq, side, false) ^ piece_key(sq, side, true);
            }
        }
        if self.kings[side] >> CORNER[side] & 1 == 1 {
            self.winner = Some(side);
        }
        self.to_move = 1 - side;
        self.hash ^= side_key();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(Outcome::Win)
    }

    fn evaluate(&self, player: usize) -> i32 {
        if let Some(score) = decided_score(self.winner, player) {
            return score;
        }
        let value = |side: usize| -> i32 {
            let mut v = 0;
            for sq in 0..64 {
                if let Some((s, king)) = self.piece(sq) {
                    if s == side {
                        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
                        let gained = if side == 0 { f + r } else { 14 - f - r };
                        v += if king { 30 } else { 10 } + gained;
                    }
                }
            }
            v
        };
        value(player) - value(1 - player)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn position_text(&self) -> String {
        notation::position_text(self)
    }

    fn parse_position(&self, text: &str) -> Result<Replica, EngineError> {
        Ok(notation::parse_position(self, text)?)
    }

    fn set_to_move(&self, player: usize) -> Result<Replica, EngineError> {
        if let Some(w) = self.winner {
            return Err(EngineError::Position(PositionError::no_setup(format!(
                "the game is over: {} has won",
                NAMES[w]
            ))));
        }
        validate::position_error(self.men, self.kings, player)
            .map_err(|e| EngineError::Position(PositionError::no_setup(e)))?;
        Ok(Replica::from_parts(
            self.men,
            self.kings,
            player,
            self.sight_all,
        ))
    }

    fn move_text(&self, mv: ReplicaMove) -> String {
        notation::move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<ReplicaMove, EngineError> {
        notation::parse_move(self, text)
    }
}
