//! Replica in every tier: the start position's 43 moves, the hand-built positions
//! of the rules, the tiers agreeing over 100+ positions (1,000+ with `--ignored`),
//! and a mutant rule file (a sideways diagonal allowed) caught and shrunk.

use crate::common;

use ludolog::check::{compare, CheckConfig};
use ludolog::game::{TextOps, Tier};

/// Replica runs in these tiers.
const TIERS: [Tier; 3] = [Tier::Spec, Tier::Accelerated, Tier::Native];

const START: &str = "4bbbB/4bbbb/6bb/6bb/ww6/ww6/wwww4/Wwww4 white";

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn the_start_has_the_43_moves_of_the_rules_in_every_tier() {
    let expected = "a1-a5 a1-c3 a1-e1 a2* a2-a5 a2-c4 a2-e2 a3* a3-a5 a3-c3 a3-c5 a4* a4-a5 a4-b5 a4-c4 b1* b1-b5 b1-d3 b1-e1 b2* b2-b5 b2-c3 b2-e2 b3-b5 b3-c3 b3-c4 b4-b5 b4-c4 b4-c5 c1* c1-c3 c1-e1 c1-e3 c2-c3 c2-d3 c2-e2 d1* d1-d3 d1-e1 d1-e2 d2-d3 d2-e2 d2-e3";
    for tier in TIERS {
        let mut e = common::engine("replica", "", tier);
        assert_eq!(e.initial_text().unwrap(), START);
        let info = e.describe_text(START).unwrap();
        assert_eq!(sorted(info.legal).join(" "), expected, "{tier}");
        let black = e.describe_text(&START.replace("white", "black")).unwrap();
        assert_eq!(black.legal.len(), 43, "{tier}: black mirrored");
    }
}

/// (position, a move, what the tiers must agree it leads to)
const CASES: &[(&str, &str, &str)] = &[
    // a jump over several friendly pieces ending in a capture
    (
        "7B/8/8/8/b7/w7/w7/W7 white",
        "a1-a4",
        "7B/8/8/8/W7/w7/w7/8 black",
    ),
    // capturing the enemy king wins
    (
        "8/8/8/8/8/8/8/WB6 white",
        "a1-b1",
        "8/8/8/8/8/8/8/1W6 black",
    ),
    // reaching the corner wins
    (
        "7B/6W1/8/8/8/8/8/8 white",
        "g7-h8",
        "6WB/8/8/8/8/8/8/8 black",
    ),
    // a man transformed while standing on the target corner wins
    (
        "7w/8/8/8/8/8/8/W6B white",
        "h8*",
        "7W/8/8/8/8/8/8/W6B black",
    ),
];

#[test]
fn hand_built_positions_agree_in_every_tier() {
    for tier in TIERS {
        let mut e = common::engine("replica", "", tier);
        for (pos, mv, _) in CASES {
            let next = e
                .play_text(pos, mv)
                .unwrap_or_else(|err| panic!("{tier}: {mv} in {pos}: {err}"));
            let info = e.describe_text(&next).unwrap();
            if *mv != "a1-a4" {
                assert_eq!(
                    info.outcome.as_ref().map(ToString::to_string).as_deref(),
                    Some("win(white)"),
                    "{tier}: {mv} in {pos} wins"
                );
            }
        }
        // a jump blocked by the board edge: a6 a7 a8 stacked, no northward move for any of them
        let info = e.describe_text("w6B/w7/w7/8/8/8/8/W7 white").unwrap();
        assert!(
            !info
                .legal
                .iter()
                .any(|m| m.starts_with("a6-a") || m.starts_with("a7-a") || m.starts_with("a8-a")),
            "{tier}: {:?}",
            info.legal
        );
        // transform blocked by an enemy piece between king and man
        let info = e.describe_text("7B/8/8/8/8/w7/b7/W7 white").unwrap();
        assert!(!info.legal.contains(&"a3*".to_string()), "{tier}");
        // no transform from behind the king with forward sight
        let info = e.describe_text("7B/8/8/8/8/2W5/8/w7 white").unwrap();
        assert!(!info.legal.contains(&"a1*".to_string()), "{tier}");
        // the illegal move says why
        let err = e.play_text(START, "a1-a2").unwrap_err().to_string();
        assert!(err.contains("not a forward step or jump"), "{tier}: {err}");
    }
}

#[test]
fn tiers_agree_over_100_positions() {
    tiers_agree(3, 100);
}

#[test]
#[ignore = "slow: ten times the games of the test above (half a minute)"]
fn tiers_agree_over_1000_positions() {
    tiers_agree(30, 1000);
}

