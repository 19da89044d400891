//! Before the random games: every line from the start compared in lockstep,
//! breadth-first, one whole depth at a time while the positions fit a budget, so that
//! a mismatch a few moves deep is found, and found at its shortest.

use super::mismatch::Mismatch;
use super::step::{compare_position, compare_refusal, refusal_candidate, Step};
use crate::game::{Engine, EngineError, Pos};

/// What a sweep compared and found.
#[derive(Clone, Debug, Default)]
pub(super) struct Swept {
    pub positions: usize,
    pub moves_compared: usize,
    pub refusals_compared: usize,
    /// Every line to this depth was compared.
    pub depth: usize,
    pub mismatch: Option<Mismatch>,
}

/// One position of the sweep's frontier: both engines' handles, the moves from the
/// start, and the legal moves of the position before it.
struct Node {
    a: Pos,
    b: Pos,
    moves: Vec<String>,
    before: Vec<String>,
}

fn release(a: &mut dyn Engine, b: &mut dyn Engine, nodes: Vec<Node>) {
    for n in nodes {
        a.release(n.a);
        b.release(n.b);
    }
}

/// Compares every line from `start` breadth-first: depth 0, 1, 2, … each whole, the
/// next only while its positions fit in what is left of `budget`.  The first mismatch
/// found is on a shortest line that shows one.
pub(super) fn sweep(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    (start_a, start_b): (Pos, Pos),
    budget: usize,
) -> Result<Swept, EngineError> {
    let mut s = Swept::default();
    if budget == 0 {
        return Ok(s);
    }
    let mut level = vec![Node {
        a: a.copy(start_a)?,
        b: b.copy(start_b)?,
        moves: vec![],
        before: vec![],
    }];
    loop {
        let mut expand: Vec<(usize, Vec<String>, String)> = Vec::new();
        for (i, n) in level.iter().enumerate() {
            s.positions += 1;
            let (position, legal) = match compare_position(a, b, n.a, n.b, &n.moves) {
                Step::Agree { position, legal } => (position, legal),
                Step::Differ(m) => {
                    s.mismatch = Some(*m);
                    break;
                }
            };
            s.moves_compared += legal.len();
            if let Some(mv) = refusal_candidate(&n.before, &legal, n.moves.len()) {
                s.refusals_compared += 1;
                if let Err(m) = compare_refusal(a, b, (n.a, n.b), &position, &mv, &n.moves) {
                    s.mismatch = Some(*m);
                    break;
                }
            }
            if !legal.is_empty() {
                expand.push((i, legal, position));
            }
        }
        let children: usize = expand.iter().map(|(_, l, _)| l.len()).sum();
        if s.mismatch.is_some() || children == 0 || s.positions + children > budget {
            release(a, b, level);
            return Ok(s);
        }
        s.depth += 1;
        let mut next = Vec::with_capacity(children);
        for (i, legal, position) in expand {
            let n = &level[i];
            for mv in &legal {
                match super::step::play_both(a, b, (n.a, n.b), &position, mv, &n.moves) {
                    Ok((na, nb)) => {
                        let mut moves = n.moves.clone();
                        moves.push(mv.clone());
                        next.push(Node {
                            a: na,
                            b: nb,
                            moves,
                            before: legal.clone(),
                        });
                    }
                    Err(m) => {
                        s.mismatch = Some(*m);
                        release(a, b, next);
                        release(a, b, level);
                        return Ok(s);
                    }
                }
            }
        }
        release(a, b, std::mem::replace(&mut level, next));
    }
}
