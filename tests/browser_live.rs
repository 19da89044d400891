//! `ludolog serve` shared between two real browsers (as `browser`'s tests drive
//! them): the game's share link opened in a second browser is the same game; each
//! plays a side by clicking, and each page shows the other's move as it is played,
//! from the live updates (no reload, no polling); Undo in one is seen in the other.

use crate::browser::{browser_available, Browser, CHROMEDRIVER, CHROMIUM};
use crate::common;

use common::server::Server;

#[test]
fn a_game_is_shared_between_two_browsers() {
    if !browser_available() {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED browser_live::a_game_is_shared_between_two_browsers: it needs {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)"
        );
        return;
    }
    let server = Server::start(&["hex"]);
    let red = Browser::start();
    red.goto(&format!("{}?game=hex&options=size=5", server.url));
    red.ready();
    red.wait("document.body.dataset.live === 'open'");
    let link = red
        .run("return document.querySelector('#share').href;")
        .as_str()
        .expect("a share link")
        .to_string();
    assert!(link.contains('#'), "{link}");
    let blue = Browser::start();
    blue.goto(&link);
    blue.wait("document.body.dataset.live === 'open' && document.querySelectorAll('#board [data-cell]').length == 25");
    assert_eq!(
        blue.run("return document.querySelector('#share').href;"),
        red.run("return document.querySelector('#share').href;")
    );
    let moves_are = |b: &Browser, moves: &str| {
        b.wait(&format!(
            "[...document.querySelectorAll('#moves li:not(.redo)')].map((li) => li.textContent).join(' ') === '{moves}'"
        ));
    };
    // red plays in the first browser; the second shows it, blue to move, and plays
    red.click_cell("c3");
    moves_are(&red, "c3");
    moves_are(&blue, "c3");
    blue.wait("document.querySelector('#status').textContent.startsWith('blue to move')");
    blue.ready();
    blue.click_cell("b2");
    moves_are(&blue, "c3 b2");
    moves_are(&red, "c3 b2");
    red.wait("document.querySelector('#board [data-cell=\"b2\"].last') !== null");
    red.ready();
    red.click_cell("d2");
    moves_are(&blue, "c3 b2 d2");
    // Undo in one browser is seen in the other
    blue.click("#undo");
    moves_are(&red, "c3 b2");
    red.wait("document.querySelector('#status').textContent.startsWith('red to move')");
    red.screenshot("shared-red");
    blue.screenshot("shared-blue");
}
