//! Before the random games: every line from the start compared in lockstep,
//! breadth-first, one whole depth at a time while the positions fit a budget, so that
//! a mismatch a few moves deep is found, and found at its shortest.

use super::mismatch::Mismatch;
use super::progress::Progress;
use super::step::{compare_position, compare_refusal, refusal_candidate, Step};
use crate::game::{Engine, EngineError, Pos};
use std::rc::Rc;

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

/// One position of the sweep's frontier: the moves from the start, and the text and
/// legal moves of the position before it (shared by its siblings).  It holds no position in
/// the engines: a frontier of half a million lines would hold a million positions,
/// past the memory limit; each is played again from the start when it is compared.
struct Node {
    moves: Vec<String>,
    parent: Rc<String>,
    before: Rc<Vec<String>>,
}

/// The positions node `n`'s moves reach from the starts, played in both engines
/// (the moves before its last were played so at the depth before); `Err` is the
/// mismatch of a move that one engine plays and the other refuses.
fn reach(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    (start_a, start_b): (Pos, Pos),
    n: &Node,
) -> Result<Result<(Pos, Pos), Mismatch>, EngineError> {
    let moves = &n.moves;
    let (mut pa, mut pb) = (a.copy(start_a)?, b.copy(start_b)?);
    for (i, mv) in moves.iter().enumerate() {
        // a mismatch is shown at the position the move was played on
        let position = if i + 1 == moves.len() {
            n.parent.as_str()
        } else {
            ""
        };
        let next = super::step::play_both(a, b, (pa, pb), position, mv, &moves[..i]);
        a.release(pa);
        b.release(pb);
        match next {
            Ok((na, nb)) => (pa, pb) = (na, nb),
            Err(m) => return Ok(Err(*m)),
        }
    }
    Ok(Ok((pa, pb)))
}

/// Compares every line from `start` breadth-first: depth 0, 1, 2, … each whole, the
/// next only while its positions fit in what is left of `budget`.  The first mismatch
/// found is on a shortest line that shows one.
pub(super) fn sweep(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    start: (Pos, Pos),
    budget: usize,
    progress: &Progress,
) -> Result<Swept, EngineError> {
    let mut s = Swept::default();
    if budget == 0 {
        return Ok(s);
    }
    let mut level = vec![Node {
        moves: vec![],
        parent: Rc::new(String::new()),
        before: Rc::new(vec![]),
    }];
    loop {
        let mut next: Vec<Node> = Vec::new();
        for n in &level {
            s.positions += 1;
            progress.swept(s.positions, s.depth, budget);
            let (pa, pb) = match reach(a, b, start, n)? {
                Ok(both) => both,
                Err(m) => {
                    s.mismatch = Some(m);
                    return Ok(s);
                }
            };
            let found = compare_here(a, b, (pa, pb), n, &mut s);
            a.release(pa);
            b.release(pb);
            match found {
                Err(m) => {
                    s.mismatch = Some(m);
                    return Ok(s);
                }
                Ok((position, legal)) if !legal.is_empty() => {
                    let (parent, legal) = (Rc::new(position), Rc::new(legal));
                    for mv in legal.iter() {
                        let mut moves = n.moves.clone();
                        moves.push(mv.clone());
                        next.push(Node {
                            moves,
                            parent: Rc::clone(&parent),
                            before: Rc::clone(&legal),
                        });
                    }
                }
                Ok(_) => {}
            }
        }
        if next.is_empty() || s.positions + next.len() > budget {
            return Ok(s);
        }
        s.depth += 1;
        level = next;
    }
}

/// Compares the position of node `n` (and the refusal of a move it took away); its
/// text and legal moves, or the mismatch.
fn compare_here(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    (pa, pb): (Pos, Pos),
    n: &Node,
    s: &mut Swept,
) -> Result<(String, Vec<String>), Mismatch> {
    let (position, legal) = match compare_position(a, b, pa, pb, &n.moves) {
        Step::Agree { position, legal } => (position, legal),
        Step::Differ(m) => return Err(*m),
    };
    s.moves_compared += legal.len();
    if let Some(mv) = refusal_candidate(&n.before, &legal, n.moves.len()) {
        s.refusals_compared += 1;
        compare_refusal(a, b, (pa, pb), &position, &mv, &n.moves).map_err(|m| *m)?;
    }
    Ok((position, legal))
}

#[cfg(test)]
mod tests {
    use super::super::test_lines::Lines;
    use super::*;

    /// Three moves a side, any order, four plies long.
    fn plies(line: &[String]) -> (Vec<String>, Option<String>) {
        if line.len() < 4 {
            let legal = ["a", "b", "c"].iter().map(|m| format!("{m}{}", line.len()));
            (legal.collect(), None)
        } else {
            (Vec::new(), Some("draw".to_string()))
        }
    }

    #[test]
    fn a_sweep_holds_a_line_at_a_time_not_a_frontier() {
        let (mut a, mut b) = (Lines::new(plies), Lines::new(plies));
        let (sa, sb) = (a.initial().unwrap(), b.initial().unwrap());
        let s = sweep(&mut a, &mut b, (sa, sb), 1000, &Progress::new(0, false)).unwrap();
        // 1 + 3 + 9 + 27 + 81 positions: every line to its end
        assert_eq!((s.positions, s.depth), (121, 4));
        assert!(s.mismatch.is_none());
        // the start, a copy and the positions along one line (and a refusal tried)
        // at most; a frontier of 81 was held before
        assert!(a.most <= 4, "{} positions held at once", a.most);
        assert_eq!((a.held(), b.held()), (1, 1));
    }
}
