//! `ludolog serve`'s analysis pane in a real browser (as `browser`'s tests drive
//! it): Solve on Hex 4x4 — the proved value in words, every move's value tinted on
//! the board with its legend, the best move a numbered ghost; a move played on the
//! board (through the ghost) and the pane following it; MCTS's bar; alpha-beta on
//! an earlier position walked to with Home; Stop, after which the pane says its
//! report is of another position rather than following the board.

use crate::browser::{browser_available, Browser, CHROMEDRIVER, CHROMIUM};
use crate::common;

use common::server::Server;

#[test]
fn the_analysis_pane_works_in_a_real_browser() {
    if !browser_available() {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED browser_analysis::the_analysis_pane_works_in_a_real_browser: it needs {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)"
        );
        return;
    }
    let server = Server::start(&["hex"]);
    let b = Browser::start();
    b.goto(&format!("{}?game=hex&options=size=4", server.url));
    b.ready();
    // a native engine: MCTS is offered first
    assert_eq!(b.text("#analysis-method"), "mcts");
    b.run("document.querySelector('#analysis-method').value = 'solve';");
    b.click("#analyse");
    b.wait("document.body.dataset.analysis === 'done' && document.querySelectorAll('#board [data-cell][data-value]').length == 16");
    let result = b.text("#analysis-result");
    assert!(
        result.starts_with("Proved: Red, to move, wins\nMoves: 4 winning, 12 losing"),
        "{result}"
    );
    assert_eq!(
        b.run("return document.querySelectorAll('#board [data-value=\"win\"]').length;"),
        4
    );
    assert_eq!(
        b.run("return document.querySelector('#analysis-legend').hidden;"),
        false
    );
    assert_eq!(
        b.run("return document.querySelector('#analysis-bar-text').textContent;"),
        "red 100% · blue 0%"
    );
    // the best move is ghost 1, on its cell; a click there plays it (the ghost lets
    // clicks through), and the pane analyses the new position
    let best = b
        .run("return /Best: (\\S+)/.exec(document.querySelector('#analysis-result').textContent)[1];")
        .as_str()
        .expect("a best move")
        .to_string();
    assert_eq!(
        b.run("return document.querySelectorAll('#board .ghosts [data-ghost=\"1\"]').length;"),
        1
    );
    b.click_cell(&best);
    b.wait("document.querySelectorAll('#moves li').length == 1");
    b.wait("document.body.dataset.analysis === 'done' && document.querySelector('#analysis-result').textContent.startsWith('Proved: Blue, to move, loses') && document.querySelectorAll('#board [data-cell][data-value]').length == 15");
    b.screenshot("analysis-solve");
    // MCTS: a win rate and the bar
    b.run("const m = document.querySelector('#analysis-method'); m.value = 'mcts'; m.dispatchEvent(new Event('change'));");
    b.wait("document.body.dataset.analysis === 'done' && document.querySelector('#analysis-result').textContent.includes('win rate') && !document.querySelector('#analysis-bar').hidden");
    assert_eq!(
        b.run("return document.querySelectorAll('#board [data-cell][data-value]').length;"),
        0
    );
    // alpha-beta, on the start walked back to: the pane follows the board shown
    b.run("const m = document.querySelector('#analysis-method'); m.value = 'alphabeta'; m.dispatchEvent(new Event('change'));");
    b.wait("document.body.dataset.analysis === 'done' && document.querySelector('#analysis-result').textContent.includes('depth')");
    b.run("document.activeElement.blur();");
    b.key("\u{E011}");
    b.wait("document.querySelector('#viewing-text').textContent.startsWith('Viewing the start')");
    b.wait("document.body.dataset.analysis === 'done' && document.querySelector('#analysis-result').textContent.includes('Red wins in') && document.querySelectorAll('#board .ghosts [data-ghost]').length > 0");
    b.screenshot("analysis-alphabeta");
    // Stop: the pane no longer follows; back at the game, its report is of another
    // position, and no ghost is drawn
    b.click("#analysis-stop");
    b.key("\u{E010}");
    b.wait("document.querySelector('#viewing').hidden && document.querySelector('#analysis-result').textContent.startsWith('(of another position')");
    assert_eq!(
        b.run("return document.querySelectorAll('#board .ghosts [data-ghost]').length;"),
        0
    );
    assert_eq!(
        b.run("return document.querySelector('#analysis-stop').disabled;"),
        true
    );
}
