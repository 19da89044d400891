//! The native engines the targets read texts with, one of each game, opened once per
//! fuzzing thread; the first byte of an input picks the game.

use ludolog::game::{Engine, GameOptions, Tier};
use ludolog::registry::EngineSpec;
use std::cell::RefCell;

/// Each game with options small enough to fuzz quickly.
const GAMES: &[(&str, &[&str])] = &[
    ("hex", &["size=4", "swap=true"]),
    ("contactix", &["cols=3", "rows=4"]),
    ("replica", &[]),
    ("mitsudomoe", &[]),
    ("tactigon", &[]),
    ("tactigon_advanced", &[]),
];

thread_local! {
    static ENGINES: RefCell<Vec<Box<dyn Engine>>> = RefCell::new(
        GAMES
            .iter()
            .map(|(game, options)| {
                let options = GameOptions::parse(options).expect("the fuzzed options parse");
                EngineSpec::new(game, options)
                    .in_tier(Tier::Native)
                    .open()
                    .expect("a built-in game opens natively")
            })
            .collect(),
    );
}

/// Runs `f` on the engine the first byte of `data` picks, with the rest as text.
pub fn with_engine(data: &[u8], f: impl FnOnce(&mut dyn Engine, &str)) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    ENGINES.with(|engines| {
        let mut engines = engines.borrow_mut();
        let n = engines.len();
        let engine = &mut engines[pick as usize % n];
        f(engine.as_mut(), text);
    });
}

/// The name of the game the first byte of `data` picks.
#[allow(dead_code)] // used by the records target only
pub fn game_of(data: &[u8]) -> Option<(&'static str, &'static [&'static str])> {
    data.first().map(|&b| GAMES[b as usize % GAMES.len()])
}
