//! Move texts of every game on its start position, natively: no panic; a move that
//! plays is one of the legal moves, written the way the engine lists it or read to
//! the same position.
#![no_main]

mod games;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    games::with_engine(data, |engine, text| {
        let start = engine.initial().expect("the start position");
        if let Ok(next) = engine.play(start, text) {
            let info = engine.describe(start).expect("describe");
            let after = engine.text(next).expect("text");
            let listed = info.legal.iter().any(|m| {
                let p = engine.play(start, m).expect("a listed move plays");
                let same = engine.text(p).expect("text") == after;
                engine.release(p);
                same
            });
            assert!(listed, "{text:?} played but is no listed move");
            engine.release(next);
        }
        engine.release(start);
    });
});
