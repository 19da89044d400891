//! The optional protocol predicates `legal_count/2` and `nth_legal/3`, which the
//! playout and perft drivers use instead of listing the moves, give exactly
//! `legal/2`'s moves in its order, in both rule tiers, on every position of random
//! games (swap positions and finished games included). Nothing else compares them:
//! `check` compares `legal/2` only.

use crate::common;

use ludolog::game::{GameOptions, Tier};
use ludolog::prolog::PrologMachine;
use ludolog::registry::EngineSpec;

/// A rule machine for `game` with `options`, in the spec or the accelerated tier.
fn machine(game: &str, options: &str, accelerated: bool) -> PrologMachine {
    let opts: Vec<&str> = options.split_whitespace().collect();
    let spec = EngineSpec::new(game, GameOptions::parse(&opts).expect("options"));
    let rules = spec.resolve().expect("a built-in game").rules;
    let mut m = PrologMachine::load(&rules, accelerated).expect("the rules load");
    m.set_acceleration(accelerated).expect("acceleration");
    m.answer(
        "use_module(library(between)), use_module(library(lists)), use_module(library(dcgs)), X = ok.",
        "X",
    )
    .expect("libraries");
    m
}

/// `same` when, at the position `text`, legal_count/2 and nth_legal/3 agree with legal/2.
fn agreement(m: &mut PrologMachine, module: &str, text: &str) -> String {
    let q = format!(
        "atom_chars('{text}', Cs), phrase({module}:position(S), Cs), \
         findall(M, {module}:legal(S, M), L), length(L, N), \
         {module}:legal_count(S, N1), \
         findall(M, ( between(1, N, K1), K is K1 - 1, {module}:nth_legal(S, K, M) ), L2), \
         (  {module}:nth_legal(S, N, _) -> Past = listed ; Past = none ), \
         (  N1 == N, L2 == L, Past == none -> X = same ; X = differ(N, N1, L, L2, Past) )."
    );
    format!("{:?}", m.answer(&q, "X").expect("the query runs"))
}

/// Texts of every position of `games` random games of `game` (the native engine plays
/// them), the finished ones included.
fn positions(game: &str, options: &str, games: u64) -> Vec<String> {
    let mut e = common::engine(game, options, Tier::Native);
    let mut texts = Vec::new();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..games {
        let mut pos = e.initial().expect("the start");
        loop {
            let info = e.describe(pos).expect("describe");
            texts.push(info.position.clone());
            if info.legal.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let k = (state >> 33) as usize % info.legal.len();
            pos = e.play(pos, &info.legal[k]).expect("a legal move plays");
        }
    }
    texts
}

#[test]
fn nth_legal_lists_legal_moves_in_order_in_both_rule_tiers() {
    for (game, options) in [
        ("hex", "size=4"),
        ("hex", "size=3 swap=true"),
        ("contactix", "cols=4 rows=3"),
    ] {
        let texts = positions(game, options, 12);
        assert!(
            texts.len() > 60,
            "{game} {options}: {} positions",
            texts.len()
        );
        for accelerated in [false, true] {
            let mut m = machine(game, options, accelerated);
            for text in &texts {
                assert_eq!(
                    agreement(&mut m, game, text),
                    r#"Atom("same")"#,
                    "{game} {options} accelerated={accelerated} at {text}"
                );
            }
        }
    }
}
