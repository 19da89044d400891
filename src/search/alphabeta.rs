//! Negamax alpha-beta over any `Game`: iterative deepening, a transposition table,
//! move ordering (TT move, killers, history, static evaluation near the root),
//! depth/time/node limits, principal variation, and proven win/loss scores.

use crate::game::{Game, Limits, Outcome, PROVEN, WIN};
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The best move (none when the game is over or has no moves).
    pub best: Option<M>,
    /// The score from the mover's point of view (`WIN - n`: a win in n plies).
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// The principal variation, starting with `best`.
    pub pv: Vec<M>,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl<M> SearchResult<M> {
    /// "win in N" / "loss in N" when the score is proven.
    pub fn verdict(&self) -> Option<String> {
        crate::game::verdict(self.score)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<M>,
}

/// A reusable searcher (its table and move-ordering memory persist between searches).
pub struct Searcher<G: Game> {
    table: Vec<Option<Entry<G::Move>>>,
    use_table: bool,
    killers: Vec<[Option<G::Move>; 2]>,
    history: FxHashMap<G::Move, u32>,
    buffers: Vec<Vec<G::Move>>,
    /// Positions to play children in, one per ply being searched, refreshed
    /// with `clone_from` (a game copies into the tables it has, with no allocation).
    spare: Vec<G>,
    nodes: u64,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
}

/// Moves from a finished game's root: none.
fn terminal_score(outcome: Outcome, to_move: usize, ply: u32) -> i32 {
    match outcome {
        Outcome::Win(p) if p == to_move => WIN - ply as i32,
        Outcome::Win(_) => -(WIN - ply as i32),
        Outcome::Draw => 0,
    }
}

/// A mate score as stored in the table: relative to the node, not the root.
fn to_table(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score + ply as i32
    } else if score < -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score - ply as i32
    } else if score < -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

impl<G: Game> Default for Searcher<G> {
    fn default() -> Self {
        Self::new(1 << 18)
    }
}

impl<G: Game> Searcher<G> {
    /// A searcher with a transposition table of `entries` slots (0: no table).
    pub fn new(entries: usize) -> Self {
        Searcher {
            table: vec![None; entries],
            use_table: entries > 0,
            killers: Vec::new(),
            history: FxHashMap::default(),
            buffers: Vec::new(),
            spare: Vec::new(),
            nodes: 0,
            deadline: None,
            node_limit: None,
            stopped: false,
        }
    }

    /// Searches `game` by iterative deepening within `limits`.
    pub fn search(&mut self, game: &G, limits: Limits) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.deadline = limits.time.map(|t| start + t);
        self.node_limit = limits.nodes;
        let max_depth =
            limits
                .depth
                .unwrap_or(if limits.time.is_some() || limits.nodes.is_some() {
                    128
                } else {
                    4
                });
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            pv: Vec::new(),
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if let Some(o) = game.outcome() {
            result.score = terminal_score(o, game.to_move(), 0);
            return result;
        }
        for depth in 1..=max_depth {
            let score = self.negamax(game, depth, -WIN - 1, WIN + 1, 0);
            if self.stopped && depth > 1 {
                break;
            }
            result.score = score;
            result.depth = depth;
            result.pv = self.principal_variation(game, depth);
            result.best = result.pv.first().copied();
            if result.best.is_none() {
                // no table: take the first legal move so a move is always given
                let mut moves = Vec::new();
                game.legal_moves(&mut moves);
                result.best = moves.first().copied();
            }
            if self.stopped || score.abs() > PROVEN {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        result
    }

    fn principal_variation(&self, game: &G, depth: u32) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut g = game.clone();
        let mut moves = Vec::new();
        for _ in 0..depth {
            let Some(entry) = self.probe(g.hash()) else {
                break;
            };
            let Some(m) = entry.best else { break };
            g.legal_moves(&mut moves);
            if !moves.contains(&m) {
                break;
            }
            pv.push(m);
            g.play(m);
        }
        pv
    }

    fn probe(&self, key: u64) -> Option<Entry<G::Move>> {
        if !self.use_table {
            return None;
        }
        let slot = (key as usize) % self.table.len();
        self.table[slot].filter(|e| e.key == key)
    }

    fn store(&mut self, entry: Entry<G::Move>) {
        if self.use_table {
            let slot = (entry.key as usize) % self.table.len();
            self.table[slot] = Some(entry);
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes & 1023 == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
        }
        if let Some(n) = self.node_limit {
            if self.nodes >= n {
                self.stopped = true;
            }
        }
        self.stopped
    }

    fn negamax(&mut self, g: &G, depth: u32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        self.nodes += 1;
        if ply > 0 && self.out_of_budget() {
            return 0;
        }
        if let Some(o) = g.outcome() {
            return terminal_score(o, g.to_move(), ply);
        }
        if depth == 0 {
            return g.evaluate(g.to_move());
        }
        let key = g.hash();
        let mut tt_move = None;
        if let Some(e) = self.probe(key) {
            tt_move = e.best;
            if e.depth >= depth && ply > 0 {
                let s = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut moves = self.buffers.pop().unwrap_or_default();
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            self.buffers.push(moves);
            return 0;
        }
        self.order(g, &mut moves, tt_move, depth, ply);
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_move = None;
        let mut child = self.spare.pop().unwrap_or_else(|| g.clone());
        for (k, &m) in moves.iter().enumerate() {
            child.clone_from(g);
            child.play(m);
            // principal variation search: the first move with the full window, the
            // others with a null window, searched again only when they beat alpha
            let score = if k == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let probe = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            if self.stopped && ply > 0 {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.remember_cutoff(m, depth, ply);
                break;
            }
        }
        self.spare.push(child);
        self.buffers.push(moves);
        if !self.stopped || ply == 0 {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.store(Entry {
                key,
                depth,
                score: to_table(best, ply),
                bound,
                best: best_move,
            });
        }
        best
    }

    fn remember_cutoff(&mut self, m: G::Move, depth: u32, ply: u32) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        *self.history.entry(m).or_insert(0) += depth * depth;
    }

    /// TT move first, then killers, then (near the root) by static evaluation, else by history.
    fn order(
        &mut self,
        g: &G,
        moves: &mut [G::Move],
        tt_move: Option<G::Move>,
        depth: u32,
        ply: u32,
    ) {
        let killers = self
            .killers
            .get(ply as usize)
            .copied()
            .unwrap_or([None, None]);
        let me = g.to_move();
        let by_eval = depth >= 4;
        let mut child = self.spare.pop().unwrap_or_else(|| g.clone());
        let mut keyed: Vec<(i64, G::Move)> = moves
            .iter()
            .map(|&m| {
                let key = if Some(m) == tt_move {
                    i64::MAX
                } else if Some(m) == killers[0] {
                    i64::MAX - 1
                } else if Some(m) == killers[1] {
                    i64::MAX - 2
                } else if by_eval {
                    child.clone_from(g);
                    child.play(m);
                    child.evaluate(me) as i64 * 1024
                        + *self.history.get(&m).unwrap_or(&0) as i64 % 1024
                } else {
                    *self.history.get(&m).unwrap_or(&0) as i64
                };
                (key, m)
            })
            .collect();
        self.spare.push(child);
        keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (slot, (_, m)) in moves.iter_mut().zip(keyed) {
            *slot = m;
        }
    }
}
