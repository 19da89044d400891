//! The lists a board query takes (the movers of reach_moves, the pieces and
//! directions of run_moves and sight_of), registered once by their text and named
//! by id after, so a query does not pass its text each ply.
//!
//! A movers list is what rules/lib/board.pl's reach_moves/3 takes, as Prolog
//! writes it: `[x-R-[t,t],y-R-[]-[z],on(x,[3,4])-R-[t]]`, each a piece (or a piece
//! on some cells), how many steps it moves, the pieces it may take and, when given,
//! the pieces it passes over.  The registry is process-wide and keeps names as text (the
//! codes of names belong to each thread's table), so an id means the same list on
//! every thread.

use super::board_table::{Code, Refused, Table};
use super::mover::Mover;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Mutex;

/// One mover as registered: names as text.
#[derive(Debug, PartialEq)]
struct NamedMover {
    /// The piece.
    name: String,
    /// The cells it must stand on to move so, or none for any cell.
    on: Option<Vec<usize>>,
    /// How many steps it moves.
    range: i64,
    /// The pieces it may take.
    takes: Vec<String>,
    /// The pieces it passes over.
    through: Vec<String>,
}

/// A movers list as registered: names as text.
type Named = Vec<NamedMover>;

/// At most this many distinct movers lists (a game has one per side).
const MAX_LISTS: usize = 4096;

/// The registered lists, id `i` at index `i - 1`.
static LISTS: Mutex<Vec<Named>> = Mutex::new(Vec::new());

/// The id of the list written in `text`: the same id for the same list, a new one
/// for a new list while fewer than `MAX_LISTS` are kept.
pub fn register(text: &str) -> Result<i64, Refused> {
    intern(&LISTS, parse(text)?)
}

/// The id of `item` in `kept` (from 1): its place when it is there, else a new one
/// while fewer than `MAX_LISTS` are kept.
fn intern<T: PartialEq>(kept: &Mutex<Vec<T>>, item: T) -> Result<i64, Refused> {
    let mut kept = kept.lock().map_err(|_| Refused::Bad)?;
    if let Some(i) = kept.iter().position(|k| *k == item) {
        return Ok(i as i64 + 1);
    }
    if kept.len() >= MAX_LISTS {
        return Err(Refused::Bad);
    }
    kept.push(item);
    Ok(kept.len() as i64)
}

/// The list `id` with the codes of `t`'s names: a name the table never saw
/// matches no cell, so a mover of that name is left out and a take of it ignored.
pub fn movers_of(t: &Table, id: i64) -> Result<Vec<Mover>, Refused> {
    let i = usize::try_from(id - 1).map_err(|_| Refused::Bad)?;
    let lists = LISTS.lock().map_err(|_| Refused::Bad)?;
    let list = lists.get(i).ok_or(Refused::Bad)?;
    let codes = |names: &[String]| names.iter().filter_map(|n| t.known(n)).collect();
    Ok(list
        .iter()
        .filter_map(|m| {
            Some(Mover {
                code: t.known(&m.name)?,
                on: m.on.clone(),
                range: m.range,
                takes: codes(&m.takes),
                through: codes(&m.through),
            })
        })
        .collect())
}

/// The list written in `text`; a name that is not plain (letters, digits, `_`),
/// a range that is not a number >= 0, or cells that are not numbers, is refused
/// (the pure definition then says why).
fn parse(text: &str) -> Result<Named, Refused> {
    items(text)?.into_iter().map(parse_mover).collect()
}

/// One mover: `X-R-[T,..]`, `X-R-[T,..]-[P,..]`, X a name or `on(Name,[K,..])`.
fn parse_mover(item: &str) -> Result<NamedMover, Refused> {
    let (head, lists) = item.split_once("-[").ok_or(Refused::Bad)?;
    let (piece, range) = head.rsplit_once('-').ok_or(Refused::Bad)?;
    let range: i64 = range.parse().map_err(|_| Refused::Bad)?;
    let (name, on) = match piece.strip_prefix("on(").and_then(|p| p.strip_suffix(')')) {
        Some(inner) => {
            let (name, cells) = inner.split_once(',').ok_or(Refused::Bad)?;
            let cells = names(cells)?
                .iter()
                .map(|k| k.parse::<usize>().map_err(|_| Refused::Bad))
                .collect::<Result<Vec<usize>, Refused>>()?;
            (name, Some(cells))
        }
        None => (piece, None),
    };
    let lists = format!("[{lists}");
    let (takes, through) = match lists.split_once("]-[") {
        Some((takes, through)) => (names(&format!("{takes}]"))?, names(&format!("[{through}"))?),
        None => (names(&lists)?, Vec::new()),
    };
    if !is_name(name) || range < 0 || takes.iter().chain(&through).any(|n| !is_name(n)) {
        return Err(Refused::Bad);
    }
    Ok(NamedMover {
        name: name.to_string(),
        on,
        range,
        takes,
        through,
    })
}

