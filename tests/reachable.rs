//! Every Hex position a position text is accepted as (without ` setup`) is one legal
//! play reaches: random boards are read in the native and the spec tier, which must
//! accept and refuse alike, and each accepted one is then played from the empty
//! board, stone by stone, its winner's last stone last.

use ludolog::game::{Engine, GameOptions, Tier};
use ludolog::registry::EngineSpec;
use proptest::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;

/// The position text of `cells` (0 empty, 1 red, 2 blue) on an n x n board.
fn text(n: usize, cells: &[u8], red_to_move: bool) -> String {
    let rows: Vec<String> = cells
        .chunks(n)
        .map(|row| {
            let mut out = String::new();
            let mut run = 0;
            for &c in row {
                if c == 0 {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    out += &run.to_string();
                    run = 0;
                }
                out.push(if c == 1 { 'r' } else { 'b' });
            }
            if run > 0 {
                out += &run.to_string();
            }
            out
        })
        .collect();
    let side = if red_to_move { "red" } else { "blue" };
    format!("{n}x{n} {} {side}", rows.join("/"))
}

/// The cell name of index `i` on an n x n board.
fn cell(n: usize, i: usize) -> String {
    format!("{}{}", (b'a' + (i % n) as u8) as char, i / n + 1)
}

/// Plays the stones of `cells` from the empty board, alternating from red, with
/// `last` (if any) as the final move; the text reached.
fn replay(engine: &mut dyn Engine, n: usize, cells: &[u8], last: Option<usize>) -> String {
    let stones = |colour: u8| -> Vec<usize> {
        let mut v: Vec<usize> = (0..cells.len())
            .filter(|&i| cells[i] == colour && Some(i) != last)
            .collect();
        if let Some(l) = last.filter(|&l| cells[l] == colour) {
            v.push(l);
        }
        v
    };
    let (red, blue) = (stones(1), stones(2));
    let mut moves = Vec::new();
    for k in 0..red.len().max(blue.len()) {
        moves.extend(red.get(k).map(|&i| cell(n, i)));
        moves.extend(blue.get(k).map(|&i| cell(n, i)));
    }
    let start = engine.initial().unwrap();
    let end = engine
        .play_all(start, &moves)
        .unwrap_or_else(|e| panic!("{moves:?}: {e}"));
    engine.text(end).unwrap()
}

thread_local! {
    /// The native and spec engines of each board size, opened once for all cases:
    /// opening a spec engine starts its worker process, which costs more than a case.
    static ENGINES: RefCell<HashMap<usize, (Box<dyn Engine>, Box<dyn Engine>)>> =
        RefCell::new(HashMap::new());
}

/// One case: the position of `cells` on an n x n board is accepted and refused alike
/// by both tiers, and an accepted one is reached by play.
fn reached_by_play(n: usize, cells: &[u8], red_to_move: bool) -> Result<(), TestCaseError> {
    let position = text(n, cells, red_to_move);
    ENGINES.with(|engines| {
        let mut engines = engines.borrow_mut();
        let (native, spec) = engines.entry(n).or_insert_with(|| {
            let options = GameOptions::parse(&[format!("size={n}").as_str()]).unwrap();
            let open = |tier| {
                EngineSpec {
                    tier: Some(tier),
                    ..EngineSpec::new("hex", options.clone())
                }
                .open()
                .unwrap()
            };
            (open(Tier::Native), open(Tier::Spec))
        });
        let read = native.parse(&position);
        let read_spec = spec.parse(&position);
        prop_assert_eq!(
            read.as_ref().err().map(|e| e.to_string()),
            read_spec.as_ref().err().map(|e| e.to_string()),
            "{}",
            position
        );
        if let Ok(p) = read_spec {
            spec.release(p);
        }
        let Ok(at) = read else { return Ok(()) };
        let outcome = native.describe(at).unwrap().outcome;
        native.release(at);
        // the winner's last stone: one whose removal leaves the winner unjoined
        let last = outcome.as_ref().map(|o| {
            let colour = if o.winner() == Some("red") { 1 } else { 2 };
            (0..cells.len())
                .filter(|&i| cells[i] == colour)
                .find(|&i| {
                    let mut without = cells.to_vec();
                    without[i] = 0;
                    let t = text(n, &without, colour == 1);
                    native
                        .parse(&t)
                        .map(|p| native.describe(p).unwrap().outcome.is_none())
                        .unwrap_or(false)
                })
                .expect("an accepted win has a last stone")
        });
        prop_assert_eq!(replay(native.as_mut(), n, cells, last), position);
        Ok(())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn accepted_positions_are_reached_by_play(
        n in 2usize..=4,
        seed in prop::collection::vec(0u8..3, 16),
        red_to_move: bool,
    ) {
        reached_by_play(n, &seed[..n * n], red_to_move)?;
    }
}
