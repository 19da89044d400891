//! Mitsudomoe: the rule file (one tier: it asks no native helper) agrees with the
//! native engine (each with its own text) over 200+ positions of random games (1,000+ with
//! `--ignored`), and a mutant rule file is caught and shrunk.  The
//! rules text's hand-built positions are in tests/data/cases/mitsudomoe.txt (tests/cases.rs).

use crate::common;

use ludolog::check::{compare, CheckConfig};
use ludolog::game::Tier;

/// Checks `tier` against the native engine over `games` seeded random games, which
/// pass through at least `least` positions.
fn agrees_with_native(tier: Tier, (games, seed): (usize, u64), least: usize) {
    let mut a = common::engine("mitsudomoe", "", tier);
    let mut b = common::engine("mitsudomoe", "", Tier::Native);
    let config = CheckConfig {
        games,
        max_plies: 200,
        seed,
        perft_depth: Some(2),
        progress: false,
        strategy: ludolog::check::Strategy::Uniform,
        sweep: 0,
    };
    let report = compare(a.as_mut(), b.as_mut(), &config).unwrap();
    assert!(report.mismatch.is_none(), "{tier:?}: {:?}", report.mismatch);
    assert!(
        report.positions >= least,
        "{tier:?}: only {} positions",
        report.positions
    );
}

#[test]
fn spec_and_native_agree_over_200_positions() {
    agrees_with_native(Tier::Spec, (22, 11), 200);
}

#[test]
#[ignore = "slow: five times the games of the test above (half a minute)"]
fn the_rules_and_native_agree_over_1000_positions() {
    agrees_with_native(Tier::Spec, (55, 11), 1000);
}

#[test]
fn the_rulebooks_limits_are_the_goal_squares() {
    let spec = ludolog::registry::EngineSpec::new("mitsudomoe", Default::default());
    let rules = spec.resolve().expect("embedded").rules;
    let mut m = ludolog::prolog::PrologMachine::load(&rules, false).expect("load");
    let q = "findall(Sq, mitsudomoe:goal(white, Sq), WG), findall(Sq, mitsudomoe:goal(black, Sq), BG), \
             mitsudomoe:rules(R), ( R == rules(lim(WG, BG), lim(BG, WG)) -> X = same ; X = R ).";
    assert_eq!(
        format!("{:?}", m.answer(q, "X").expect(q)),
        r#"Atom("same")"#
    );
}

#[test]
fn a_vault_over_a_goal_ball_is_caught_and_shrunk() {
    // the mutant lets a ball vault over an opponent ball frozen on its goal square
    let m = common::mutant_mismatch(
        "mitsudomoe",
        "",
        "mitsudomoe.pl",
        (
            "[still(FM), guard(OBall, SM), relocate(OBall, [ORing])]",
            "[still(FM), relocate(OBall, [ORing])]",
        ),
        // seed 5 reaches such a vault in its first game (seed 1 in about 30 s)
        (60, 200, 5),
    );
    assert!(!m.only_a.is_empty(), "the mutant lists extra turns: {m:?}");
    // a goal ball to vault over takes a long game to set up
    assert!(m.moves.len() <= 50, "shrunk to {:?}", m.moves);
}
