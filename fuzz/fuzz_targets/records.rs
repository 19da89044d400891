//! Game records (the PGN-like text and Hex SGF): no panic reading one, or playing its
//! moves on the game's native engine; a record whose moves all play, written again,
//! reads back with the same moves and result.
#![no_main]

mod games;

use libfuzzer_sys::fuzz_target;
use ludolog::game::GameOptions;
use ludolog::record;

fuzz_target!(|data: &[u8]| {
    let Some((game, options)) = games::game_of(data) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(&data[1..]) else {
        return;
    };
    let Ok(options) = GameOptions::parse(&options) else {
        return;
    };
    let Ok(loaded) = record::parse(text, game, &options) else {
        return;
    };
    let mut plays = false;
    games::with_engine(data, |engine, _| {
        if let Ok(pos) = loaded.record.position(engine, None) {
            plays = true;
            engine.release(pos);
        }
    });
    if !plays {
        return;
    }
    // (the SGF writer needs the start position, which `play` gives it: an error here
    // is a precondition the caller meets, not a fault)
    let Ok(written) = loaded.record.render(loaded.format) else {
        return;
    };
    let again = record::parse(&written, game, &options).expect("a written record reads back");
    assert_eq!(
        again.record.moves, loaded.record.moves,
        "moves changed: {written:?}"
    );
    assert_eq!(
        again.record.result, loaded.record.result,
        "result changed: {written:?}"
    );
});
