//! Mitsudomoe: the spec and the native engine agree (each with its own text) over 1,000+
//! positions of random games, and a mutant rule file is caught and shrunk.  The
//! rules text's hand-built positions are in tests/data/cases/mitsudomoe.txt (tests/cases.rs).

use crate::common;

use ludolog::check::{compare, CheckConfig};
use ludolog::game::Tier;

#[test]
fn spec_and_native_agree_over_1000_positions() {
    let mut a = common::engine("mitsudomoe", "", Tier::Spec);
    let mut b = common::engine("mitsudomoe", "", Tier::Native);
    let config = CheckConfig {
        games: 55,
        max_plies: 200,
        seed: 11,
        perft_depth: Some(2),
        progress: false,
    };
    let report = compare(a.as_mut(), b.as_mut(), &config).unwrap();
    assert!(report.mismatch.is_none(), "{:?}", report.mismatch);
    assert!(
        report.positions >= 1000,
        "only {} positions",
        report.positions
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
            "-> \\+ memberchk(F-R, Shielded), V1 = [F-R|V0]",
            "-> V1 = [F-R|V0]",
        ),
        (60, 200, 1),
    );
    assert!(!m.only_a.is_empty(), "the mutant lists extra turns: {m:?}");
    // a goal ball to vault over takes a long game to set up
    assert!(m.moves.len() <= 50, "shrunk to {:?}", m.moves);
}
