//! Native Mitsudomoe: each square's ring stack packed as colour bits and a height, 25-bit
//! boards of balls and stack tops, turns generated outcome by outcome (relocations as
//! k-subsets, never built twice); the same position and move texts as rules/mitsudomoe.pl.

mod explain;
mod geometry;
mod notation;
#[cfg(test)]
mod tests;

use crate::game::{
    decided_score, zobrist_key, Engine, EngineError, Game, GameDescriptor, Outcome, PositionError,
};
use crate::games::NativeEngine;

/// Mitsudomoe: the descriptor.
pub const DESCRIPTOR: GameDescriptor = GameDescriptor {
    name: "mitsudomoe",
    summary: "Mitsudomoe: stack rings, vault balls over lines of balls, bring all three home",
    options: &[],
    rules: crate::rule_file!("rules/mitsudomoe.pl"),
    native: Some(|_| Ok(Box::new(NativeEngine::new("mitsudomoe", start())) as Box<dyn Engine>)),
    accelerated: true,
    position_options: crate::game::no_position_options,
};
use geometry::{NONE, T};
use std::cmp::Ordering;

/// The number of squares. Square `file * 5 + rank` (both from 0): a1 = 0, a2 = 1, b1 = 5,
/// e5 = 24, so index order is the order of square names.
pub const SQUARES: usize = 25;
const FULL: u32 = (1 << SQUARES) - 1;
/// `Turn::ring_from` of a ring placed from the supply.
pub const SUPPLY: u8 = 25;
/// The most rings of one colour.
pub const RINGS: u8 = 8;

const fn bit(s: usize) -> u32 {
    1 << s
}

/// Home squares: White a1 a2 b1, Black e5 e4 d5 (where the balls start).
pub const HOME: [u32; 2] = [bit(0) | bit(1) | bit(5), bit(24) | bit(23) | bit(19)];
/// Goal squares: the opponent's home squares.
pub const GOAL: [u32; 2] = [HOME[1], HOME[0]];

/// A turn, identified by its outcome: the ring step (`ring_from` = `SUPPLY` for a ring
/// placed from the supply, else the square of the exposed ring moved), the ball step,
/// and the set of squares where the vaulted opponent balls end up (0 when none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub ring_from: u8,
    pub ring_to: u8,
    pub ball_from: u8,
    pub ball_to: u8,
    pub targets: u32,
}

impl Turn {
    /// The sort key: the order of the move texts (placements first, then ring moves;
    /// targets compared as sorted lists of names).
    fn key(&self) -> (u8, u8, u8, u8, u32) {
        let ring = if self.ring_from == SUPPLY {
            0
        } else {
            self.ring_from + 1
        };
        let targets = if self.targets == 0 {
            0
        } else {
            // Equal-sized sets, compared from their smallest square: the set whose
            // smallest differing square is smaller comes first.
            (FULL ^ (self.targets.reverse_bits() >> (32 - SQUARES))) + 1
        };
        (ring, self.ring_to, self.ball_from, self.ball_to, targets)
    }
}

