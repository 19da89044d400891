//! Property-based fuzzing (proptest) of every parser a user reaches: the position and
//! move texts of each game in the native and spec tiers, options, the Con-Tac-Tix
//! file and game records. Inputs are random texts over each notation's alphabet and
//! valid texts (positions reached by random play) with a few characters changed.
//! Nothing may panic, and every position that reads writes back to a text that reads
//! to the same position. Case counts are bounded so that the whole file runs in
//! seconds; PROPTEST_CASES raises them for a longer hunt.

use crate::common;

use common::engine;
use ludolog::game::{Engine, GameOptions, Tier};
use ludolog::games;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::cell::RefCell;

/// Each game of `tests/data/games.txt` with its options, and the characters its
/// texts are made of: those of the texts and moves of a few random games, a few
/// that no notation uses, and every digit.
fn games() -> Vec<(String, String, &'static str)> {
    common::game_rows()
        .into_iter()
        .map(|row| {
            let alphabet = alphabet_of(&row.game, &row.options);
            (row.game, row.options, alphabet)
        })
        .collect()
}

/// The characters of the start's text and of the texts and moves of three random
/// games of `game`, with the digits and a few foreign characters.
fn alphabet_of(game: &str, options: &str) -> &'static str {
    let mut e = engine(game, options, Tier::Native);
    let mut chars: std::collections::BTreeSet<char> = "0123456789 /-*=,;>+xé×".chars().collect();
    for seed in 0..3u64 {
        let mut pos = e.initial().unwrap();
        for ply in 0..60usize {
            let info = e.describe(pos).unwrap();
            chars.extend(info.position.chars());
            chars.extend(info.legal.iter().flat_map(|m| m.chars()));
            if info.legal.is_empty() {
                break;
            }
            let m = &info.legal[(seed as usize * 7 + ply * 13) % info.legal.len()];
            let next = e.play(pos, m).unwrap();
            e.release(pos);
            pos = next;
        }
        e.release(pos);
    }
    Box::leak(chars.into_iter().collect::<String>().into_boxed_str())
}

fn cases(n: u32) -> Config {
    let n = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(n);
    Config {
        cases: n,
        failure_persistence: None,
        ..Config::default()
    }
}

/// A text over `alphabet`: random, or (when `walk` is some) the position after a
/// random walk of that many moves, with `edits` applied (replace, insert, delete).
#[derive(Clone, Debug)]
struct Input {
    random: Option<String>,
    walk: (usize, u64),
    edits: Vec<(u8, usize, usize)>,
}

fn input(alphabet: &'static str) -> impl Strategy<Value = Input> {
    let chars: Vec<char> = alphabet.chars().collect();
    let random = proptest::collection::vec(proptest::sample::select(chars), 0..50)
        .prop_map(|cs| cs.into_iter().collect::<String>());
    (
        proptest::option::weighted(0.4, random),
        (0usize..40, any::<u64>()),
        proptest::collection::vec((0u8..3, any::<usize>(), any::<usize>()), 0..4),
    )
        .prop_map(|(random, walk, edits)| Input {
            random,
            walk,
            edits,
        })
}

/// The text an input stands for, in `engine`'s game.
fn text_of(e: &mut dyn Engine, alphabet: &str, input: &Input) -> String {
    if let Some(r) = &input.random {
        return r.clone();
    }
    let mut pos = e.initial().unwrap();
    let mut seed = input.walk.1;
    for _ in 0..input.walk.0 {
        let info = e.describe(pos).unwrap();
        if info.legal.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = &info.legal[(seed >> 33) as usize % info.legal.len()];
        let next = e.play(pos, m).unwrap();
        e.release(pos);
        pos = next;
    }
    let text = e.text(pos).unwrap();
    e.release(pos);
    let mut cs: Vec<char> = text.chars().collect();
    let alpha: Vec<char> = alphabet.chars().collect();
    for &(op, at, with) in &input.edits {
        let c = alpha[with % alpha.len()];
        match op {
            0 if !cs.is_empty() => {
                let i = at % cs.len();
                cs[i] = c;
            }
            1 => cs.insert(at % (cs.len() + 1), c),
            _ if !cs.is_empty() => {
                cs.remove(at % cs.len());
            }
            _ => {}
        }
    }
    cs.into_iter().collect()
}

