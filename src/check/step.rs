//! One step of a lockstep check: observe a position in both engines (asserting that
//! each engine's position text keeps the whole state), compare, and play a move in both.

use super::mismatch::Mismatch;
use crate::game::{Engine, EngineError, Pos, PositionInfo, PositionKind};
use std::collections::BTreeSet;

/// One position as both engines see it.
pub(super) enum Step {
    /// Both agree: the position's text, and its legal moves (sorted), empty once the
    /// game is over.
    Agree {
        position: String,
        legal: Vec<String>,
    },
    Differ(Box<Mismatch>),
}

fn set(moves: &[String]) -> BTreeSet<&str> {
    moves.iter().map(String::as_str).collect()
}

/// The fields in which two descriptions of one position differ.
fn differing_fields(a: &PositionInfo, b: &PositionInfo) -> Vec<&'static str> {
    let mut fields = Vec::new();
    if a.position != b.position {
        fields.push("position text");
    }
    if a.to_move != b.to_move {
        fields.push("side to move");
    }
    if a.outcome != b.outcome {
        fields.push("outcome");
    }
    if set(&a.legal) != set(&b.legal) {
        fields.push("legal moves");
    }
    fields
}

fn show_outcome(o: &Option<crate::game::Ending>) -> String {
    o.as_ref()
        .map_or_else(|| "none".to_string(), |e| e.to_string())
}

/// What an engine does with its own position text: the state it holds and the one
/// read back from its text must agree in every field (the lossless contract).
/// Also `ludolog lint`'s check of a rule file's position text.
pub fn round_trip(
    e: &mut dyn Engine,
    pos: Pos,
    info: &PositionInfo,
    moves: &[String],
) -> Result<(), Box<Mismatch>> {
    let label = e.label();
    let again = match e.reread(pos, &info.position) {
        Ok(d) => d,
        Err(err) => {
            // a position play reached, refused as one no game reaches, is a
            // contradiction of the engine's own: its play or its judge is wrong
            let why = match &err {
                EngineError::Position(p) if p.kind == PositionKind::Unreachable => format!(
                    "play reached this position, but it says no game reaches it: {}",
                    p.message
                ),
                _ => err.to_string(),
            };
            let mut m = Mismatch::new(
                moves,
                &info.position,
                format!("{label}: its own position text does not read back: {why}"),
            );
            m.lost = vec!["position text".to_string()];
            return Err(Box::new(m));
        }
    };
    let lost = differing_fields(info, &again);
    if lost.is_empty() {
        return Ok(());
    }
    let mut details = Vec::new();
    for field in &lost {
        details.push(match *field {
            "position text" => format!("reprinted as {:?}", again.position),
            "side to move" => format!(
                "side to move {} before, {} after",
                info.to_move, again.to_move
            ),
            "outcome" => format!(
                "outcome {} before, {} after",
                show_outcome(&info.outcome),
                show_outcome(&again.outcome)
            ),
            _ => format!(
                "{} legal moves before, {} after",
                info.legal.len(),
                again.legal.len()
            ),
        });
    }
    let mut m = Mismatch::new(
        moves,
        &info.position,
        format!(
            "{label}: the position text is lossy: reading it back loses the {} ({})",
            lost.join(", "),
            details.join("; ")
        ),
    );
    m.lost = lost.iter().map(|f| f.to_string()).collect();
    Err(Box::new(m))
}

/// A mismatch saying that an engine failed; an engine that stopped (crashed, hung,
/// broke the protocol) keeps the tail of its standard error apart, to be shown whole.
pub(super) fn failure(
    moves: &[String],
    position: &str,
    who: &str,
    e: &EngineError,
) -> Box<Mismatch> {
    match e {
        EngineError::Stopped { message, stderr } => {
            let mut m = Mismatch::new(moves, position, format!("{who}: {message}"));
            m.stderr = stderr.clone();
            Box::new(m)
        }
        _ => Box::new(Mismatch::new(moves, position, format!("{who} failed: {e}"))),
    }
}

/// One engine's description of a position, checked against its own text.
fn observe(e: &mut dyn Engine, pos: Pos, moves: &[String]) -> Result<PositionInfo, Box<Mismatch>> {
    let info = e
        .describe(pos)
        .map_err(|err| failure(moves, "", &e.label(), &err))?;
    if e.reads_positions() {
        round_trip(e, pos, &info, moves)?;
    }
    Ok(info)
}

/// Compares one position: each engine against its own text, then the two engines'
/// texts, sides to move, outcomes and sets of legal moves.
pub(super) fn compare_position(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    pos_a: Pos,
    pos_b: Pos,
    moves: &[String],
) -> Step {
    let ia = match observe(a, pos_a, moves) {
        Ok(i) => i,
        Err(m) => return Step::Differ(m),
    };
    let ib = match observe(b, pos_b, moves) {
        Ok(i) => i,
        Err(mut m) => {
            m.position = ia.position;
            return Step::Differ(m);
        }
    };
    // an engine that gives no position text is compared by its other answers
    let texts = !ia.position.is_empty() && !ib.position.is_empty();
    let mut what: Vec<String> = differing_fields(&ia, &ib)
        .into_iter()
        .filter(|f| texts || *f != "position text")
        .map(|f| match f {
            "position text" => format!(
                "position text differs: {:?} vs {:?}",
                ia.position, ib.position
            ),
            "side to move" => format!("side to move differs: {} vs {}", ia.to_move, ib.to_move),
            "outcome" => "outcome differs".to_string(),
            _ => "legal moves differ".to_string(),
        })
        .collect();
    for (info, label) in [(&ia, a.label()), (&ib, b.label())] {
        if let Some(m) = listed_twice(&info.legal) {
            what.push(format!(
                "{label} lists the move {} twice",
                crate::game::elide(m)
            ));
        }
    }
    if what.is_empty() {
        let mut legal = ia.legal;
        legal.sort();
        return Step::Agree {
            position: ia.position,
            legal,
        };
    }
    let (sa, sb) = (set(&ia.legal), set(&ib.legal));
    let mut m = Mismatch::new(moves, &ia.position, String::new());
    m.what = what;
    m.only_a = sa.difference(&sb).map(|s| s.to_string()).collect();
    m.only_b = sb.difference(&sa).map(|s| s.to_string()).collect();
    m.outcome_a = ia.outcome;
    m.outcome_b = ib.outcome;
    Step::Differ(Box::new(m))
}

