//! `-O key=value` options: no panic; options that parse and open a game give an engine
//! whose start position reads back from its text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludolog::game::{GameOptions, Tier};
use ludolog::registry::EngineSpec;


fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let items: Vec<&str> = text.split('\n').collect();
    let Ok(options) = GameOptions::parse(&items) else {
        return;
    };
    // every built-in game with a native engine, from the registry
    let games = ludolog::games::ALL;
    let game = games[pick as usize % games.len()].name;
    let Ok(mut engine) = EngineSpec::new(game, options).in_tier(Tier::Native).open() else {
        return;
    };
    let start = engine.initial().expect("an engine that opens has a start");
    let text = engine.text(start).expect("text");
    let again = engine.parse(&text).expect("the start's text reads back");
    assert_eq!(engine.text(again).expect("text"), text);
});
