//! Reading a turn in a position, and why a Mitsudomoe turn is illegal, in words: the
//! same reasons, in the same order, as explain_illegal/3 of rules/mitsudomoe.pl.

use super::geometry::T;
use super::notation::{read_move, square_name, RingStep, Written};
use super::{bit, Mitsudomoe, Turn, FULL, GOAL, NAMES, SUPPLY};
use crate::game::{EngineError, Game, Outcome};

/// The reason a written turn is not legal in `g` (a game still going on).
pub(crate) fn why_illegal(g: &Mitsudomoe, w: &Written) -> String {
    let p = g.to_move as usize;
    let q = 1 - p;
    let (pn, qn) = (NAMES[p], NAMES[q]);
    let all = g.all_balls();
    let holds_ball = |s: usize| {
        format!(
            "{} holds a ball: a ring goes only on a square without one",
            square_name(s)
        )
    };
    let mut after = g.clone();
    match w.ring {
        RingStep::Place(s) => {
            if g.supply[p] == 0 {
                return format!("{pn} has no ring left in its supply");
            }
            if all & bit(s) != 0 {
                return holds_ball(s);
            }
            after.push_ring(s, p);
        }
        RingStep::Shift(a, b) => {
            if all & bit(a) != 0 {
                return format!(
                    "the rings on {} are not exposed: a ball lies on them",
                    square_name(a)
                );
            }
            match g.top_colour(a) {
                None => return format!("{} has no ring", square_name(a)),
                Some(c) if c != p => {
                    return format!(
                        "the top ring on {} is {}, not {pn}",
                        square_name(a),
                        NAMES[c]
                    )
                }
                Some(_) => {}
            }
            if a == b {
                return "a ring must move to another square".into();
            }
            if all & bit(b) != 0 {
                return holds_ball(b);
            }
            after.pop_ring(a);
            after.push_ring(b, p);
        }
    }
    let (from, to) = (w.from, w.to);
    if after.balls[p] & bit(from) == 0 {
        return format!("no {pn} ball on {}", square_name(from));
    }
    if GOAL[p] & bit(from) != 0 {
        return format!(
            "the {pn} ball on {} stands on its goal square and never moves again",
            square_name(from)
        );
    }
    let line = T.ray[from].iter().find_map(|ray| {
        ray.iter()
            .position(|&s| s as usize == to)
            .map(|k| (ray, k + 1))
    });
    let Some((ray, t)) = line else {
        return format!(
            "{}-{} is neither a step nor a vault: the squares are not on one line",
            square_name(from),
            square_name(to)
        );
    };
    let inside = &ray[..t - 1];
    if t == 1 && all & bit(to) != 0 {
        return format!("{} holds a ball", square_name(to));
    }
    if let Some(&gap) = inside.iter().find(|&&s| all & bit(s as usize) == 0) {
        return format!(
            "a vault jumps a line of balls without a gap: {} holds no ball",
            square_name(gap as usize)
        );
    }
    if t > 1 && all & bit(to) != 0 {
        return format!(
            "the line of balls goes on past {}: a vault lands on the first square after the line",
            square_name(to)
        );
    }
    if let Some(&s) = inside
        .iter()
        .find(|&&s| g.balls[q] & GOAL[q] & bit(s as usize) != 0)
    {
        return format!(
            "the {qn} ball on {} stands on its goal square and cannot be vaulted over",
            square_name(s as usize)
        );
    }
    if after.top_colour(to) != Some(p) {
        return if t == 1 {
            format!("{} is not topped by a {pn} ring", square_name(to))
        } else {
            format!(
                "the landing square {} is not topped by a {pn} ring",
                square_name(to)
            )
        };
    }
    let vaulted = T.between[from][to] & g.balls[q];
    if vaulted == 0 {
        if !w.targets.is_empty() {
            return format!(
                "{}-{} vaults over no {qn} ball: nothing to relocate",
                square_name(from),
                square_name(to)
            );
        }
    } else {
        // the squares free for a relocated ball once the ball has landed
        let landed = all & !bit(from) | bit(to);
        let free = after.top[q] & FULL & !landed;
        let k = vaulted.count_ones() as usize;
        let mask = w.targets.iter().fold(0u32, |m, &s| m | bit(s));
        if free == 0 {
            return format!(
                "no ball-free square is topped by a {qn} ring: the vaulted {qn} balls cannot be relocated, so the vault is illegal"
            );
        }
        if w.targets.is_empty() {
            return format!(
                "the vaulted {qn} balls must be relocated: name their target squares after ';'"
            );
        }
        if !w.targets.windows(2).all(|p| p[0] < p[1]) {
            return "the targets must be listed sorted by name, each once".into();
        }
        if w.targets.len() != k {
            return format!("name exactly {k} target squares, one for each vaulted {qn} ball");
        }
        if let Some(&s) = w.targets.iter().find(|&&s| (vaulted | free) & bit(s) == 0) {
            return format!(
                "a relocated {qn} ball cannot go to {}: it needs a square without a ball topped by a {qn} ring",
                square_name(s)
            );
        }
        if mask == vaulted {
            return "every vaulted ball must move: the targets cannot be the squares they stand on"
                .into();
        }
    }
    format!("{} is not legal here", w.text())
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
        return Err(EngineError::Illegal(format!(
            "the game is over: {} has won",
            NAMES[x]
        )));
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
    Err(EngineError::Illegal(why_illegal(g, &w)))
}
