//! Shrinking a mismatch: the shortest failing prefix, then delta debugging over its
//! moves (chunks, single moves, pairs of moves), a line that a removal broke repaired
//! by substituting a legal move where it broke, while it still fails the same way.

use super::mismatch::Mismatch;
use super::step::{compare_position, compare_refusal, play_both, refusal_candidate, Step};
use crate::game::{Engine, Pos};

/// What replaying a move sequence in both engines shows.
enum Replay {
    /// The first disagreement on the way (its moves are the failing prefix).
    Fails(Box<Mismatch>),
    /// Both agree all along.
    Agrees,
    /// A move is not legal (in both engines alike): not a valid sequence; its index,
    /// and the moves legal there.
    Invalid(usize, Vec<String>),
    /// An engine could not copy a start position.
    Broken,
}

/// A position both engines were seen to agree on while replaying a line: the two
/// engines' positions, its text and its legal moves (sorted).
struct Seen {
    a: Pos,
    b: Pos,
    position: String,
    legal: Vec<String>,
}

/// A line replayed: its moves, and the known positions along it (`ids[k]`, an entry
/// of `Known::entries`, follows its first `k` moves).
#[derive(Default)]
struct Path {
    line: Vec<String>,
    ids: Vec<usize>,
}

/// The positions compared along two lines: the last line that failed (the one being
/// shrunk) and the last line tried besides it. A candidate line is replayed from the
/// longest known start it shares, so a replay costs its new moves: a line a removal
/// broke, tried again with another move where it broke, replays from there. (Keeping
/// the last nine lines tried besides, so that a repair of a repair finds its parent,
/// was slower on Replica's lossy-text shrink: 14–17 s against 10–12 s.)
#[derive(Default)]
struct Known {
    entries: Vec<Option<Seen>>,
    failed: Path,
    tried: Path,
}

impl Known {
    /// The known position to start `moves` at: (the entry, how many moves it follows),
    /// the longest common start of the two lines'.
    fn start(&self, moves: &[String]) -> Option<(usize, usize)> {
        [&self.failed, &self.tried]
            .into_iter()
            .filter(|p| !p.ids.is_empty())
            .map(|p| {
                let common = p.line.iter().zip(moves).take_while(|(x, y)| x == y).count();
                let k = common.min(p.ids.len() - 1);
                (p.ids[k], k)
            })
            .max_by_key(|&(_, k)| k)
    }

    fn seen(&self, id: usize) -> Option<&Seen> {
        self.entries.get(id).and_then(Option::as_ref)
    }

    /// The known path up to entry `id` after `k` moves (the ids of its positions).
    fn ids_to(&self, id: usize, k: usize) -> Vec<usize> {
        [&self.failed, &self.tried]
            .into_iter()
            .find(|p| p.ids.get(k) == Some(&id))
            .map_or_else(Vec::new, |p| p.ids[..=k].to_vec())
    }

    fn add(&mut self, seen: Seen) -> usize {
        self.entries.push(Some(seen));
        self.entries.len() - 1
    }

    /// Records a line replayed (as the one that failed, or as the last one tried) and
    /// releases the positions neither line holds any more.
    fn record(&mut self, a: &mut dyn Engine, b: &mut dyn Engine, path: Path, failed: bool) {
        if failed {
            self.failed = path;
            self.tried = Path::default();
        } else {
            self.tried = path;
        }
        let mut held = vec![false; self.entries.len()];
        for &id in self.failed.ids.iter().chain(&self.tried.ids) {
            held[id] = true;
        }
        for (id, slot) in self.entries.iter_mut().enumerate() {
            if !held[id] {
                if let Some(s) = slot.take() {
                    a.release(s.a);
                    b.release(s.b);
                }
            }
        }
    }

    /// Releases every position known.
    fn release_all(self, a: &mut dyn Engine, b: &mut dyn Engine) {
        for s in self.entries.into_iter().flatten() {
            a.release(s.a);
            b.release(s.b);
        }
    }
}

