//! Tactigon: the spec, accelerated and native tiers agree (each with its own text)
//! over 100+ positions of random games (1,000+ with `--ignored`), and a mutant rule file is caught and shrunk.  The
//! rules text's hand-built positions are in tests/data/cases/tactigon.txt (tests/cases.rs).

use crate::common;

use ludolog::check::{compare, CheckConfig};
use ludolog::game::Tier;

/// `tier` and the native engine agree, position by position, over `games` seeded
/// random games of `game`, which pass through at least `least` positions.
fn agrees_with_native(game: &str, tier: Tier, (games, seed): (usize, u64), least: usize) {
    let mut a = common::engine(game, "", tier);
    let mut b = common::engine(game, "", Tier::Native);
    let config = CheckConfig {
        games,
        max_plies: 300,
        seed,
        perft_depth: Some(2),
        progress: false,
        strategy: ludolog::check::Strategy::Uniform,
        sweep: 0,
    };
    let report = compare(a.as_mut(), b.as_mut(), &config).unwrap();
    assert!(
        report.mismatch.is_none(),
        "{game} ({tier}): {:?}",
        report.mismatch
    );
    assert!(
        report.positions >= least,
        "{game} ({tier}): only {} positions",
        report.positions
    );
}

#[test]
fn spec_and_native_agree_over_100_positions() {
    agrees_with_native("tactigon", Tier::Spec, (5, 5), 100);
    agrees_with_native("tactigon_advanced", Tier::Spec, (3, 5), 100);
}

#[test]
fn accelerated_and_native_agree_over_100_positions() {
    agrees_with_native("tactigon", Tier::Accelerated, (4, 11), 100);
    agrees_with_native("tactigon_advanced", Tier::Accelerated, (4, 6), 100);
}

#[test]
#[ignore = "slow: eight times the games of the tests above (a minute)"]
fn every_tier_and_native_agree_over_1000_positions() {
    agrees_with_native("tactigon", Tier::Spec, (30, 5), 1000);
    agrees_with_native("tactigon_advanced", Tier::Spec, (26, 5), 1000);
    agrees_with_native("tactigon", Tier::Accelerated, (30, 11), 1000);
    agrees_with_native("tactigon_advanced", Tier::Accelerated, (26, 6), 1000);
}

#[test]
fn the_movers_are_the_ranges_and_the_combat_table() {
    // the accelerated tier moves pieces by movers/2: it must say what range/2,
    // combat/3 and letter/2 say
    use ludolog::game::GameOptions;
    use ludolog::registry::EngineSpec;
    let mut rules = EngineSpec::new("tactigon", GameOptions::default())
        .open_rules(Tier::Spec)
        .unwrap();
    let q = "findall(P-Ms, ( tactigon:other(P, _), \
                 findall(L-K-Ts, ( tactigon_pieces:piece_kind(A, Kind, P), tactigon:letter(A, L), tactigon_pieces:range(Kind, K), \
                     findall(T, ( tactigon:letter(D, T), tactigon_pieces:may_attack(Kind, P, D) ), Ts) ), Ms) ), \
                 Derived), \
             findall(P-Ms, tactigon:movers(P, Ms), Facts), \
             ( Derived == Facts -> X = same ; X = differ(Derived, Facts) ).";
    let x = rules.machine().answer(q, "X").unwrap();
    assert_eq!(x, scryer_prolog::Term::atom("same"));
}

#[test]
fn a_square_that_may_take_a_circle_is_caught_and_shrunk() {
    // the combat table says a square may not attack a circle (X); the mutant lets it
    let m = common::mutant_mismatch(
        "tactigon",
        "",
        "tactigon_pieces.pl",
        ("combat(square, circle, x).", "combat(square, circle, d)."),
        (30, 300, 1),
    );
    assert!(
        !m.only_a.is_empty(),
        "the mutant lists extra attacks: {m:?}"
    );
    assert!(m.moves.len() <= 20, "shrunk to {:?}", m.moves);
}