/// Each rule tier agrees with the native engine, with and without `sight=all`, over
/// `games` seeded random games that pass through at least `least` positions.
fn tiers_agree(games: usize, least: usize) {
    for (a, b, opts) in [
        (Tier::Spec, Tier::Native, ""),
        (Tier::Spec, Tier::Native, "sight=all"),
        (Tier::Accelerated, Tier::Native, ""),
        (Tier::Accelerated, Tier::Native, "sight=all"),
    ] {
        let mut ea = common::engine("replica", opts, a);
        let mut eb = common::engine("replica", opts, b);
        let config = CheckConfig {
            games,
            max_plies: 1000,
            seed: 3,
            perft_depth: Some(2),
            progress: false,
            strategy: ludolog::check::Strategy::Uniform,
            sweep: 0,
        };
        let report = compare(ea.as_mut(), eb.as_mut(), &config).unwrap();
        assert!(
            report.mismatch.is_none(),
            "{a} vs {b}: {:?}",
            report.mismatch
        );
        assert!(
            report.positions >= least,
            "only {} positions",
            report.positions
        );
    }
}

#[test]
fn the_shadow_directions_are_the_rules_directions() {
    // the accelerated tier names directions by number (dir/3): its runs must be
    // forward/3 in order; its sight (seen_args/6) the runs with forward sight and
    // every compass direction with sight=all, seen by the side's king letter
    use ludolog::game::GameOptions;
    use ludolog::registry::EngineSpec;
    let mut rules = EngineSpec::new("replica", GameOptions::default())
        .open_rules(Tier::Spec)
        .unwrap();
    let q = "findall(P-Ds, ( replica:other(P, _), findall(D, ( replica:forward(P, DF, DR), \
                 replica:dir(DF, DR, D) ), Ds) ), Forward), \
             findall(P-Ds, ( replica:runs(P, _, Ds) ), Runs), \
             findall(D, ( replica:compass(DF, DR), replica:dir(DF, DR, D) ), All0), sort(All0, All), \
             findall(S-P-K-Ds-[e, M]-M, ( ( S = forward ; S = all ), replica:other(P, _), \
                 replica:square_letter(king(P), K), replica:square_letter(man(P), M), \
                 ( S == forward -> replica:runs(P, _, Ds) ; Ds = All ) ), Seen0), \
             findall(S-P-K-Ds-T-M, replica:seen_args(S, P, K, Ds, T, M), Seen), \
             ( Forward == Runs, Seen0 == Seen -> X = same ; X = differ(Forward, Runs, Seen0, Seen) ).";
    let x = rules.machine().answer(q, "X").unwrap();
    assert_eq!(x, scryer_prolog::Term::atom("same"));
}

#[test]
fn a_sideways_diagonal_is_caught_and_shrunk() {
    let m = common::mutant_mismatch(
        "replica",
        "",
        "replica.pl",
        (
            "forward(white, 1, 1).",
            "forward(white, 1, 1).\nforward(white, -1, 1).",
        ),
        (5, 200, 1),
    );
    assert!(m.moves.len() <= 4, "shrunk to {:?}", m.moves);
    assert!(!m.only_a.is_empty(), "the mutant lists extra moves: {m:?}");
}

/// From the start: Black captures one of White's two kings (c1 was transformed) on
/// the 18th move; White still has a king, the board shows no win, the text must.
const TWO_KINGS_GAME: &str = "a3-c5 g5-f5 b1-e1 h5-h4 c2-d3 h6-f6 c1* g7-e5 b4-b5 f5-d5 \
                              a1-a3 g6-e6 a3-c3 e6-c4 d3-e4 e7-e6 d1-d3 c4-c3";

