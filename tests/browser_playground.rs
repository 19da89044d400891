//! The rules playground in a real browser (as `browser`'s tests drive it): a starter
//! chosen from the chooser loads into the editor and lints clean; a fault typed into
//! a line shows at that line, in the gutter and the findings, as it is typed, and
//! goes when it is taken out; *Play* opens the board on the text's game, which is
//! played by a click; the page comes back with the text kept in the tab.

use crate::browser::{browser_available, Browser, CHROMEDRIVER, CHROMIUM};
use crate::common;

use common::server::Server;
use serde_json::json;

#[test]
fn a_rule_text_is_linted_as_it_is_typed_and_played_on_the_board() {
    if !browser_available() {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED browser_playground::a_rule_text_is_linted_as_it_is_typed_and_played_on_the_board: it needs {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)"
        );
        return;
    }
    let server = Server::start(&["hex", "--playground"]);
    assert!(server.url.ends_with("/playground"), "{}", server.url);
    let b = Browser::start();
    b.goto(&server.url);
    // the page starts from `ludolog new`'s square starter, linted clean
    b.wait("document.querySelector('#source').value.includes(':- module(my_game')");
    b.wait("document.querySelector('#status').textContent.startsWith('no findings')");
    // the chooser loads the hex starter (the text was the last starter's: no question)
    b.run("const s = document.querySelector('#starter'); s.value = 'new-hex'; s.dispatchEvent(new Event('change'));");
    b.wait("document.querySelector('#source').value.includes('Hex-style')");
    b.wait("document.querySelector('#status').textContent.startsWith('no findings')");
    let clean = b.text("#source");
    let line = clean
        .lines()
        .position(|l| l.starts_with("legal("))
        .expect("a legal/2 clause")
        + 1;
    // a fault typed at the end of that line, key by key
    b.run(&format!(
        "const src = document.querySelector('#source'); const lines = src.value.split('\\n'); \
         let at = 0; for (let i = 0; i < {line}; i++) at += lines[i].length + 1; \
         src.focus(); src.setSelectionRange(at - 1, at - 1);"
    ));
    let typed: Vec<_> = " foo bar"
        .chars()
        .flat_map(|c| {
            [
                json!({"type": "keyDown", "value": c.to_string()}),
                json!({"type": "keyUp", "value": c.to_string()}),
            ]
        })
        .collect();
    b.send(
        "POST",
        "/actions",
        Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": typed}]})),
    );
    assert!(b
        .text("#source")
        .lines()
        .nth(line - 1)
        .unwrap_or_default()
        .ends_with(":- foo bar"));
    // Tab indents where the cursor is; after Escape it moves the focus on
    b.key("\u{E004}");
    assert!(b
        .text("#source")
        .lines()
        .nth(line - 1)
        .unwrap_or_default()
        .ends_with(":- foo bar    "));
    b.key("\u{E00C}");
    b.key("\u{E004}");
    assert_eq!(
        b.run("return document.activeElement === document.querySelector('#source');"),
        json!(false)
    );
    b.wait(&format!(
        "document.querySelector('#gutter div.bad[data-line=\"{line}\"]') !== null"
    ));
    b.wait(&format!(
        "[...document.querySelectorAll('#findings li')].some((li) => li.dataset.line === '{line}' && li.textContent.includes('syntax'))"
    ));
    let shot = b.screenshot("playground-finding");
    eprintln!("screenshot: {}", shot.display());
    // a click on the finding selects its line in the editor
    b.click(&format!("#findings li[data-line=\"{line}\"]"));
    assert_eq!(
        b.run("const s = document.querySelector('#source'); return s.value.slice(0, s.selectionStart).split('\\n').length;"),
        json!(line)
    );
    // taken out again, the text lints clean
    b.run(&format!(
        "const src = document.querySelector('#source'); src.value = {}; src.dispatchEvent(new Event('input'));",
        json!(clean)
    ));
    b.wait("document.querySelector('#status').textContent.startsWith('no findings') && document.querySelectorAll('#gutter div.bad').length === 0");
    // Play opens the board on the text's game, 4x4, which a click plays
    b.run("document.querySelector('#options').value = 'size=4';");
    b.click("#play");
    b.wait("document.querySelectorAll('#board [data-cell]').length === 16");
    b.ready();
    b.click_cell("b2");
    b.wait("[...document.querySelectorAll('#moves li:not(.redo)')].map((li) => li.textContent).join(' ') === 'b2'");
    let shot = b.screenshot("playground-played");
    eprintln!("screenshot: {}", shot.display());
    // back to the playground: the text is kept in the tab
    b.click("#to-playground");
    b.wait("document.querySelector('#source') !== null && document.querySelector('#source').value.includes('Hex-style')");
    assert_eq!(b.text("#options"), "size=4");
}
