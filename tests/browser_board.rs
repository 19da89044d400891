//! `ludolog serve`'s board in a real browser (as `browser`'s tests drive it): the
//! players chosen from a menu — a named strength with the time a move of it takes,
//! a custom spec typed in, *Stop* that stops the server's search from the menu — and
//! a board that explains itself: the game's own options typed in the New game form,
//! hover showing what a click would do, the winning line drawn and the status in words.

use crate::browser::{browser_available, Browser, CHROMEDRIVER, CHROMIUM, ELEMENT};
use crate::common;

use common::server::Server;
use serde_json::json;

/// Moves the pointer over the element a CSS selector finds, as a mouse would.
fn hover(b: &Browser, selector: &str) {
    let found = b.send(
        "POST",
        "/element",
        Some(json!({ "using": "css selector", "value": selector })),
    );
    let id = found[ELEMENT].as_str().expect("an element").to_string();
    let actions = json!({"actions": [{"type": "pointer", "id": "mouse",
        "parameters": {"pointerType": "mouse"},
        "actions": [{"type": "pointerMove", "duration": 0, "x": 0, "y": 0,
                     "origin": {ELEMENT: id}}]}]});
    b.send("POST", "/actions", Some(actions));
}

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
    // a number of playouts typed: its time at the rate the levels were timed at (on
    // an idle machine the strong level is this very spec, and shows as that level:
    // "mcts:1000000, about 4 s a move")
    b.run("const i = document.querySelector('#players [data-player=\"red\"]'); i.value = 'mcts:1000000'; i.dispatchEvent(new Event('change'));");
    b.wait("/(^|^mcts:1000000, )about [0-9.]+ s a move$/.test(document.querySelector('#players [data-side=\"red\"] .level-time').textContent) && document.querySelector('#status').textContent.includes('thinking')");
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

