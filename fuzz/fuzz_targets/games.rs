//! The native engines the targets read texts with, one of each game, opened once per
//! fuzzing thread; the first byte of an input picks the game.

use ludolog::game::{Engine, GameOptions, Tier};
use ludolog::registry::EngineSpec;
use std::cell::RefCell;

/// Each built-in game with options small enough to fuzz quickly: the rows of
/// `tests/data/games.txt` (game | options | plies), which the generic tests read too.
fn games() -> Vec<(&'static str, Vec<&'static str>)> {
    include_str!("../../tests/data/games.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            let mut cols = l.split('|').map(str::trim);
            let game = cols.next()?;
            let options = cols.next()?.split_whitespace().collect();
            Some((game, options))
        })
        .collect()
}

thread_local! {
    static ENGINES: RefCell<Vec<Box<dyn Engine>>> = RefCell::new(
        games()
            .into_iter()
            .map(|(game, options)| {
                let options = GameOptions::parse(&options).expect("the fuzzed options parse");
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
pub fn game_of(data: &[u8]) -> Option<(&'static str, Vec<&'static str>)> {
    let games = games();
    data.first().map(|&b| games[b as usize % games.len()].clone())
}