impl Ord for Turn {
    fn cmp(&self, other: &Turn) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Turn {
    fn partial_cmp(&self, other: &Turn) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A possible ball step, before the ring step decides whether its target is an own ring.
#[derive(Clone, Copy, Default)]
struct Candidate {
    from: u8,
    to: u8,
    /// The squares of the opponent balls vaulted over.
    vaulted: u32,
}

/// The ball steps of one side, sorted by (from, to); at most 8 per ball.
struct Candidates {
    list: [Candidate; 24],
    n: usize,
}

impl Candidates {
    fn iter(&self) -> impl Iterator<Item = &Candidate> {
        self.list[..self.n].iter()
    }

    /// Some candidate is a legal ball step when `own` are the ball-free squares topped by
    /// an own ring and `free_opp` those topped by an opponent ring.
    fn any_valid(&self, own: u32, free_opp: u32) -> bool {
        self.iter()
            .any(|c| own & bit(c.to as usize) != 0 && (c.vaulted == 0 || free_opp != 0))
    }
}

/// A Mitsudomoe position: the stacks, the supplies, the side to move and the result.
#[derive(Clone, Debug)]
pub struct Mitsudomoe {
    /// Ring colours of each stack, bit i = ring i from the bottom (1 = black).
    rings: [u16; SQUARES],
    height: [u8; SQUARES],
    /// The squares whose top ring (under a ball or not) is white, black.
    top: [u32; 2],
    balls: [u32; 2],
    supply: [u8; 2],
    to_move: u8,
    winner: Option<u8>,
    hash: u64,
}

const NAMES: [&str; 2] = ["white", "black"];

fn ring_key(s: usize, level: usize, colour: usize) -> u64 {
    zobrist_key(1_000 + ((s * 16 + level) * 2 + colour) as u64)
}

fn ball_key(s: usize, colour: usize) -> u64 {
    zobrist_key(2_000 + (s * 2 + colour) as u64)
}

fn side_key() -> u64 {
    zobrist_key(3_000)
}

/// The start position, White to move.
pub fn start() -> Mitsudomoe {
    let (rings, height) = start_parts();
    Mitsudomoe::from_parts(rings, height, HOME, 0)
}

impl Mitsudomoe {
    /// A position from its stacks (checked by the caller: 3 balls of each colour, each on
    /// a ring of its colour, at most 8 rings of a colour); the result is judged from the board.
    pub(crate) fn from_parts(
        rings: [u16; SQUARES],
        height: [u8; SQUARES],
        balls: [u32; 2],
        to_move: usize,
    ) -> Mitsudomoe {
        let mut g = Mitsudomoe {
            rings,
            height,
            top: [0; 2],
            balls,
            supply: [RINGS; 2],
            to_move: to_move as u8,
            winner: None,
            hash: if to_move == 1 { side_key() } else { 0 },
        };
        for s in 0..SQUARES {
            let h = height[s] as usize;
            for level in 0..h {
                let c = (rings[s] >> level & 1) as usize;
                g.supply[c] = g.supply[c].saturating_sub(1);
                g.hash ^= ring_key(s, level, c);
            }
            if h > 0 {
                g.top[(rings[s] >> (h - 1) & 1) as usize] |= bit(s);
            }
            for (c, b) in balls.iter().enumerate() {
                if b & bit(s) != 0 {
                    g.hash ^= ball_key(s, c);
                }
            }
        }
        let is_start = to_move == 0 && {
            let s = start_parts();
            s.0 == rings && s.1 == height && balls == HOME
        };
        g.winner = if is_start { None } else { g.judge(1 - to_move) };
        g
    }

    /// The stack on a square: ring colours bottom to top (bit i, 1 = black), its height,
    /// and the colour of its ball.
    pub fn stack(&self, s: usize) -> (u16, u8, Option<usize>) {
        let ball = (0..2).find(|&c| self.balls[c] & bit(s) != 0);
        (self.rings[s], self.height[s], ball)
    }

    /// The rings left in each side's supply.
    pub fn supply(&self) -> [u8; 2] {
        self.supply
    }

    fn all_balls(&self) -> u32 {
        self.balls[0] | self.balls[1]
    }

    /// The colour of the top ring of a square (under a ball or not).
    fn top_colour(&self, s: usize) -> Option<usize> {
        let h = self.height[s] as usize;
        (h > 0).then(|| (self.rings[s] >> (h - 1) & 1) as usize)
    }

    fn push_ring(&mut self, s: usize, c: usize) {
        let h = self.height[s] as usize;
        if h >= 16 {
            return;
        }
        self.rings[s] = self.rings[s] & !(1 << h) | (c as u16) << h;
        self.height[s] += 1;
        self.top[1 - c] &= !bit(s);
        self.top[c] |= bit(s);
        self.hash ^= ring_key(s, h, c);
    }

    fn pop_ring(&mut self, s: usize) {
        let h = self.height[s] as usize;
        if h == 0 {
            return;
        }
        let c = (self.rings[s] >> (h - 1) & 1) as usize;
        self.rings[s] &= !(1 << (h - 1));
        self.height[s] -= 1;
        self.top[c] &= !bit(s);
        if h > 1 {
            self.top[(self.rings[s] >> (h - 2) & 1) as usize] |= bit(s);
        }
        self.hash ^= ring_key(s, h - 1, c);
    }

    /// The ball steps of `side` that exist whatever its ring step (the ring step decides
    /// only whether the target is topped by an own ring, and which squares the vaulted
    /// balls may go to): steps to adjacent ball-free squares, and vaults over a line of
    /// balls holding no opponent ball on an opponent goal square.
    fn candidates(&self, side: usize) -> Candidates {
        let opp = 1 - side;
        let all = self.all_balls();
        let mut c = Candidates {
            list: [Candidate::default(); 24],
            n: 0,
        };
        let mut movable = self.balls[side] & !GOAL[side];
        while movable != 0 {
            let b = movable.trailing_zeros() as usize;
            movable &= movable - 1;
            for ray in &T.ray[b] {
                let mut vaulted = 0;
                for &q in ray {
                    if q == NONE {
                        break;
                    }
                    let m = bit(q as usize);
                    if all & m == 0 {
                        c.list[c.n] = Candidate {
                            from: b as u8,
                            to: q,
                            vaulted,
                        };
                        c.n += 1;
                        break;
                    }
                    if self.balls[opp] & m != 0 {
                        if GOAL[opp] & m != 0 {
                            break;
                        }
                        vaulted |= m;
                    }
                }
            }
        }
        // sort by (from, to): a handful of entries, from already ascending
        for i in 1..c.n {
            let mut j = i;
            while j > 0 && (c.list[j - 1].from, c.list[j - 1].to) > (c.list[j].from, c.list[j].to) {
                c.list.swap(j - 1, j);
                j -= 1;
            }
        }
        c
    }

    /// After lifting `side`'s exposed ring from `a`: the ball-free squares topped by an own
    /// ring and by an opponent ring, from those before (`own`, `opp`).
    fn after_lift(&self, side: usize, a: usize, own: u32, opp: u32) -> (u32, u32) {
        let h = self.height[a] as usize;
        let (mut own, mut opp) = (own & !bit(a), opp);
        if h >= 2 {
            if (self.rings[a] >> (h - 2) & 1) as usize == side {
                own |= bit(a);
            } else {
                opp |= bit(a);
            }
        }
        (own, opp)
    }

    /// Whether `side` has a complete legal turn: a ring step after which some ball step is legal.
    fn has_turn(&self, side: usize) -> bool {
        let movable = self.balls[side] & !GOAL[side];
        if movable == 0 {
            return false;
        }
        let free = FULL & !self.all_balls();
        if self.supply[side] > 0 {
            // a ring placed next to a movable ball, which then steps onto it
            let mut m = movable;
            while m != 0 {
                let b = m.trailing_zeros() as usize;
                m &= m - 1;
                if T.adj[b] & free != 0 {
                    return true;
                }
            }
        }
        let cands = self.candidates(side);
        if cands.n == 0 {
            return false;
        }
        let own0 = self.top[side] & free;
        let opp0 = self.top[1 - side] & free;
        if self.supply[side] > 0 {
            let mut it = free;
            while it != 0 {
                let m = bit(it.trailing_zeros() as usize);
                it &= it - 1;
                if cands.any_valid(own0 | m, opp0 & !m) {
                    return true;
                }
            }
        }
        let mut exposed = own0;
        while exposed != 0 {
            let a = exposed.trailing_zeros() as usize;
            exposed &= exposed - 1;
            let (own, opp) = self.after_lift(side, a, own0, opp0);
            let mut it = free & !bit(a);
            while it != 0 {
                let m = bit(it.trailing_zeros() as usize);
                it &= it - 1;
                if cands.any_valid(own | m, opp & !m) {
                    return true;
                }
            }
        }
        false
    }

    /// The end-of-turn checks for `p`, who just moved (rules §4, in order): the winner, if any.
    fn judge(&self, p: usize) -> Option<u8> {
        let q = 1 - p;
        if self.balls[p] & !GOAL[p] == 0 {
            Some(p as u8)
        } else if HOME[p] & !self.all_balls() == 0 {
            Some(q as u8)
        } else if !self.has_turn(q) {
            Some(p as u8)
        } else {
            None
        }
    }
}

/// The stacks of the start position.
fn start_parts() -> ([u16; SQUARES], [u8; SQUARES]) {
    let mut rings = [0u16; SQUARES];
    let mut height = [0u8; SQUARES];
    for (colour, home) in HOME.iter().enumerate() {
        for s in 0..SQUARES {
            if home & bit(s) != 0 {
                rings[s] = colour as u16;
                height[s] = 1;
            }
        }
    }
    (rings, height)
}

/// Appends the turns of one ring step: each candidate whose target is in `own`, with
/// each set of relocation targets when it vaults opponent balls (`opp` = the ball-free
/// squares topped by an opponent ring after the ring step).
fn emit(buf: &mut Vec<Turn>, cands: &Candidates, ring_from: u8, ring_to: u8, own: u32, opp: u32) {
    for c in cands.iter() {
        if own & bit(c.to as usize) == 0 {
            continue;
        }
        let turn = Turn {
            ring_from,
            ring_to,
            ball_from: c.from,
            ball_to: c.to,
            targets: 0,
        };
        if c.vaulted == 0 {
            buf.push(turn);
        } else if opp != 0 {
            push_relocations(buf, turn, c.vaulted, opp);
        }
    }
}

/// Appends `turn` with each relocation outcome: every set of |vaulted| squares out of
/// `vaulted` and `free` except `vaulted` itself, in the order of their sorted names.
fn push_relocations(buf: &mut Vec<Turn>, turn: Turn, vaulted: u32, free: u32) {
    let mut sq = [0u32; SQUARES];
    let mut n = 0;
    let mut u = vaulted | free;
    while u != 0 {
        sq[n] = bit(u.trailing_zeros() as usize);
        u &= u - 1;
        n += 1;
    }
    let mut push = |targets: u32| {
        if targets != vaulted {
            buf.push(Turn { targets, ..turn });
        }
    };
    match vaulted.count_ones() {
        1 => (0..n).for_each(|i| push(sq[i])),
        2 => {
            for i in 0..n {
                for j in i + 1..n {
                    push(sq[i] | sq[j]);
                }
            }
        }
        _ => {
            for i in 0..n {
                for j in i + 1..n {
                    for l in j + 1..n {
                        push(sq[i] | sq[j] | sq[l]);
                    }
                }
            }
        }
    }
}

impl Game for Mitsudomoe {
    type Move = Turn;

    fn player_names(&self) -> [&str; 2] {
        NAMES
    }

    fn to_move(&self) -> usize {
        self.to_move as usize
    }

    fn legal_moves(&self, buf: &mut Vec<Turn>) {
        buf.clear();
        if self.winner.is_some() {
            return;
        }
        let side = self.to_move as usize;
        let cands = self.candidates(side);
        if cands.n == 0 {
            return;
        }
        let free = FULL & !self.all_balls();
        let own0 = self.top[side] & free;
        let opp0 = self.top[1 - side] & free;
        if self.supply[side] > 0 {
            let mut it = free;
            while it != 0 {
                let s = it.trailing_zeros() as usize;
                it &= it - 1;
                emit(buf, &cands, SUPPLY, s as u8, own0 | bit(s), opp0 & !bit(s));
            }
        }
        let mut exposed = own0;
        while exposed != 0 {
            let a = exposed.trailing_zeros() as usize;
            exposed &= exposed - 1;
            let (own, opp) = self.after_lift(side, a, own0, opp0);
            let mut it = free & !bit(a);
            while it != 0 {
                let s = it.trailing_zeros() as usize;
                it &= it - 1;
                emit(buf, &cands, a as u8, s as u8, own | bit(s), opp & !bit(s));
            }
        }
    }

    fn play(&mut self, mv: Turn) {
        let side = self.to_move as usize;
        let opp = 1 - side;
        if mv.ring_from == SUPPLY {
            self.supply[side] = self.supply[side].saturating_sub(1);
        } else {
            self.pop_ring(mv.ring_from as usize % SQUARES);
        }
        self.push_ring(mv.ring_to as usize % SQUARES, side);
        let (from, to) = (
            mv.ball_from as usize % SQUARES,
            mv.ball_to as usize % SQUARES,
        );
        self.balls[side] = self.balls[side] & !bit(from) | bit(to);
        self.hash ^= ball_key(from, side) ^ ball_key(to, side);
        if mv.targets != 0 {
            let vaulted = T.between[from][to] & self.balls[opp];
            self.balls[opp] = self.balls[opp] & !vaulted | mv.targets;
            let mut changed = vaulted ^ mv.targets;
            while changed != 0 {
                self.hash ^= ball_key(changed.trailing_zeros() as usize, opp);
                changed &= changed - 1;
            }
        }
        self.to_move = opp as u8;
        self.hash ^= side_key();
        self.winner = self.judge(side);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|w| Outcome::Win(w as usize))
    }

    /// 10000 / -10000 for a finished game; else
    /// `10 * (D(opp) - D(p)) + 5 * (G(p) - G(opp)) + S(p) - S(opp)`, where D sums the
    /// king-move distances of a side's balls to its nearest goal square, G counts its
    /// balls on goal squares and S the rings in its supply (as rules/mitsudomoe.pl).
    fn evaluate(&self, player: usize) -> i32 {
        if let Some(score) = decided_score(self.winner.map(usize::from), player) {
            return score;
        }
        let p = player & 1;
        let q = 1 - p;
        let dist = |c: usize| {
            let mut d = 0;
            let mut b = self.balls[c];
            while b != 0 {
                d += T.dist[c][b.trailing_zeros() as usize];
                b &= b - 1;
            }
            d
        };
        let on_goal = |c: usize| (self.balls[c] & GOAL[c]).count_ones() as i32;
        10 * (dist(q) - dist(p)) + 5 * (on_goal(p) - on_goal(q)) + i32::from(self.supply[p])
            - i32::from(self.supply[q])
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn position_text(&self) -> String {
        notation::position_text(self)
    }

    fn parse_position(&self, text: &str) -> Result<Mitsudomoe, EngineError> {
        Ok(notation::parse_position(text)?)
    }

    fn set_to_move(&self, player: usize) -> Result<Mitsudomoe, EngineError> {
        if let Some(w) = self.winner {
            return Err(EngineError::Position(PositionError::no_setup(format!(
                "the game is over: {} has won",
                NAMES[usize::from(w)]
            ))));
        }
        // the end-of-turn checks are made again, for the side that did not move
        Ok(Mitsudomoe::from_parts(
            self.rings,
            self.height,
            self.balls,
            player,
        ))
    }

    fn move_text(&self, mv: Turn) -> String {
        notation::move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Turn, EngineError> {
        explain::parse_move(self, text)
    }
}