/// A plain name: letters, digits and `_`.
fn plain(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A cell name as Prolog writes it unquoted: plain, and not starting with a digit
/// (that is a number, and a list that holds one where names go is for the pure
/// definition to refuse).
pub fn is_name(s: &str) -> bool {
    plain(s) && !s.starts_with(|c: char| c.is_ascii_digit())
}

/// The items of the list `[a,b-[c,d],[e]]` as written, split at its own commas
/// (not those inside brackets); an empty item is refused.
fn items(text: &str) -> Result<Vec<&str>, Refused> {
    let inner = text
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or(Refused::Bad)?;
    if inner.is_empty() {
        return Ok(Vec::new());
    }
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        if depth < 0 {
            return Err(Refused::Bad);
        }
    }
    out.push(&inner[start..]);
    if depth != 0 || out.iter().any(|i| i.is_empty()) {
        return Err(Refused::Bad);
    }
    Ok(out)
}

/// The names of the list `[a,b,-1]`: plain names or numbers.
fn names(list: &str) -> Result<Vec<String>, Refused> {
    items(list)?
        .into_iter()
        .map(|n| match plain(n.strip_prefix('-').unwrap_or(n)) {
            true => Ok(n.to_string()),
            false => Err(Refused::Bad),
        })
        .collect()
}

/// Lists of plain names and numbers, as registered: `[[w,W],[7,1],[e]]`.
type Lists = Vec<Vec<String>>;

/// The registered lists of lists, id `i` at index `i - 1`.
static LISTS_OF_NAMES: Mutex<Vec<Lists>> = Mutex::new(Vec::new());

/// The id of the list of lists written in `text` (each element a plain name or a
/// number): the same id for the same lists, a new one while fewer than
/// `MAX_LISTS` are kept.
pub fn register_lists(text: &str) -> Result<i64, Refused> {
    intern(&LISTS_OF_NAMES, parse_lists(text)?)
}

/// List `index` of lists `id`, as codes of `t`'s names (a name the table never saw
/// is left out: no cell holds it).  Decoded once per thread while the table learns
/// no new name, as a query asks it every ply.
pub fn codes_of(t: &Table, id: i64, index: usize) -> Result<Vec<Code>, Refused> {
    let learned = t.name_count();
    if let Some(codes) = CODES.with(|c| {
        c.borrow()
            .get(&(id, index))
            .filter(|(n, _)| *n == learned)
            .map(|(_, codes)| codes.clone())
    }) {
        return Ok(codes);
    }
    let names = names_of(id, index)?;
    if !names.iter().all(|n| is_name(n)) {
        return Err(Refused::Bad);
    }
    let codes: Vec<Code> = names.iter().filter_map(|n| t.known(n)).collect();
    CODES.with(|c| c.borrow_mut().insert((id, index), (learned, codes.clone())));
    Ok(codes)
}

/// List `index` of lists `id`, as numbers (decoded once per thread: a registered
/// list never changes).
pub fn numbers_of(id: i64, index: usize) -> Result<Vec<i64>, Refused> {
    if let Some(ns) = NUMBERS.with(|c| c.borrow().get(&(id, index)).cloned()) {
        return Ok(ns);
    }
    let ns = names_of(id, index)?
        .iter()
        .map(|n| n.parse().map_err(|_| Refused::Bad))
        .collect::<Result<Vec<i64>, Refused>>()?;
    NUMBERS.with(|c| c.borrow_mut().insert((id, index), ns.clone()));
    Ok(ns)
}

/// Decoded lists by (lists id, index): how many names the table knew, and the codes.
type Decoded = HashMap<(i64, usize), (usize, Vec<Code>)>;

