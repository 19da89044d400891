//! The lossless contract, for every game in every tier it runs in: on every position
//! of 8 seeded random games (100 with `--ignored`), the position read back from its own text has the
//! same text, side to move, outcome and legal moves.  (The checker asserts the same
//! at every ply of every `check`; this test covers every game and tier at once.)
//!
//! Games are played by the native engine; each tier then holds each position by
//! reading its text once and is asked about it.  The rule tiers of the games whose
//! positions list hundreds of moves (Mitsudomoe, Tactigon) take the first plies of
//! each game only, to keep CI fast; `--ignored` runs them to the end.

use crate::common;

use ludolog::game::Tier;
use ludolog::games;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The position texts of `games` seeded random games, each cut off after `plies`.
fn positions(game: &str, options: &str, games: usize, plies: usize) -> Vec<String> {
    let mut e = common::engine(game, options, Tier::Native);
    let mut rng = SmallRng::seed_from_u64(17);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut at = e.initial().unwrap();
        for _ in 0..=plies {
            let info = e.describe(at).unwrap();
            out.push(info.position.clone());
            if info.legal.is_empty() {
                break;
            }
            let m = &info.legal[rng.gen_range(0..info.legal.len())];
            let next = e.play(at, m).unwrap();
            e.release(at);
            at = next;
        }
        e.release(at);
    }
    out
}

fn round_trip(game: &str, options: &str, tier: Tier, texts: &[String]) {
    let mut e = common::engine(game, options, tier);
    for text in texts {
        let at = e
            .parse(text)
            .unwrap_or_else(|err| panic!("{game} ({tier}): {text}: {err}"));
        let held = e.describe(at).unwrap();
        assert_eq!(
            &held.position, text,
            "{game} ({tier}): the text is not canonical"
        );
        let back = e.reread(at, &held.position).unwrap();
        assert_eq!(
            held, back,
            "{game} ({tier}): {text} loses part of its state"
        );
        e.release(at);
    }
    assert_eq!(e.held(), 0, "{game} ({tier})");
}

fn every_game(full: bool) {
    for row in common::game_rows() {
        let (game, options, plies) = (row.game.as_str(), row.options.as_str(), row.plies);
        let d = games::find(game).unwrap();
        let games = if full { 100 } else { 8 };
        let native = positions(game, options, games, 1000);
        round_trip(game, options, Tier::Native, &native);
        let short = if full {
            native.clone()
        } else {
            positions(game, options, games, plies)
        };
        for tier in d.tiers().into_iter().filter(|&t| t != Tier::Native) {
            round_trip(game, options, tier, &short);
        }
    }
}

#[test]
fn every_position_survives_its_own_text_in_every_tier() {
    every_game(false);
}

#[test]
#[ignore = "slow: the rule tiers on whole games of every game (minutes)"]
fn every_position_of_whole_games_survives_its_own_text_in_every_tier() {
    every_game(true);
}

#[test]
fn a_position_read_back_as_its_very_state_is_described_as_itself() {
    // a rule tier answers a reread whose state is the one held (==) with that
    // position's description: asked first, or after another position's, it is
    // still its own
    let mut e = common::engine("hex", "size=3", Tier::Spec);
    let start = e.initial().unwrap();
    let after = e.play(start, "b2").unwrap();
    let (a, b) = (e.describe(start).unwrap(), e.describe(after).unwrap());
    assert_ne!(a, b);
    assert_eq!(e.reread(after, &b.position).unwrap(), b, "right after");
    assert_eq!(
        e.reread(start, &a.position).unwrap(),
        a,
        "with nothing described"
    );
    e.describe(after).unwrap();
    assert_eq!(
        e.reread(start, &a.position).unwrap(),
        a,
        "another described"
    );
    e.release(start);
    e.release(after);
}

#[test]
fn a_machine_replaced_between_describe_and_reread_still_sees_a_lossy_text() {
    // a Replica whose text forgets the winner: replacing the machine moves each
    // held position through its text, so the won position becomes one still
    // played; the reread must describe that state, not give the description
    // asked of the held one before
    use ludolog::game::{Engine, GameOptions};
    let dir = tempfile::tempdir().expect("a directory");
    let right = "sight_out(Sight), notation:won(Status, [white, black]).";
    let lossy = "sight_out(Sight), { Status = _ }, notation:won(ongoing, [white, black]).";
    let text = std::fs::read_to_string("rules/replica.pl").expect("the rule file");
    assert!(
        text.contains(right),
        "replica.pl writes its winner as expected"
    );
    let path = dir.path().join("replica.pl");
    std::fs::write(&path, text.replacen(right, lossy, 1)).expect("written");
    let mut spec =
        ludolog::registry::EngineSpec::new(&path.display().to_string(), GameOptions::default());
    spec.trust = true;
    let mut e = spec.open_rules(Tier::Spec).expect("the mutant loads");
    let start = e.initial().unwrap();
    let moves: Vec<String> = "a2* g8-e6 a2-c4 h8-g8 c4-d5 e6-d5"
        .split(' ')
        .map(String::from)
        .collect();
    let won = e.play_all(start, &moves).unwrap();
    let held = e.describe(won).unwrap();
    assert!(held.outcome.is_some(), "{held:?}");
    e.set_recycle_at(0);
    let back = e.reread(won, &held.position).unwrap();
    assert_eq!(back.outcome, None, "the lossy text is seen");
    e.release(start);
    e.release(won);
}
