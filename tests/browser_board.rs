//! `ludolog serve`'s board in a real browser (as `browser`'s tests drive it): the
//! players chosen from a menu — a named strength with the time a move of it takes,
//! a custom spec typed in, *Stop* that stops the server's search from the menu.

use crate::browser::{browser_available, Browser, CHROMEDRIVER, CHROMIUM};
use crate::common;

use common::server::Server;

/// Says SKIPPED past the harness's capture when there is no browser here.
fn skipped(test: &str) -> bool {
    if browser_available() {
        return false;
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED browser_board::{test}: it needs {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)"
    );
    true
}

#[test]
fn players_are_chosen_from_a_menu_in_a_real_browser() {
    if skipped("players_are_chosen_from_a_menu_in_a_real_browser") {
        return;
    }
    let server = Server::start(&["hex"]);
    let b = Browser::start();
    b.goto(&format!("{}?game=hex&options=size=7", server.url));
    b.wait("document.querySelector('#players').dataset.levels === 'ready' && document.querySelectorAll('#players select').length == 2");
    // each side: human, the three named strengths, custom
    assert_eq!(
        b.run("return [...document.querySelectorAll('#players select[data-level=\"blue\"] option')].map((o) => o.value).join(' ');"),
        "human easy medium strong custom"
    );
    // blue plays medium: the menu says its spec and the time a move takes
    b.click("#players select[data-level=\"blue\"] option[value=\"medium\"]");
    b.wait("/^mcts:[0-9]+, about [0-9.]+ s a move$/.test(document.querySelector('#players [data-side=\"blue\"] .level-time').textContent)");
    assert_eq!(
        b.run("return document.querySelector('#players [data-player=\"blue\"]').hidden;"),
        true
    );
    b.ready();
    b.click_cell("d4");
    b.wait("document.querySelectorAll('#moves li').length == 2");
    b.ready();
    b.screenshot("players-menu");
    // red: a custom spec, typed; Stop stops the server's search, nothing is played,
    // and the next click is red's
    b.click("#players select[data-level=\"red\"] option[value=\"custom\"]");
    b.wait("!document.querySelector('#players [data-player=\"red\"]').hidden");
    b.run("const i = document.querySelector('#players [data-player=\"red\"]'); i.value = 'alphabeta:30s'; i.dispatchEvent(new Event('change'));");
    b.wait(
        "document.querySelector('#status').textContent.includes('red (alphabeta:30s) is thinking')",
    );
    assert_eq!(
        b.text("#players [data-side=\"red\"] .level-time"),
        "about 30 s a move"
    );
    b.click("#stop");
    b.wait("document.querySelector('#note').textContent.startsWith('stopped') && document.querySelector('#status').textContent.startsWith('red to move')");
    assert_eq!(b.moves(), 2);
    b.click("#players select[data-level=\"red\"] option[value=\"human\"]");
    b.ready();
    b.click_cell("a1");
    // red's move, then blue's (medium, let play again by the menu's change)
    b.wait("document.querySelectorAll('#moves li').length == 4");
    assert_eq!(
        b.run("return document.querySelectorAll('#moves li')[2].textContent;"),
        "a1"
    );
    // a spec typed that is a level's shows as that level
    b.run("const i = document.querySelector('#players [data-player=\"red\"]'); i.value = 'random'; i.dispatchEvent(new Event('change'));");
    b.wait("document.querySelector('#players select[data-level=\"red\"]').value === 'easy'");
    b.wait("document.querySelectorAll('#moves li').length >= 6");
    b.screenshot("players-menu-playing");
}