thread_local! {
    /// `codes_of`'s answers on this thread, with how many names its table knew then.
    static CODES: RefCell<Decoded> = RefCell::new(HashMap::new());
    /// `numbers_of`'s answers on this thread.
    static NUMBERS: RefCell<HashMap<(i64, usize), Vec<i64>>> = RefCell::new(HashMap::new());
}

/// How many lists the lists `id` hold.
pub fn lists_len(id: i64) -> Result<usize, Refused> {
    let i = usize::try_from(id - 1).map_err(|_| Refused::Bad)?;
    let kept = LISTS_OF_NAMES.lock().map_err(|_| Refused::Bad)?;
    kept.get(i).map(Vec::len).ok_or(Refused::Bad)
}

/// List `index` of lists `id`.
pub fn names_of(id: i64, index: usize) -> Result<Vec<String>, Refused> {
    let i = usize::try_from(id - 1).map_err(|_| Refused::Bad)?;
    let kept = LISTS_OF_NAMES.lock().map_err(|_| Refused::Bad)?;
    kept.get(i)
        .and_then(|l| l.get(index))
        .cloned()
        .ok_or(Refused::Bad)
}

/// The lists written in `text`: `[[a,b],[1,2],[]]`, each element plain (letters,
/// digits, `_`, a leading `-`).
fn parse_lists(text: &str) -> Result<Lists, Refused> {
    items(text)?.into_iter().map(names).collect()
}

/// A steps list as registered: each direction with the names it may step onto.
type NamedSteps = Vec<(i64, Vec<String>)>;

/// The registered steps lists, id `i` at index `i - 1`.
static STEPS: Mutex<Vec<NamedSteps>> = Mutex::new(Vec::new());

/// The id of the steps list written in `text` (`[D-[t,t],D-[t]]`, as board.pl's
/// steps_of/4 takes it): the same id for the same list, a new one while fewer than
/// `MAX_LISTS` are kept.  A name that is not plain is refused (the pure definition
/// then says why).
pub fn register_steps(text: &str) -> Result<i64, Refused> {
    let steps = items(text)?
        .into_iter()
        .map(|item| {
            let (dir, list) = item.split_once("-[").ok_or(Refused::Bad)?;
            let dir: i64 = dir.parse().map_err(|_| Refused::Bad)?;
            let onto = names(&format!("[{list}"))?;
            if onto.iter().any(|n| !is_name(n)) {
                return Err(Refused::Bad);
            }
            Ok((dir, onto))
        })
        .collect::<Result<NamedSteps, Refused>>()?;
    intern(&STEPS, steps)
}

/// Steps decoded by id: how many names the table knew, and each direction's codes.
type DecodedSteps = HashMap<i64, (usize, Vec<(i64, Vec<Code>)>)>;

thread_local! {
    /// `steps_of`'s answers on this thread, with how many names its table knew then.
    static STEP_CODES: RefCell<DecodedSteps> = RefCell::new(HashMap::new());
}

