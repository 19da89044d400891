//! Reading a turn in a position, and why a Mitsudomoe turn is illegal: the same
//! reasons, in the same order, as explain_illegal/3 of rules/mitsudomoe.pl (whose
//! refusal//1 words them).

use super::geometry::T;
use super::notation::{read_move, square_name, RingStep, Written};
use super::{bit, Mitsudomoe, Turn, FULL, GOAL, NAMES, SUPPLY};
use crate::game::{EngineError, Game, Outcome, Reason, Refusal};

/// The reason a written turn is not legal in `g` (a game still going on).
pub(crate) fn why_illegal(g: &Mitsudomoe, w: &Written) -> Reason {
    let p = g.to_move as usize;
    let q = 1 - p;
    let (pn, qn) = (Reason::atom(NAMES[p]), Reason::atom(NAMES[q]));
    let sq = |s: usize| Reason::atom(square_name(s));
    let r = |name: &str, args: Vec<Reason>| Reason::term(name, args);
    let all = g.all_balls();
    let mut after = g.clone();
    match w.ring {
        RingStep::Place(s) => {
            if g.supply[p] == 0 {
                return r("no_rings_left", vec![pn]);
            }
            if all & bit(s) != 0 {
                return r("holds_ball", vec![sq(s)]);
            }
            after.push_ring(s, p);
        }
        RingStep::Shift(a, b) => {
            if all & bit(a) != 0 {
                return r("rings_covered", vec![sq(a)]);
            }
            match g.top_colour(a) {
                None => return r("no_ring", vec![sq(a)]),
                Some(c) if c != p => {
                    return r("top_ring", vec![sq(a), Reason::atom(NAMES[c]), pn]);
                }
                Some(_) => {}
            }
            if a == b {
                return Reason::atom("ring_stays");
            }
            if all & bit(b) != 0 {
                return r("holds_ball", vec![sq(b)]);
            }
            after.pop_ring(a);
            after.push_ring(b, p);
        }
    }
    let (from, to) = (w.from, w.to);
    if after.balls[p] & bit(from) == 0 {
        return r("no_ball", vec![pn, sq(from)]);
    }
    if GOAL[p] & bit(from) != 0 {
        return r("home_ball", vec![pn, sq(from)]);
    }
    let line = T.ray[from].iter().find_map(|ray| {
        ray.iter()
            .position(|&s| s as usize == to)
            .map(|k| (ray, k + 1))
    });
    let Some((ray, t)) = line else {
        return r("not_in_line", vec![sq(from), sq(to)]);
    };
    let inside = &ray[..t - 1];
    if t == 1 && all & bit(to) != 0 {
        return r("step_onto_ball", vec![sq(to)]);
    }
    if let Some(&gap) = inside.iter().find(|&&s| all & bit(s as usize) == 0) {
        return r("vault_gap", vec![sq(gap as usize)]);
    }
    if t > 1 && all & bit(to) != 0 {
        return r("vault_past", vec![sq(to)]);
    }
    if let Some(&s) = inside
        .iter()
        .find(|&&s| g.balls[q] & GOAL[q] & bit(s as usize) != 0)
    {
        return r("shielded", vec![qn, sq(s as usize)]);
    }
    if after.top_colour(to) != Some(p) {
        let name = if t == 1 {
            "not_topped"
        } else {
            "landing_not_topped"
        };
        return r(name, vec![sq(to), pn]);
    }
    let vaulted = T.between[from][to] & g.balls[q];
    if vaulted == 0 {
        if !w.targets.is_empty() {
            return r("nothing_vaulted", vec![sq(from), sq(to), qn]);
        }
    } else {
        // the squares free for a relocated ball once the ball has landed
        let landed = all & !bit(from) | bit(to);
        let free = after.top[q] & FULL & !landed;
        let k = vaulted.count_ones();
        let mask = w.targets.iter().fold(0u32, |m, &s| m | bit(s));
        if free == 0 {
            return r("no_relocation", vec![qn]);
        }
        if w.targets.is_empty() {
            return r("targets_missing", vec![qn]);
        }
        if !w.targets.windows(2).all(|p| p[0] < p[1]) {
            return Reason::atom("targets_unsorted");
        }
        if w.targets.len() != k as usize {
            return r("targets_count", vec![Reason::int(k), qn]);
        }
        if let Some(&s) = w.targets.iter().find(|&&s| (vaulted | free) & bit(s) == 0) {
            return r("bad_target", vec![qn, sq(s)]);
        }
        if mask == vaulted {
            return Reason::atom("targets_unmoved");
        }
    }
    r("not_legal", vec![Reason::atom(w.text())])
}

/// Reads a move and checks that it is legal here; the error says why not.
pub fn parse_move(g: &Mitsudomoe, text: &str) -> Result<Turn, EngineError> {
    let t = text.trim();
    let w = read_move(t).ok_or_else(|| {
        EngineError::Move(format!(
            "\"{}\" is not a move like +c3/a1-a3 or d2>c3/a2-c4;b5,e2",
            crate::game::elide(t)
        ))
    })?;
    if let Some(Outcome::Win(x)) = g.outcome() {
        return Err(EngineError::from(Refusal::reason(Reason::term(
            "game_over",
            [Reason::atom(NAMES[x])],
        ))));
    }
    let (ring_from, ring_to) = match w.ring {
        RingStep::Place(s) => (SUPPLY, s as u8),
        RingStep::Shift(a, b) => (a as u8, b as u8),
    };
    let mv = Turn {
        ring_from,
        ring_to,
        ball_from: w.from as u8,
        ball_to: w.to as u8,
        targets: w.targets.iter().fold(0, |m, &s| m | 1 << s),
    };
    if w.targets.windows(2).all(|p| p[0] < p[1]) {
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        if legal.contains(&mv) {
            return Ok(mv);
        }
    }
    Err(EngineError::from(Refusal::reason(why_illegal(g, &w))))
}
