//! Native Tactigon, with the official advanced rules as a flag: one u64 bit set
//! per side and per kind over the 53 cells; the same position and move texts
//! as rules/tactigon.pl and rules/variants/tactigon_advanced.pl.

mod board;
mod explain;
mod notation;
#[cfg(test)]
mod tests;

pub use board::{Combat, Kind, CELLS, CELL_NUMBER, COMBAT};

use crate::game::{
    decided_score, zobrist_key, Engine, EngineError, Game, GameDescriptor, Outcome, PositionError,
};
use crate::games::NativeEngine;

/// Tactigon: the descriptor.
pub const DESCRIPTOR: GameDescriptor = GameDescriptor {
    name: "tactigon",
    summary:
        "Tactigon: 53 hexagons, four kinds of piece, take the pentagon or hold both gold cells",
    options: &[],
    rules: crate::rule_file!("rules/tactigon.pl"),
    native: Some(|_| {
        Ok(Box::new(NativeEngine::new("tactigon", Tactigon::start(false))) as Box<dyn Engine>)
    }),
    accelerated: true,
    position_options: crate::game::no_position_options,
};

/// Tactigon with the official advanced rules: the descriptor.  The rule file is a
/// variant of rules/tactigon.pl; the native engine is Tactigon's, with a flag.
pub const ADVANCED: GameDescriptor = GameDescriptor {
    name: "tactigon_advanced",
    summary: "Tactigon, advanced rules: squares jump, +1 range from a gold cell",
    options: &[],
    rules: crate::rule_file!("rules/variants/tactigon_advanced.pl"),
    native: Some(|_| {
        Ok(Box::new(NativeEngine::new(
            "tactigon_advanced",
            Tactigon::start(true),
        )) as Box<dyn Engine>)
    }),
    accelerated: true,
    position_options: crate::game::no_position_options,
};
use board::{bits, index_of, reach, ALL, GOLD};

/// A move: the cell numbers (N = 11 * r + c) the piece starts and ends on.
/// Ordered by `from`, then `to`: the order in which the rule file lists moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TactigonMove {
    pub from: u8,
    pub to: u8,
}

/// A Tactigon position. Side 0 is Red (moves first), side 1 Blue.
#[derive(Clone, Debug)]
pub struct Tactigon {
    /// The cells of each side's pieces (bit i = cell `CELL_NUMBER[i]`).
    sides: [u64; 2],
    /// The cells of each kind's pieces, both sides.
    kinds: [u64; 4],
    to_move: usize,
    winner: Option<usize>,
    /// The advanced rules: squares jump, +1 range from a gold cell.
    advanced: bool,
    hash: u64,
}

const NAMES: [&str; 2] = ["red", "blue"];

/// The start: (kind, Red's cells, Blue's cells).
const START: [(Kind, &[u32]); 8] = [
    (Kind::Circle, &[11, 13, 33, 37, 57, 59]),
    (Kind::Triangle, &[24, 34, 47]),
    (Kind::Square, &[23, 36, 46]),
    (Kind::Pentagon, &[35]),
    (Kind::Circle, &[17, 19, 39, 43, 63, 65]),
    (Kind::Triangle, &[29, 42, 52]),
    (Kind::Square, &[30, 40, 53]),
    (Kind::Pentagon, &[41]),
];

fn piece_key(i: usize, side: usize, kind: Kind) -> u64 {
    zobrist_key(30_000 + (i * 8 + side * 4 + kind as usize) as u64)
}

fn side_key() -> u64 {
    zobrist_key(31_000)
}

fn advanced_key() -> u64 {
    zobrist_key(31_001)
}

impl Tactigon {
    /// The start position; `advanced` turns on the official advanced rules.
    pub fn start(advanced: bool) -> Tactigon {
        let (mut sides, mut kinds) = ([0u64; 2], [0u64; 4]);
        for (k, &(kind, cells)) in START.iter().enumerate() {
            for &n in cells {
                if let Some(i) = index_of(n) {
                    sides[k / 4] |= 1 << i;
                    kinds[kind as usize] |= 1 << i;
                }
            }
        }
        Tactigon::from_parts(sides, kinds, 0, advanced)
    }

