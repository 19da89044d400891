//! Shrinking a mismatch: the shortest failing prefix, then drop moves while the
//! sequence stays legal in both engines and still fails.

use super::mismatch::Mismatch;
use super::step::{compare_position, compare_refusal, play_both, refusal_candidate, Step};
use crate::game::{Engine, Pos};

/// What replaying a move sequence in both engines shows.
enum Replay {
    /// The first disagreement on the way (its moves are the failing prefix).
    Fails(Box<Mismatch>),
    /// Both agree all along.
    Agrees,
    /// A move is not legal (in both engines alike): not a valid sequence.
    Invalid,
}

fn replay(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    start_a: Pos,
    start_b: Pos,
    moves: &[String],
) -> Replay {
    let (Ok(mut pos_a), Ok(mut pos_b)) = (a.copy(start_a), b.copy(start_b)) else {
        return Replay::Invalid;
    };
    let mut result = Replay::Agrees;
    let mut before: Vec<String> = Vec::new();
    for i in 0..=moves.len() {
        let (position, legal) = match compare_position(a, b, pos_a, pos_b, &moves[..i]) {
            Step::Agree { position, legal } => (position, legal),
            Step::Differ(m) => {
                result = Replay::Fails(m);
                break;
            }
        };
        if let Some(mv) = refusal_candidate(&before, &legal, i) {
            if let Err(m) = compare_refusal(a, b, (pos_a, pos_b), &position, &mv, &moves[..i]) {
                result = Replay::Fails(m);
                break;
            }
        }
        let Some(mv) = moves.get(i) else { break };
        if !legal.contains(mv) {
            result = Replay::Invalid;
            break;
        }
        match play_both(a, b, (pos_a, pos_b), &position, mv, &moves[..i]) {
            Ok((na, nb)) => {
                a.release(pos_a);
                b.release(pos_b);
                (pos_a, pos_b) = (na, nb);
                before = legal;
            }
            Err(m) => {
                result = Replay::Fails(m);
                break;
            }
        }
    }
    a.release(pos_a);
    b.release(pos_b);
    result
}

/// Shrinks a mismatch found on a random game to a short reproduction.
pub fn shrink(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    start_a: Pos,
    start_b: Pos,
    found: Mismatch,
) -> Mismatch {
    // the line shrunk is the moves and the move an engine failed on, if any
    let found = (found.line(), found);
    shrink_moves(
        found,
        |(line, _)| line,
        |candidate| match replay(a, b, start_a, start_b, candidate) {
            Replay::Fails(m) => Some((m.line(), *m)),
            _ => None,
        },
    )
    .1
}

/// Delta debugging over the moves of a failure: drops chunks of moves (halving their
/// size, starting over after each success) while what is left still fails.
/// `fails` replays a candidate sequence and gives the failure it shows, if any (its
/// moves may be a shorter prefix of the candidate).
pub fn shrink_moves<T>(
    found: T,
    moves: impl Fn(&T) -> &Vec<String>,
    mut fails: impl FnMut(&[String]) -> Option<T>,
) -> T {
    let mut best = found;
    let mut chunk = moves(&best).len().div_ceil(2).max(1);
    while !moves(&best).is_empty() {
        let mut improved = false;
        let mut at = 0;
        while at < moves(&best).len() {
            let mut candidate = moves(&best).clone();
            let end = (at + chunk).min(candidate.len());
            candidate.drain(at..end);
            if let Some(m) = fails(&candidate) {
                best = m;
                improved = true;
            } else {
                at += chunk;
            }
        }
        if !improved {
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
    }
    best
}