#[test]
fn the_board_explains_itself_in_a_real_browser() {
    if skipped("the_board_explains_itself_in_a_real_browser") {
        return;
    }
    let server = Server::start(&["hex"]);
    let b = Browser::start();
    // the address's options show in the game's own fields
    b.goto(&format!("{}?game=hex&options=size=5", server.url));
    b.wait("document.querySelector('#option-fields [data-option=\"size\"]')?.value === '5'");
    assert_eq!(
        b.run("return document.querySelector('#option-fields [data-option=\"swap\"]').type;"),
        "checkbox"
    );
    assert_eq!(
        b.run("return document.querySelector('#options').hidden;"),
        true
    );
    b.ready();
    // hover: the cell a click would play, named
    hover(&b, "#board [data-cell=\"c3\"]");
    b.wait("document.querySelector('#board').dataset.hover === 'c3' && document.querySelector('#board [data-cell=\"c3\"]').classList.contains('hover')");
    // Connect Four with a line of three, from its fields
    b.run("const g = document.querySelector('#game'); g.value = 'connect_four'; g.dispatchEvent(new Event('change'));");
    b.wait("[...document.querySelectorAll('#option-fields [data-option]')].map((f) => f.dataset.option).join(' ') === 'cols rows line'");
    b.run("const f = document.querySelector('#option-fields [data-option=\"line\"]'); f.value = '3'; f.dispatchEvent(new Event('input'));");
    assert_eq!(b.text("#options"), "line=3");
    b.click("#start");
    b.wait("document.querySelectorAll('#board [data-cell]').length == 42 && document.querySelectorAll('#moves li').length == 0");
    b.ready();
    // hover over the top of a column: its landing cell, as a click there plays it
    hover(&b, "#board [data-cell=\"b6\"]");
    b.wait("document.querySelector('#board').dataset.hover === 'b' && document.querySelector('#board [data-cell=\"b1\"]').classList.contains('hover')");
    for (n, cell) in ["a6", "b6", "a6", "b6", "a6"].iter().enumerate() {
        b.click_cell(cell);
        b.wait(&format!(
            "document.querySelectorAll('#moves li').length == {}",
            n + 1
        ));
        if n < 4 {
            b.ready();
        }
    }
    // the line is drawn, and the status says who won and how
    b.wait("document.querySelector('#status').textContent === 'X wins: 3 in a line'");
    assert_eq!(
        b.run("return document.querySelectorAll('#board .highlight circle').length;"),
        3
    );
    b.screenshot("connect-four-won");
    // Hex 5x5 by clicks: the chain that joins top and bottom
    b.goto(&format!("{}?game=hex&options=size=5", server.url));
    b.wait("document.querySelector('#board [data-cell=\"c1\"]') !== null");
    // every cell takes the focus, named by its cell: Enter plays it, and the
    // focus stays on it when the board is drawn again
    assert_eq!(
        b.run("const c = document.querySelector('#board [data-cell=\"c1\"]'); return [c.tabIndex, c.getAttribute('role'), c.getAttribute('aria-label')].join(' ');"),
        "0 button c1"
    );
    b.ready();
    b.run("document.querySelector('#board [data-cell=\"c1\"]').focus();");
    b.key("\u{E007}");
    b.wait("document.querySelectorAll('#moves li').length == 1 && document.activeElement.getAttribute('data-cell') === 'c1'");
    b.ready();
    for (n, cell) in ["a1", "c2", "a2", "b3", "a3", "b4", "a4", "b5"]
        .iter()
        .enumerate()
    {
        let n = n + 1;
        b.click_cell(cell);
        b.wait(&format!(
            "document.querySelectorAll('#moves li').length == {}",
            n + 1
        ));
        if n < 8 {
            b.ready();
        }
    }
    b.wait("document.querySelector('#status').textContent === 'Red wins: joined top and bottom'");
    assert_eq!(
        b.run("return document.querySelectorAll('#board .highlight circle').length;"),
        5
    );
    b.screenshot("hex-won");
    // the favicon is the page's
    assert_eq!(
        b.run("return document.querySelector('link[rel=icon]').href.endsWith('/favicon.svg');"),
        true
    );
    // the playground's link opens this game's rule file
    b.click("#to-playground");
    b.wait("location.pathname === '/playground' && document.querySelector('#source').value.includes(':- module(hex,')");
    assert_eq!(
        b.run("return document.querySelector('#against').value;"),
        "game:hex"
    );
    b.goto(&format!("{}?game=hex&options=size=5", server.url));
    b.wait("document.querySelector('#board [data-cell=\"c1\"]') !== null");
    // every panel folds by its title, and is as it was left when the page opens again
    b.click("#panel-analysis > summary");
    b.wait("!document.querySelector('#panel-analysis').open");
    assert_eq!(
        b.run("return !document.querySelector('#analyse').checkVisibility();"),
        true
    );
    b.screenshot("panel-folded");
    let open_panels = "return [...document.querySelectorAll('details.panel')].filter((d) => d.open).map((d) => d.id).join(' ');";
    b.goto(&format!("{}?game=hex&options=size=5", server.url));
    b.wait("document.querySelector('#board [data-cell=\"c1\"]') !== null");
    assert_eq!(
        b.run(open_panels),
        "panel-move panel-history panel-players panel-tiers panel-repl panel-position panel-record panel-share"
    );
    // on a phone's width, a first visit opens the panels a game is played with
    b.run("localStorage.clear();");
    b.send(
        "POST",
        "/window/rect",
        Some(json!({"width": 420, "height": 900})),
    );
    b.wait("window.innerWidth <= 420");
    b.goto(&format!("{}?game=hex&options=size=5", server.url));
    b.wait("document.querySelector('#board [data-cell=\"c1\"]') !== null");
    assert_eq!(b.run(open_panels), "panel-move panel-history panel-players");
    b.screenshot("panels-phone");
}

#[test]
fn the_moves_taken_back_are_shown_in_the_history_in_a_real_browser() {
    if skipped("the_moves_taken_back_are_shown_in_the_history_in_a_real_browser") {
        return;
    }
    let server = Server::start(&["hex"]);
    let b = Browser::start();
    b.goto(&format!("{}?game=hex&options=size=3", server.url));
    b.ready();
    for (n, cell) in ["b1", "a1", "b2"].iter().enumerate() {
        b.click_cell(cell);
        b.wait(&format!(
            "document.querySelectorAll('#moves li').length == {}",
            n + 1
        ));
        b.ready();
    }
    // two taken back: they stay in the list, greyed, after the moves played
    for left in [2, 1] {
        b.click("#undo");
        b.wait(&format!(
            "document.querySelectorAll('#moves li:not(.redo)').length == {left}"
        ));
    }
    b.wait("[...document.querySelectorAll('#moves li.redo')].map((li) => li.dataset.turn || '').join('|') + ' ' + [...document.querySelectorAll('#moves li.redo')].map((li) => li.textContent).join(' ') === '|2. a1 b2'");
    b.screenshot("history-redo");
    // a click on the last plays both again
    b.click("#moves li.redo:last-child button");
    b.wait("document.querySelectorAll('#moves li:not(.redo)').length == 3 && document.querySelectorAll('#moves li.redo').length == 0");
    assert_eq!(
        b.run("return [...document.querySelectorAll('#moves li')].map((li) => li.textContent).join(' ');"),
        "b1 a1 b2"
    );
}
