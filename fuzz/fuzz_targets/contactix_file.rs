//! The Con-Tac-Tix position file of the UGent assignment: no panic, and a file that
//! reads gives a position whose text reads back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludolog::game::Game;
use ludolog::games::hex::contactix_file;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(hex) = contactix_file::parse(text) {
        let t = hex.position_text();
        let again = hex
            .parse_position(&t)
            .expect("the text of a file's position reads back");
        assert_eq!(again.position_text(), t);
    }
});