fn replay(
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    (start_a, start_b): (Pos, Pos),
    known: &mut Known,
    moves: &[String],
) -> Replay {
    let from = known.start(moves);
    // the position replayed from: a known one (compared already), or a copy of the start
    let (mut i, mut checked, mut before, (mut pos_a, mut pos_b), mut ids) =
        match from.and_then(|(id, k)| Some((known.seen(id)?, id, k))) {
            Some((s, id, k)) => {
                let ids = known.ids_to(id, k);
                let before = k
                    .checked_sub(1)
                    .and_then(|q| ids.get(q))
                    .and_then(|&q| known.seen(q))
                    .map(|q| q.legal.clone());
                let here = Some((s.position.clone(), s.legal.clone()));
                (k, here, before.unwrap_or_default(), (s.a, s.b), ids)
            }
            None => match (a.copy(start_a), b.copy(start_b)) {
                (Ok(x), Ok(y)) => (0, None, Vec::new(), (x, y), Vec::new()),
                (x, y) => {
                    if let Ok(p) = x {
                        a.release(p);
                    }
                    if let Ok(p) = y {
                        b.release(p);
                    }
                    return Replay::Broken;
                }
            },
        };
    // whether (pos_a, pos_b) are this replay's own, not yet compared
    let mut unowned = false;
    let result = loop {
        let (position, legal) = match checked.take() {
            Some(here) => here,
            None => {
                let (position, legal) = match compare_position(a, b, pos_a, pos_b, &moves[..i]) {
                    Step::Agree { position, legal } => (position, legal),
                    Step::Differ(m) => {
                        unowned = true;
                        break Replay::Fails(m);
                    }
                };
                if let Some(mv) = refusal_candidate(&before, &legal, i) {
                    let both = (pos_a, pos_b);
                    if let Err(m) = compare_refusal(a, b, both, &position, &mv, &moves[..i]) {
                        unowned = true;
                        break Replay::Fails(m);
                    }
                }
                ids.push(known.add(Seen {
                    a: pos_a,
                    b: pos_b,
                    position: position.clone(),
                    legal: legal.clone(),
                }));
                (position, legal)
            }
        };
        let Some(mv) = moves.get(i) else {
            break Replay::Agrees;
        };
        if !legal.contains(mv) {
            break Replay::Invalid(i, legal);
        }
        match play_both(a, b, (pos_a, pos_b), &position, mv, &moves[..i]) {
            Ok(next) => {
                (pos_a, pos_b) = next;
                before = legal;
                i += 1;
            }
            Err(m) => break Replay::Fails(m),
        }
    };
    if unowned {
        a.release(pos_a);
        b.release(pos_b);
    }
    // the line that failed is the one shrunk next; the last line tried besides is
    // kept too, since the next candidate is often it with one move changed
    let path = Path {
        line: moves.to_vec(),
        ids,
    };
    known.record(a, b, path, matches!(result, Replay::Fails(_)));
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
    // the line shrunk is the moves and the move an engine failed on, if any; a line
    // that fails otherwise shows another bug, and is not this one's reproduction
    let was = kinds(&found);
    let found = (found.line(), found);
    let mut known = Known::default();
    // the line found, replayed once, so that its positions are known
    let _ = replay(&mut *a, &mut *b, (start_a, start_b), &mut known, &found.0);
    let shrunk = shrink_lines(
        found,
        |(line, _)| line,
        |candidate| match replay(&mut *a, &mut *b, (start_a, start_b), &mut known, candidate) {
            Replay::Fails(m) if kinds(&m).iter().any(|k| was.contains(k)) => {
                Tried::Fails((m.line(), *m))
            }
            Replay::Fails(_) => Tried::Passes,
            Replay::Invalid(at, legal) => Tried::Illegal { at, legal },
            Replay::Agrees | Replay::Broken => Tried::Passes,
        },
    );
    known.release_all(a, b);
    shrunk.1
}

/// Whether two mismatches show a kind of disagreement in common, of the kinds two
/// answers show ("engine failed", the rest, groups a crash, a hang and a perft
/// count: one of them is no shorter showing of another).
pub fn same_kind(a: &Mismatch, b: &Mismatch) -> bool {
    let was = kinds(b);
    kinds(a)
        .iter()
        .any(|k| *k != "engine failed" && was.contains(k))
}

/// Whether a shorter showing of this mismatch is worth seeking: it shows a kind of
/// disagreement of two answers, not only an engine that failed.
pub fn seekable(m: &Mismatch) -> bool {
    kinds(m).iter().any(|k| *k != "engine failed")
}

