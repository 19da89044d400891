//! The three tiers of Hex agree position by position on random games, and the
//! rule file's position text round-trips.

use crate::common;

use ludolog::game::{Engine, Game, GameOptions};
use ludolog::game::{TextOps, Tier};
use ludolog::games::hex::Hex;
use ludolog::search::random_playout;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Positions met along seeded random native games (every ply of each game).
fn positions(options: &[&str], games: usize, seed: u64) -> Vec<String> {
    let start = Hex::from_options(&GameOptions::parse(options).unwrap()).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for _ in 0..games {
        let mut g = start.clone();
        out.push(g.position_text());
        while g.outcome().is_none() {
            g.legal_moves(&mut buf);
            let m = buf[rng.gen_range(0..buf.len())];
            g.play(m);
            out.push(g.position_text());
        }
    }
    out
}

fn agree(options: &str, games: usize, seed: u64) -> usize {
    let opts: Vec<&str> = options.split_whitespace().collect();
    let mut engines: Vec<Box<dyn Engine>> = Tier::ALL
        .iter()
        .map(|&t| common::engine("hex", options, t))
        .collect();
    let all = positions(&opts, games, seed);
    for pos in &all {
        let infos: Vec<_> = engines
            .iter_mut()
            .map(|e| e.describe_text(pos).expect("describe"))
            .collect();
        for (info, tier) in infos.iter().zip(Tier::ALL).skip(1) {
            assert_eq!(info, &infos[0], "{tier} disagrees with spec on {pos}");
        }
        // the position text round-trips through the rule file
        assert_eq!(infos[0].position, *pos);
        // and every tier reaches the same next position for the first legal move
        if let Some(m) = infos[0].legal.first() {
            let next: Vec<String> = engines
                .iter_mut()
                .map(|e| e.play_text(pos, m).expect("play"))
                .collect();
            assert!(
                next.iter().all(|n| n == &next[0]),
                "next positions differ after {m} from {pos}: {next:?}"
            );
        }
    }
    all.len()
}

#[test]
fn tiers_agree_on_random_5x5_games() {
    assert!(agree("size=5", 30, 1) >= 400);
}

#[test]
fn tiers_agree_on_random_games_with_swap() {
    assert!(agree("size=4 swap=true", 12, 2) >= 100);
}

#[test]
fn tiers_agree_on_random_11x11_games() {
    assert!(agree("size=11", 2, 3) >= 100);
}

#[test]
fn rule_file_outcome_matches_native_at_game_end() {
    let mut spec = common::engine("hex", "size=6", Tier::Spec);
    let start = Hex::from_options(&GameOptions::parse(&["size=6"]).unwrap()).unwrap();
    let mut rng = SmallRng::seed_from_u64(9);
    let mut buf = Vec::new();
    for _ in 0..20 {
        let (_, end) = random_playout(&start, &mut rng, &mut buf, u64::MAX);
        let info = spec.describe_text(&end.position_text()).unwrap();
        let winner = match end.outcome() {
            Some(ludolog::game::Outcome::Win(p)) => format!("win({})", end.player_names()[p]),
            other => panic!("hex always ends with a win, got {other:?}"),
        };
        assert_eq!(
            info.outcome.as_ref().map(ToString::to_string).as_deref(),
            Some(winner.as_str())
        );
        assert!(info.legal.is_empty());
    }
}

#[test]
fn evaluation_agrees_across_tiers() {
    // the accelerated tier asks the host for distances, native Hex uses bit planes
    let mut engines: Vec<Box<dyn Engine>> = Tier::ALL
        .iter()
        .map(|&t| common::engine("hex", "size=7", t))
        .collect();
    for pos in positions(&["size=7"], 6, 4).iter().step_by(3) {
        for player in ["red", "blue"] {
            let scores: Vec<i32> = engines
                .iter_mut()
                .map(|e| {
                    let at = e.parse(pos).expect("parse");
                    let v = e.evaluate(at, &player.into()).expect("evaluate");
                    e.release(at);
                    v
                })
                .collect();
            assert!(
                scores.iter().all(|&s| s == scores[0]),
                "{pos} {player}: {scores:?}"
            );
        }
    }
}
