//! Position texts of every game, natively: no panic, and a text that reads writes back
//! to a text that reads to the same position (the lossless contract), with the same
//! side to move, outcome and legal moves; each legal move plays.
#![no_main]

mod games;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    games::with_engine(data, |engine, text| {
        let Ok(pos) = engine.parse(text) else {
            return;
        };
        let info = engine
            .describe(pos)
            .expect("a position that reads describes itself");
        let again = engine
            .parse(&info.position)
            .expect("the text of a position reads back");
        let info2 = engine.describe(again).expect("describe");
        assert_eq!(
            info.position, info2.position,
            "text changed reading {text:?}"
        );
        assert_eq!(info.to_move, info2.to_move);
        assert_eq!(info.outcome, info2.outcome);
        assert_eq!(info.legal, info2.legal);
        for m in info.legal.iter().take(8) {
            let next = engine.play(pos, m).expect("a listed move plays");
            engine.release(next);
        }
        engine.release(again);
        engine.release(pos);
    });
});