/// Reads `text`; when it reads, its canonical text reads back to the same position.
fn round_trip(e: &mut dyn Engine, text: &str) -> Result<Option<String>, TestCaseError> {
    let Ok(pos) = e.parse(text) else {
        return Ok(None);
    };
    let info = e.describe(pos).unwrap();
    let canonical = e.text(pos).unwrap();
    let again = e.parse(&canonical).map_err(|err| {
        TestCaseError::fail(format!(
            "{text:?} read, but its text {canonical:?} does not: {err}"
        ))
    })?;
    let info2 = e.describe(again).unwrap();
    prop_assert_eq!(
        &info,
        &info2,
        "{:?} and its text {:?} differ",
        text,
        canonical
    );
    e.release(pos);
    e.release(again);
    Ok(Some(canonical))
}

fn fuzz_positions(tier: Tier, n: u32) {
    for (game, options, alphabet) in games() {
        let e = RefCell::new(engine(&game, &options, tier));
        // not vacuous: the start and a position some moves in read back on every run
        // (the random inputs, most of them edited, may all fail to read: with twenty,
        // one run in about twenty-five had none that read)
        for moves in [0, 7] {
            let walked = Input {
                random: None,
                walk: (moves, 1),
                edits: Vec::new(),
            };
            let mut e = e.borrow_mut();
            let text = text_of(e.as_mut(), alphabet, &walked);
            let read = round_trip(e.as_mut(), &text)
                .unwrap_or_else(|err| panic!("{game} ({tier}): {err}"));
            assert!(read.is_some(), "{game} ({tier}): {text:?} does not read");
        }
        let mut runner = TestRunner::new(cases(n));
        runner
            .run(&input(alphabet), |inp| {
                let mut e = e.borrow_mut();
                let text = text_of(e.as_mut(), alphabet, &inp);
                round_trip(e.as_mut(), &text)?;
                Ok(())
            })
            .unwrap_or_else(|err| panic!("{game} ({tier}): {err}"));
    }
}

#[test]
fn native_position_texts_never_panic_and_round_trip() {
    fuzz_positions(Tier::Native, 400);
}

#[test]
fn spec_position_texts_never_panic_and_round_trip() {
    fuzz_positions(Tier::Spec, 20);
}

#[test]
fn native_and_spec_read_the_same_texts_alike() {
    for (game, options, alphabet) in games() {
        let native = RefCell::new(engine(&game, &options, Tier::Native));
        let spec = RefCell::new(engine(&game, &options, Tier::Spec));
        let mut runner = TestRunner::new(cases(40));
        runner
            .run(&input(alphabet), |inp| {
                let text = text_of(native.borrow_mut().as_mut(), alphabet, &inp);
                let a = round_trip(native.borrow_mut().as_mut(), &text)?;
                let b = round_trip(spec.borrow_mut().as_mut(), &text)?;
                prop_assert_eq!(a, b, "the tiers read {:?} differently", text);
                Ok(())
            })
            .unwrap_or_else(|err| panic!("{game}: {err}"));
    }
}

#[test]
fn move_texts_never_panic_and_only_legal_moves_play() {
    for (game, options, alphabet) in games() {
        for tier in [Tier::Native, Tier::Spec] {
            let e = RefCell::new(engine(&game, &options, tier));
            let n = if tier == Tier::Native { 300 } else { 15 };
            let chars: Vec<char> = alphabet.chars().collect();
            let strategy = (
                proptest::collection::vec(proptest::sample::select(chars), 0..12),
                0usize..20,
                any::<u64>(),
            );
            let mut runner = TestRunner::new(cases(n));
            runner
                .run(&strategy, |(cs, walk, seed)| {
                    let mut e = e.borrow_mut();
                    let inp = Input {
                        random: None,
                        walk: (walk, seed),
                        edits: Vec::new(),
                    };
                    let text = text_of(e.as_mut(), alphabet, &inp);
                    let pos = e.parse(&text).unwrap();
                    let legal = e.describe(pos).unwrap().legal;
                    let mv: String = cs.into_iter().collect();
                    if let Ok(next) = e.play(pos, &mv) {
                        let canonical = legal.iter().any(|m| m == mv.trim())
                            || legal.iter().any(|m| {
                                let p = e.play(pos, m).unwrap();
                                let same = e.text(p).unwrap() == e.text(next).unwrap();
                                e.release(p);
                                same
                            });
                        prop_assert!(
                            canonical,
                            "{:?} played in {:?} but is no legal move",
                            mv,
                            text
                        );
                        e.release(next);
                    }
                    e.release(pos);
                    Ok(())
                })
                .unwrap_or_else(|err| panic!("{game} ({tier}): {err}"));
        }
    }
}