    /// A position from its pieces (at least one pentagon on the board); the
    /// winner is judged from the board: the opponent of a side without its
    /// pentagon, else the side to move if it holds both gold cells, else the
    /// opponent of the side to move if that has no legal move.
    pub(crate) fn from_parts(
        sides: [u64; 2],
        kinds: [u64; 4],
        to_move: usize,
        advanced: bool,
    ) -> Tactigon {
        let mut hash = if to_move == 1 { side_key() } else { 0 };
        if advanced {
            hash ^= advanced_key();
        }
        for (side, &set) in sides.iter().enumerate() {
            for kind in Kind::ALL {
                for i in bits(set & kinds[kind as usize]) {
                    hash ^= piece_key(i, side, kind);
                }
            }
        }
        let mut g = Tactigon {
            sides,
            kinds,
            to_move,
            winner: None,
            advanced,
            hash,
        };
        let pentagons = kinds[Kind::Pentagon as usize];
        g.winner = if sides[0] & pentagons == 0 {
            Some(1)
        } else if sides[1] & pentagons == 0 {
            Some(0)
        } else if g.holds_gold(to_move) {
            Some(to_move)
        } else if !g.has_move(to_move) {
            Some(1 - to_move)
        } else {
            None
        };
        g
    }

    /// Whether the advanced rules are on.
    pub fn advanced(&self) -> bool {
        self.advanced
    }

    /// What stands on bit index `i`: (side, kind).
    pub fn piece(&self, i: usize) -> Option<(usize, Kind)> {
        let side = if self.sides[0] >> i & 1 == 1 {
            0
        } else if self.sides[1] >> i & 1 == 1 {
            1
        } else {
            return None;
        };
        Kind::ALL
            .into_iter()
            .find(|&k| self.kinds[k as usize] >> i & 1 == 1)
            .map(|k| (side, k))
    }

    /// What stands on cell number `n` (None for an empty cell or a non-cell).
    pub fn piece_on(&self, n: u32) -> Option<(usize, Kind)> {
        index_of(n).and_then(|i| self.piece(i))
    }

    fn occupied(&self) -> u64 {
        self.sides[0] | self.sides[1]
    }

    fn holds_gold(&self, side: usize) -> bool {
        self.sides[side] & GOLD == GOLD
    }

    /// The range of the piece of `kind` on bit index `i`: its number of sides,
    /// plus one on a gold cell under the advanced rules.
    fn range_at(&self, i: usize, kind: Kind) -> u32 {
        kind.range() + u32::from(self.advanced && GOLD >> i & 1 == 1)
    }

    /// The occupied cells a piece of `side` and `kind` may pass over: under the
    /// advanced rules a square passes over every piece but enemy squares.
    fn over(&self, side: usize, kind: Kind) -> u64 {
        if self.advanced && kind == Kind::Square {
            self.occupied() & !(self.kinds[Kind::Square as usize] & self.sides[1 - side])
        } else {
            0
        }
    }

    /// The targets of the piece on bit index `i` (empty if there is none).
    fn targets(&self, i: usize) -> u64 {
        let Some((side, kind)) = self.piece(i) else {
            return 0;
        };
        let empty = ALL & !self.occupied();
        let mut attackable = 0;
        for d in Kind::ALL {
            if COMBAT[kind as usize][d as usize] != Combat::X {
                attackable |= self.kinds[d as usize];
            }
        }
        attackable &= self.sides[1 - side];
        reach(
            i,
            self.range_at(i, kind),
            empty | self.over(side, kind),
            empty | attackable,
        )
    }

    fn has_move(&self, side: usize) -> bool {
        bits(self.sides[side]).any(|i| self.targets(i) != 0)
    }

    fn remove(&mut self, i: usize) {
        if let Some((side, kind)) = self.piece(i) {
            self.sides[side] &= !(1 << i);
            self.kinds[kind as usize] &= !(1 << i);
            self.hash ^= piece_key(i, side, kind);
        }
    }

    fn put(&mut self, i: usize, side: usize, kind: Kind) {
        self.sides[side] |= 1 << i;
        self.kinds[kind as usize] |= 1 << i;
        self.hash ^= piece_key(i, side, kind);
    }