/// Plays `mv` in both engines from the position whose text is `position`; gives the
/// two next positions (held), or the mismatch.  The next positions are compared by
/// the next `compare_position`, which prints their texts once.
pub(super) fn play_both(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    (pos_a, pos_b): (Pos, Pos),
    position: &str,
    mv: &str,
    moves: &[String],
) -> Result<(Pos, Pos), Box<Mismatch>> {
    let on = |mut m: Box<Mismatch>| {
        m.on_move = Some(mv.to_string());
        m
    };
    let na = a
        .play(pos_a, mv)
        .map_err(|e| on(failure(moves, position, &a.label(), &e)))?;
    let nb = match b.play(pos_b, mv) {
        Ok(nb) => nb,
        Err(e) => {
            a.release(na);
            return Err(on(failure(moves, position, &b.label(), &e)));
        }
    };
    Ok((na, nb))
}

/// The move whose refusal `check` compares at a position: one that was legal a ply
/// before and is not now (the move just played, or one it took away), picked by the
/// ply so that a replay of the same moves picks it again; `None` at the start.
pub(super) fn refusal_candidate(before: &[String], legal: &[String], ply: usize) -> Option<String> {
    let now = set(legal);
    let gone: Vec<&String> = before
        .iter()
        .filter(|m| !now.contains(m.as_str()))
        .collect();
    (!gone.is_empty()).then(|| gone[ply.wrapping_mul(7) % gone.len()].clone())
}

/// Plays a move both engines must refuse, at the position whose text is `position`:
/// both must refuse it, and for the same reason (the same term, `occupied(a1,red)`,
/// where both give one; else the same words).
pub(super) fn compare_refusal(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    (pos_a, pos_b): (Pos, Pos),
    position: &str,
    mv: &str,
    moves: &[String],
) -> Result<(), Box<Mismatch>> {
    let ra = a.play(pos_a, mv);
    let rb = b.play(pos_b, mv);
    // an engine that stopped on the move did not refuse it: that is a finding
    let stopped = [(&ra, a.label()), (&rb, b.label())]
        .into_iter()
        .find_map(|(r, label)| match r {
            Err(e @ EngineError::Stopped { .. }) => Some(failure(moves, position, &label, e)),
            _ => None,
        });
    if let Some(m) = stopped {
        if let Ok(p) = ra {
            a.release(p);
        }
        if let Ok(p) = rb {
            b.release(p);
        }
        return Err(m);
    }
    let why = |e: &mut dyn Engine, r: Result<Pos, EngineError>| match r {
        Ok(p) => {
            e.release(p);
            None
        }
        Err(err) => Some(err),
    };
    let (wa, wb) = (why(a, ra), why(b, rb));
    // an external engine words its refusals its own way: both refusing is agreement
    let words = a.reads_positions() && b.reads_positions();
    let what = match (&wa, &wb) {
        (Some(x), Some(y)) if same_reason(x, y) || !words => return Ok(()),
        (Some(x), Some(y)) => format!(
            "{mv} is refused for different reasons: {} says \"{x}\"{}, {} says \"{y}\"{}",
            a.label(),
            reason_of(x),
            b.label(),
            reason_of(y)
        ),
        (None, Some(y)) => format!(
            "{mv} is not listed, {} plays it, {} refuses it: {y}",
            a.label(),
            b.label()
        ),
        (Some(x), None) => format!(
            "{mv} is not listed, {} refuses it: {x}, {} plays it",
            a.label(),
            b.label()
        ),
        (None, None) => format!("{mv} is not listed, but both engines play it"),
    };
    Err(Box::new(Mismatch::new(moves, position, what)))
}

/// Whether two engines refused a move alike: two refusals for the same reason (the
/// same term where both give one, else the same words), or the same other error.
fn same_reason(x: &EngineError, y: &EngineError) -> bool {
    match (x, y) {
        (EngineError::Illegal(a), EngineError::Illegal(b)) => a.agrees(b),
        _ => x == y,
    }
}

/// ` (reason r)` after a refusal's words, where it has a reason term.
fn reason_of(e: &EngineError) -> String {
    match e {
        EngineError::Illegal(r) => r
            .reason
            .as_ref()
            .map_or(String::new(), |t| format!(" (reason {t})")),
        _ => String::new(),
    }
}

/// The first move a list names twice, if any.
fn listed_twice(moves: &[String]) -> Option<&String> {
    let mut seen = std::collections::HashSet::new();
    moves.iter().find(|m| !seen.insert(m.as_str()))
}