/// What kinds of disagreement a mismatch shows (its `what`, without the details).
fn kinds(m: &Mismatch) -> Vec<&'static str> {
    m.what
        .iter()
        .map(|w| {
            if w.contains("position text is lossy") || w.contains("does not read back") {
                "lossy text"
            } else if w.starts_with("position text differs") {
                "text"
            } else if w.starts_with("side to move differs") {
                "side to move"
            } else if w == "outcome differs" {
                "outcome"
            } else if w == "legal moves differ" {
                "legal moves"
            } else if w.ends_with(" twice") {
                "listed twice"
            } else if w.contains(" is not listed") || w.contains(" refused for different") {
                "refusal"
            } else {
                "engine failed"
            }
        })
        .collect()
}

/// What replaying a candidate line in both engines shows, for the shrinker.
pub enum Tried<T> {
    /// It still fails, with this failure (whose moves may be a shorter prefix).
    Fails(T),
    /// Both engines agree all along it.
    Passes,
    /// Its move number `at` (from 0) is not legal there; `legal` are the moves that are.
    Illegal { at: usize, legal: Vec<String> },
}

/// Replays a line whose removals broke it tried at most this often with a move
/// substituted where it stopped being legal.
const REPAIRS: usize = 8;

/// Tries `candidate`, and where one of its moves is not legal, the same line with
/// another legal move in its place (the moves played later in the line first, then
/// the rest in order), breadth-first, at most `REPAIRS` replays in all.
fn repaired<T>(
    candidate: Vec<String>,
    try_line: &mut impl FnMut(&[String]) -> Tried<T>,
) -> Option<T> {
    let mut queue = std::collections::VecDeque::from([candidate]);
    let mut budget = REPAIRS + 1;
    while let Some(line) = queue.pop_front() {
        if budget == 0 {
            break;
        }
        budget -= 1;
        match try_line(&line) {
            Tried::Fails(t) => return Some(t),
            Tried::Passes => {}
            Tried::Illegal { at, legal } if at < line.len() => {
                let later = &line[at + 1..];
                let (first, rest): (Vec<&String>, Vec<&String>) =
                    legal.iter().partition(|m| later.contains(m));
                for alt in first.into_iter().chain(rest).take(budget) {
                    let mut next = line.clone();
                    next[at] = alt.clone();
                    queue.push_back(next);
                }
            }
            Tried::Illegal { .. } => {}
        }
    }
    None
}

/// Delta debugging over the moves of a failure: drops chunks of moves (halving their
/// size, starting over after each success) while what is left still fails, then
/// every pair of moves an odd number of plies apart (so that the side to
/// move of the moves between is kept), until no single move or such pair can go.
/// `fails` replays a candidate sequence and gives the failure it shows, if any (its
/// moves may be a shorter prefix of the candidate).
pub fn shrink_moves<T>(
    found: T,
    moves: impl Fn(&T) -> &Vec<String>,
    mut fails: impl FnMut(&[String]) -> Option<T>,
) -> T {
    shrink_lines(found, moves, |c| match fails(c) {
        Some(t) => Tried::Fails(t),
        None => Tried::Passes,
    })
}

/// `shrink_moves` for a replay that says where a line stops being legal: a line that
/// a removal broke is repaired by substituting legal moves where it broke.
pub fn shrink_lines<T>(
    found: T,
    moves: impl Fn(&T) -> &Vec<String>,
    mut try_line: impl FnMut(&[String]) -> Tried<T>,
) -> T {
    let mut best = found;
    loop {
        best = drop_chunks(best, &moves, &mut try_line);
        match drop_pairs(&best, &moves, &mut try_line) {
            Some(shorter) => best = shorter,
            None => return best,
        }
    }
}