#[test]
fn options_never_panic() {
    let item = "[a-z=0-9é ]{0,12}";
    let mut runner = TestRunner::new(cases(500));
    runner
        .run(&proptest::collection::vec(item, 0..4), |items| {
            if let Ok(opts) = GameOptions::parse(&items) {
                for d in games::ALL {
                    let _ = d.values(&opts);
                    let shown = opts.to_string();
                    let words: Vec<&str> = shown.split_whitespace().collect();
                    if opts
                        .pairs()
                        .iter()
                        .all(|(k, v)| !k.contains(' ') && !v.contains(' '))
                    {
                        let again = GameOptions::parse(&words).unwrap();
                        prop_assert_eq!(again.pairs(), opts.pairs());
                    }
                }
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn contactix_files_never_panic_and_round_trip() {
    use ludolog::games::hex::contactix_file;
    let example = "size: 3 * 3\nturn: red\norientation: red * blue\nstate: undecided\ntiles: 4\n    (A2) -> red\n    (B2) -> blue\n    (A1) -> red\n    (C2) -> blue\n";
    let alphabet: Vec<char> = "size:turn*orientaobl\n ()->ABC0123456789é"
        .chars()
        .collect();
    let strategy = proptest::collection::vec(
        (0u8..3, any::<usize>(), proptest::sample::select(alphabet)),
        0..6,
    );
    let mut runner = TestRunner::new(cases(500));
    runner
        .run(&strategy, |edits| {
            let mut cs: Vec<char> = example.chars().collect();
            for (op, at, c) in edits {
                match op {
                    0 => {
                        let i = at % cs.len();
                        cs[i] = c;
                    }
                    1 => cs.insert(at % (cs.len() + 1), c),
                    _ if cs.len() > 1 => {
                        cs.remove(at % cs.len());
                    }
                    _ => {}
                }
            }
            let text: String = cs.into_iter().collect();
            if let Ok(game) = contactix_file::parse(&text) {
                let written = contactix_file::write(&game);
                let again = contactix_file::parse(&written).map_err(|e| {
                    TestCaseError::fail(format!("{written:?} does not read back: {e}"))
                })?;
                prop_assert_eq!(contactix_file::write(&again), written);
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn game_records_never_panic() {
    // the lines of both formats: the tagged one written today (tags, then the
    // numbered moves, results and comments) and the older `key: value` one
    let line = prop_oneof![
        Just("[Game \"hex\"]".to_string()),
        Just("[Options \"size=3\"]".to_string()),
        Just("[Start \"3x3 3/3/3 red\"]".to_string()),
        Just("[Result \"win(red)\"]".to_string()),
        Just("[Result \"scores([red-70,blue-30])\"]".to_string()),
        Just("[Red \"mcts:100\"]".to_string()),
        Just("1. a1 b2 2. c3 {a note} win(red)".to_string()),
        Just("1. (mark 1 1) & (noop) draw *".to_string()),
        "[\\[\\]\"{}().a-z: =0-9é#&*-]{0,24}",
        Just("game: hex".to_string()),
        Just("options: size=3".to_string()),
        Just("start: 3x3 3/3/3 red".to_string()),
        Just("moves: a1 b2".to_string()),
        Just("# note".to_string()),
        "[a-z: =0-9é#]{0,20}",
    ];
    let mut runner = TestRunner::new(cases(500));
    runner
        .run(&proptest::collection::vec(line, 0..6), |lines| {
            let text = lines.join("\n");
            let _ = ludolog::record::parse(&text, "hex", &GameOptions::default());
            Ok(())
        })
        .unwrap();
}