    /// V(side) of the evaluation (see `evaluate`).
    fn side_value(&self, side: usize) -> i32 {
        let mut material = 0;
        for kind in Kind::ALL {
            material +=
                kind.value() * (self.sides[side] & self.kinds[kind as usize]).count_ones() as i32;
        }
        let enemy_pentagon = self.sides[1 - side] & self.kinds[Kind::Pentagon as usize];
        let threats = bits(self.sides[side])
            .filter(|&i| self.targets(i) & enemy_pentagon != 0)
            .count() as i32;
        let gold = (self.sides[side] & GOLD).count_ones() as i32;
        let both = if gold == 2 { 30 } else { 0 };
        let tempo = if self.to_move == side && threats > 0 {
            1000
        } else {
            0
        };
        material + 40 * threats + 15 * gold + both + tempo
    }
}

impl Game for Tactigon {
    type Move = TactigonMove;

    fn player_names(&self) -> [&str; 2] {
        NAMES
    }

    fn to_move(&self) -> usize {
        self.to_move
    }

    fn legal_moves(&self, buf: &mut Vec<TactigonMove>) {
        buf.clear();
        if self.winner.is_some() {
            return;
        }
        for i in bits(self.sides[self.to_move]) {
            for t in bits(self.targets(i)) {
                buf.push(TactigonMove {
                    from: CELL_NUMBER[i],
                    to: CELL_NUMBER[t],
                });
            }
        }
    }

    /// Plays a legal move: the combat on its target, then the mover's pentagon
    /// win, then the other side's gold win, then the other side's no-move loss.
    fn play(&mut self, mv: TactigonMove) {
        let (Some(f), Some(t)) = (index_of(mv.from.into()), index_of(mv.to.into())) else {
            return;
        };
        let Some((side, kind)) = self.piece(f) else {
            return;
        };
        let defender = self.piece(t);
        self.remove(f);
        match defender {
            None => self.put(t, side, kind),
            Some((_, d)) => match COMBAT[kind as usize][d as usize] {
                Combat::D => {
                    self.remove(t);
                    self.put(t, side, kind);
                }
                Combat::B | Combat::X => self.remove(t),
            },
        }
        let other = 1 - side;
        self.to_move = other;
        self.hash ^= side_key();
        self.winner = if matches!(defender, Some((_, Kind::Pentagon))) {
            Some(side)
        } else if self.holds_gold(other) {
            Some(other)
        } else if !self.has_move(other) {
            Some(side)
        } else {
            None
        };
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(Outcome::Win)
    }

    /// 10000 / -10000 for a finished game; else V(player) - V(opponent), where
    /// for a side X
    ///   V(X) = material + 40 * threats + 15 * gold + (30 if gold = 2)
    ///          + (1000 if X is to move and threats > 0),
    /// material = circles 10, triangles 30, squares 40, pentagon 0 each;
    /// threats = X's pieces that have a move (under the rules in force) onto
    /// the enemy pentagon; gold = the gold cells X occupies.
    /// The same formula as evaluate_with/5 of rules/tactigon.pl.
    fn evaluate(&self, player: usize) -> i32 {
        if let Some(score) = decided_score(self.winner, player) {
            return score;
        }
        self.side_value(player) - self.side_value(1 - player)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn position_text(&self) -> String {
        notation::position_text(self)
    }

    fn parse_position(&self, text: &str) -> Result<Tactigon, EngineError> {
        Ok(notation::parse_position(self.advanced, text)?)
    }

    fn set_to_move(&self, player: usize) -> Result<Tactigon, EngineError> {
        if let Some(w) = self.winner {
            return Err(EngineError::Position(PositionError::no_setup(format!(
                "the game is over: {} has won",
                NAMES[w]
            ))));
        }
        // both pentagons are on the board while the game goes on: who has won is
        // judged from the board again
        Ok(Tactigon::from_parts(
            self.sides,
            self.kinds,
            player,
            self.advanced,
        ))
    }

    fn move_text(&self, mv: TactigonMove) -> String {
        notation::move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<TactigonMove, EngineError> {
        notation::parse_move(self, text)
    }
}