/// The chunk-halving passes of delta debugging.
fn drop_chunks<T>(
    found: T,
    moves: &impl Fn(&T) -> &Vec<String>,
    try_line: &mut impl FnMut(&[String]) -> Tried<T>,
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
            if let Some(m) = repaired(candidate, try_line) {
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

/// The first failure left after dropping two moves `i < j` of `best`'s line, `j - i`
/// odd (one move of each side in a two-player game), nearest pairs first.
fn drop_pairs<T>(
    best: &T,
    moves: &impl Fn(&T) -> &Vec<String>,
    try_line: &mut impl FnMut(&[String]) -> Tried<T>,
) -> Option<T> {
    let line = moves(best);
    let n = line.len();
    for gap in (1..n).step_by(2) {
        for i in 0..n - gap {
            let mut candidate = line.clone();
            candidate.remove(i + gap);
            candidate.remove(i);
            if let Some(m) = repaired(candidate, try_line) {
                return Some(m);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    /// A two-player game of distinct moves: `p…` moves first, then `q…`, in turn; it
    /// "fails" once both `pa` and `qb` are played.
    fn try_alternating(candidate: &[String]) -> Tried<Vec<String>> {
        for (i, m) in candidate.iter().enumerate() {
            let side = if i % 2 == 0 { 'p' } else { 'q' };
            if !m.starts_with(side) || candidate[..i].contains(m) {
                let legal = ["a", "b", "1", "2", "3"]
                    .iter()
                    .map(|x| format!("{side}{x}"))
                    .filter(|x| !candidate[..i].contains(x))
                    .collect();
                return Tried::Illegal { at: i, legal };
            }
        }
        let has = |m: &str| candidate.iter().any(|x| x == m);
        if has("pa") && has("qb") {
            Tried::Fails(candidate.to_vec())
        } else {
            Tried::Passes
        }
    }

    #[test]
    fn pairs_of_moves_go_where_single_moves_break_the_turns() {
        let found = line("p1 q1 p2 q2 pa q3 p3 qb");
        let shrunk = shrink_lines(found, |l| l, try_alternating);
        assert_eq!(shrunk, line("pa qb"));
    }

    #[test]
    fn a_line_a_removal_broke_is_repaired_with_a_legal_move() {
        let mut tried = 0;
        let mut count = |c: &[String]| {
            tried += 1;
            try_alternating(c)
        };
        // pa where q moves: qb (played later) in its place, then pa again where qb was
        let got = repaired(line("p1 pa qb"), &mut count);
        assert_eq!(got, Some(line("p1 qb pa")));
        let got = repaired(line("pa p1 qb"), &mut count);
        assert_eq!(
            got,
            Some(line("pa qb pb")),
            "p1 where q moves, then qb twice, replaced"
        );
        assert!(tried <= 2 * (REPAIRS + 1), "{tried} replays");
    }

    #[test]
    fn a_mismatch_is_known_by_its_kinds_not_its_details() {
        let mut m = Mismatch::new(&[], "p", "outcome differs".into());
        m.what.push("position text differs: \"a\" vs \"b\"".into());
        assert_eq!(kinds(&m), ["outcome", "text"]);
        let lossy = "hex (spec): the position text is lossy: reading it back loses the outcome";
        let m = Mismatch::new(&[], "p", lossy.into());
        assert_eq!(kinds(&m), ["lossy text"]);
    }

    #[test]
    fn the_old_interface_still_drops_what_it_can() {
        let found = line("a b c d e");
        let shrunk = shrink_moves(
            found,
            |l| l,
            |c| (c.iter().any(|m| m == "c") && c.iter().any(|m| m == "e")).then(|| c.to_vec()),
        );
        assert_eq!(shrunk, line("c e"));
    }

    #[test]
    fn a_replay_compares_only_the_positions_past_the_line_it_shares() {
        use super::super::test_lines::{letters, Lines};
        let (mut a, mut b) = (
            Lines::new(|p| letters(p, false)),
            Lines::new(|p| letters(p, true)),
        );
        let (sa, sb) = (a.initial().unwrap(), b.initial().unwrap());
        let found_line = line("a b c x d e f y");
        let found = Mismatch::new(&found_line, "a b c x d e f y", "outcome differs".into());
        let m = shrink(&mut a, &mut b, sa, sb, found);
        assert_eq!(m.moves, line("x y"), "{m:?}");
        // nothing held but the two starts
        assert_eq!((a.held(), b.held()), (1, 1));
        // replaying every candidate from its start describes 165 positions here (each
        // twice: once more reading its text back); from the positions of the line that
        // failed, 96; from those and the last line tried besides, 68
        assert!(a.described <= 70, "{} descriptions", a.described);
    }
}
