//! How fast the board is, in a real browser (issue 50 item 9): the first paint, the
//! board drawn and its footprints in (a click then picks a move at once) after the
//! page opens, and from a click to the move drawn and the next position's
//! footprints in, for Hex 11x11 (moves by clicking cells) and Mitsudomoe (by its
//! legal-move buttons), and a position seen again (walked back to: its footprints
//! kept), and the layout shift (as Cumulative Layout Shift sums it) at the opening and
//! after it.  Reported, never asserted: the figures go to the terminal and to
//! target/browser-timings.txt, and bench/README.md keeps them.

use crate::browser::{browser_available, Browser, CHROMEDRIVER, CHROMIUM};
use crate::common;

use common::server::Server;
use serde_json::Value;

/// The page's first mark of `name` after `t0` (ms since the page opened), less `t0`.
fn since(b: &Browser, name: &str, t0: f64) -> f64 {
    b.wait(&format!(
        "performance.getEntriesByName('{name}').some((m) => m.startTime >= {t0})"
    ));
    let v: Value = b.run(&format!(
        "return performance.getEntriesByName('{name}').find((m) => m.startTime >= {t0}).startTime - {t0};"
    ));
    v.as_f64().unwrap_or(f64::NAN)
}

/// Now, in the page's clock (ms since it opened).
fn now(b: &Browser) -> f64 {
    b.run("return performance.now();").as_f64().unwrap_or(0.0)
}

/// The page's open, drawn and footprints times; then each move's click to drawn and
/// to footprints: `play` makes the move.
fn measure(b: &Browser, url: &str, moves: usize, play: &dyn Fn(&Browser, usize)) -> Vec<String> {
    b.goto(url);
    // the layout shifts since the page opened (buffered) and from now on, summed as
    // Cumulative Layout Shift sums them (those right after an input excepted)
    b.run(
        "window.shifted = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) \
         if (!e.hadRecentInput) window.shifted += e.value; }).observe({ type: 'layout-shift', buffered: true });",
    );
    b.ready();
    let paint = b
        .run("const p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? p.startTime : null;")
        .as_f64()
        .unwrap_or(f64::NAN);
    let drawn = since(b, "drawn", 0.0);
    let feet = since(b, "footprints", 0.0);
    let shift = |b: &Browser| b.run("return window.shifted;").as_f64().unwrap_or(f64::NAN);
    let opened_shift = shift(b);
    let mut out = vec![format!(
        "opened: first paint {paint:.0} ms, board drawn {drawn:.0} ms, footprints in {feet:.0} ms, layout shift {opened_shift:.3}"
    )];
    for n in 0..moves {
        let t0 = now(b);
        play(b, n);
        let drawn = since(b, "drawn", t0);
        let feet = since(b, "footprints", t0);
        out.push(format!(
            "move {}: click to drawn {drawn:.0} ms, to footprints in {feet:.0} ms",
            n + 1
        ));
        b.ready();
    }
    // back a move and on again: both positions' footprints are kept
    b.run("document.activeElement.blur();");
    b.key("\u{E012}");
    b.wait("!document.querySelector('#viewing').hidden");
    b.ready();
    let t0 = now(b);
    b.key("\u{E014}");
    let drawn = since(b, "drawn", t0);
    let feet = since(b, "footprints", t0);
    out.push(format!(
        "a position seen again (→): drawn {drawn:.0} ms, footprints in {feet:.0} ms"
    ));
    out.push(format!(
        "layout shift after the opening, over the moves and the walk: {:.3}",
        shift(b) - opened_shift
    ));
    out
}

#[test]
#[ignore = "a measurement (bench/README.md): run it to report the times; it waits on the page's own marks, which a loaded machine can make late"]
fn paint_and_click_times_are_reported() {
    if !browser_available() {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED browser_timing::paint_and_click_times_are_reported: it needs {CHROMIUM} and {CHROMEDRIVER} (apt-get install chromium chromium-driver)"
        );
        return;
    }
    let server = Server::start(&["hex"]);
    let b = Browser::start();
    let mut report = Vec::new();
    let hex_cells = ["f6", "e7", "f5", "g4"];
    let hex = measure(
        &b,
        &format!("{}?game=hex&options=size=11", server.url),
        hex_cells.len(),
        &|b, n| b.click_cell(hex_cells[n]),
    );
    report.extend(hex.into_iter().map(|l| format!("hex 11x11 (native): {l}")));
    let mitsudomoe = measure(
        &b,
        &format!("{}?game=mitsudomoe", server.url),
        // the first legal move each time: white wins on the fourth
        3,
        &|b, _| {
            // the list is folded away until opened
            b.run("document.querySelector('#legal-moves').open = true;");
            b.click("#legal button")
        },
    );
    report.extend(
        mitsudomoe
            .into_iter()
            .map(|l| format!("mitsudomoe (native): {l}")),
    );
    let text = report.join("\n");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-timings.txt");
    let _ = std::fs::write(&path, format!("{text}\n"));
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{text}");
}