/// The steps list `id` with the codes of `t`'s names (a name the table never saw is
/// on no cell, so it is left out).  Decoded once per thread while the table learns
/// no new name, as a move generator asks it every ply.
pub fn steps_of(t: &Table, id: i64) -> Result<Vec<(i64, Vec<Code>)>, Refused> {
    let learned = t.name_count();
    if let Some(steps) = STEP_CODES.with(|c| {
        c.borrow()
            .get(&id)
            .filter(|(n, _)| *n == learned)
            .map(|(_, steps)| steps.clone())
    }) {
        return Ok(steps);
    }
    let i = usize::try_from(id - 1).map_err(|_| Refused::Bad)?;
    let named = STEPS
        .lock()
        .map_err(|_| Refused::Bad)?
        .get(i)
        .cloned()
        .ok_or(Refused::Bad)?;
    let steps: Vec<(i64, Vec<Code>)> = named
        .iter()
        .map(|(d, onto)| (*d, onto.iter().filter_map(|n| t.known(n)).collect()))
        .collect();
    STEP_CODES.with(|c| c.borrow_mut().insert(id, (learned, steps.clone())));
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_and_bad_ones_are_refused() {
        let named =
            |name: &str, on: Option<Vec<usize>>, range, takes: &[&str], through: &[&str]| {
                NamedMover {
                    name: name.to_string(),
                    on,
                    range,
                    takes: takes.iter().map(|n| n.to_string()).collect(),
                    through: through.iter().map(|n| n.to_string()).collect(),
                }
            };
        assert_eq!(
            parse("[C-1-[c,t],p-5-[]]"),
            Ok(vec![
                named("C", None, 1, &["c", "t"], &[]),
                named("p", None, 5, &[], &[]),
            ])
        );
        assert_eq!(
            parse("[on(S,[16,62])-5-[t,s]-[C,T],S-4-[]-[c]]"),
            Ok(vec![
                named("S", Some(vec![16, 62]), 5, &["t", "s"], &["C", "T"]),
                named("S", None, 4, &[], &["c"]),
            ])
        );
        assert_eq!(parse("[]"), Ok(vec![]));
        for bad in [
            "",
            "[",
            "[a-1-[b]",
            "[a-1-[b]],",
            "[a-(-1)-[]]",
            "[a b-1-[]]",
            "[a-1-[,]]",
            "[a-1]",
            "[a-1-[b]-[c]-[d]]",
            "[on(a,[x])-1-[]]",
            "[on(a,[-1])-1-[]]",
            "[on(a)-1-[]]",
            "[a-1-[b]-[c d]]",
            "[on(a,[1]-1-[]]",
        ] {
            assert_eq!(parse(bad), Err(Refused::Bad), "{bad}");
        }
        assert_eq!(
            parse_lists("[[w,W],[7,-1],[]]"),
            Ok(vec![
                vec!["w".to_string(), "W".to_string()],
                vec!["7".to_string(), "-1".to_string()],
                vec![],
            ])
        );
        for bad in ["", "[[a]", "[[a],]", "[a]", "[[a b]]", "[[a,]]", "[[-]]"] {
            assert_eq!(parse_lists(bad), Err(Refused::Bad), "{bad}");
        }
        let lists = register_lists("[[x],[3,4]]").unwrap();
        assert_eq!(register_lists("[[x],[3,4]]"), Ok(lists));
        assert_eq!(numbers_of(lists, 1), Ok(vec![3, 4]));
        assert_eq!(numbers_of(lists, 0), Err(Refused::Bad));
        assert_eq!(numbers_of(lists, 2), Err(Refused::Bad));
        assert_eq!(numbers_of(0, 0), Err(Refused::Bad));
        let id = register("[q-2-[r]]").unwrap();
        assert_eq!(register("[q-2-[r]]"), Ok(id), "one id per list");
        assert_ne!(register("[q-3-[r]]"), Ok(id));
        let steps = register_steps("[1-[e],2-[e,qq_steps]]").unwrap();
        assert_eq!(register_steps("[1-[e],2-[e,qq_steps]]"), Ok(steps));
        for bad in ["", "[1-[e]", "[x-[e]]", "[1-e]", "[1-[e f]]", "[1-[9]]"] {
            assert_eq!(register_steps(bad), Err(Refused::Bad), "{bad}");
        }
        let mut t = Table::default();
        assert_eq!(steps_of(&t, steps), Ok(vec![(1, vec![0]), (2, vec![0])]));
        let code = t.code("qq_steps").unwrap();
        assert_eq!(
            steps_of(&t, steps),
            Ok(vec![(1, vec![0]), (2, vec![0, code])]),
            "decoded again once the name is learned"
        );
        assert_eq!(steps_of(&t, 0), Err(Refused::Bad));
    }

    #[test]
    fn a_list_decoded_before_its_name_was_learned_is_decoded_again() {
        let mut t = Table::default();
        let lists = register_lists("[[e,qq_late],[1]]").unwrap();
        assert_eq!(
            codes_of(&t, lists, 0),
            Ok(vec![0]),
            "qq_late is on no cell yet"
        );
        let code = t.code("qq_late").unwrap();
        assert_eq!(codes_of(&t, lists, 0), Ok(vec![0, code]));
        assert_eq!(codes_of(&t, lists, 0), Ok(vec![0, code]), "kept");
        assert_eq!(numbers_of(lists, 1), Ok(vec![1]));
        assert_eq!(numbers_of(lists, 1), Ok(vec![1]), "kept");
    }
}