#[test]
fn capturing_one_of_several_kings_wins_and_the_text_keeps_it() {
    for tier in TIERS {
        let mut e = common::engine("replica", "", tier);
        // hand-built: two black kings, White takes one
        let after = e.play_text("8/8/8/8/8/8/8/WBB5 white", "a1-b1").unwrap();
        assert_eq!(after, "8/8/8/8/8/8/8/1WB5 black won=white", "{tier}");
        let info = e.describe_text(&after).unwrap();
        assert_eq!(
            info.outcome.as_ref().map(ToString::to_string).as_deref(),
            Some("win(white)"),
            "{tier}"
        );
        assert!(info.legal.is_empty(), "{tier}: no moves once won");
        // the same board without the field is a game that goes on: the field is the state
        let on = e.describe_text("8/8/8/8/8/8/8/1WB5 black").unwrap();
        assert_eq!(on.outcome, None, "{tier}");
        // a win the text cannot have: the side to move, or against the board
        assert!(e
            .describe_text("8/8/8/8/8/8/8/1WB5 black won=black")
            .is_err());
        assert!(e
            .describe_text("8/8/8/8/8/8/8/1W6 black won=black")
            .is_err());
        // from the start, as a game
        let start = e.initial().unwrap();
        let moves: Vec<String> = TWO_KINGS_GAME
            .split_whitespace()
            .map(String::from)
            .collect();
        let end = e.play_all(start, &moves).unwrap();
        let info = e.describe(end).unwrap();
        assert_eq!(
            info.outcome.as_ref().map(ToString::to_string).as_deref(),
            Some("win(black)"),
            "{tier}"
        );
        assert!(
            info.position.contains('W'),
            "White keeps a king: {}",
            info.position
        );
        assert!(
            info.position.ends_with(" white won=black"),
            "{}",
            info.position
        );
        assert_eq!(
            e.describe_text(&info.position).unwrap(),
            info,
            "{tier}: round trip"
        );
    }
}

#[test]
fn a_position_text_that_drops_the_winner_is_caught_and_named() {
    // the mutant forgets to print " won=COLOUR".  Checked against itself, both
    // sides agree on everything (as two engines that lose the same field do):
    // only the lossless-text assertion can see it, and it names the field.
    let forget = (
        "sight_out(Sight), notation:won(Status, [white, black]).",
        "sight_out(Sight), { Status = _ }, notation:won(ongoing, [white, black]).",
    );
    let (_da, mut a) = common::mutant("replica", "", "replica.pl", forget.0, forget.1);
    let (_db, mut b) = common::mutant("replica", "", "replica.pl", forget.0, forget.1);
    let config = CheckConfig {
        games: 40,
        max_plies: 1000,
        seed: 1,
        perft_depth: None,
        progress: false,
        strategy: ludolog::check::Strategy::Uniform,
        sweep: 0,
    };
    let m = compare(a.as_mut(), b.as_mut(), &config)
        .unwrap()
        .mismatch
        .expect("the lossy text is caught");
    assert!(m.lost.contains(&"outcome".to_string()), "{m:?}");
    assert!(
        m.what
            .iter()
            .any(|w| w.contains("lossy") && w.contains("outcome win(")),
        "{:?}",
        m.what
    );
    // shrunk: the game up to the win that the text forgets
    assert!(m.moves.len() <= 40, "shrunk to {} moves", m.moves.len());
    // against the native engine the same loss is caught, and shrinking keeps it (a
    // line that fails another way is not its reproduction); at the position the
    // winning move reaches, the native text says won= and the mutant's does not
    let m = common::mutant_mismatch("replica", "", "replica.pl", forget, (40, 1000, 1));
    assert!(m.lost.contains(&"outcome".to_string()), "{m:?}");
    let mut native = common::engine("replica", "", Tier::Native);
    let start = native.initial().unwrap();
    let at = native.play_all(start, &m.moves).unwrap();
    let text = native.text(at).unwrap();
    assert!(text.contains(" won="), "{text}");
    assert!(!m.position.contains(" won="), "{m:?}");
}

#[test]
fn a_man_seen_by_several_kings_transforms_once_in_every_tier() {
    // the white kings on a1 and b1 both see the man on b2 (north-east and north): one
    // transform; the king on d1 sees the man on e2 (north-east) alone; with sight=all
    // it also sees c2 (north-west), which no forward ray reaches
    let cases = [
        ("7B/8/8/8/8/8/1w2w3/WW1W4 white", "b2* e2*"),
        ("7B/8/8/8/8/8/1ww1w3/WW1W4 white sight=all", "b2* c2* e2*"),
        // an enemy man between blocks the sight; a friendly one does not
        ("7B/8/8/8/w7/b7/w7/W7 white", "a2*"),
    ];
    for tier in TIERS {
        for (text, transforms) in cases {
            let (opts, text) = match text.strip_suffix(" sight=all") {
                Some(t) => ("sight=all", t),
                None => ("", text),
            };
            let mut e = common::engine("replica", opts, tier);
            let info = e.describe_text(text).unwrap();
            let seen: Vec<String> = info
                .legal
                .iter()
                .filter(|m| m.ends_with('*'))
                .cloned()
                .collect();
            assert_eq!(sorted(seen).join(" "), transforms, "{tier}: {text} {opts}");
        }
    }
}
