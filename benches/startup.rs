//! Where a rule tier's start-up goes (`cargo bench --bench startup -- GAME`): building a scryer machine, then loading a
//! game's rule set into one (`startup [GAME]`, default hex).

use ludolog::game::{GameOptions, Tier};
use ludolog::registry::EngineSpec;
use std::time::Instant;

fn main() {
    let game = std::env::args().nth(1).unwrap_or_else(|| "hex".to_string());
    let t = Instant::now();
    let m = scryer_prolog::MachineBuilder::new().build();
    let bare = t.elapsed();
    drop(m);
    let t = Instant::now();
    let m = scryer_prolog::MachineBuilder::new()
        .with_toplevel(":- module('$toplevel', []).\n")
        .build();
    let minimal = t.elapsed();
    drop(m);
    let t = Instant::now();
    let spec = EngineSpec::new(&game, GameOptions::default());
    let engine = spec.open_rules(Tier::Spec);
    let full = t.elapsed();
    println!(
        "a bare machine {:.1} ms (with an empty toplevel {:.1} ms); {game} in the spec tier {:.1} ms ({})",
        bare.as_secs_f64() * 1e3,
        minimal.as_secs_f64() * 1e3,
        full.as_secs_f64() * 1e3,
        if engine.is_ok() { "loaded" } else { "failed" }
    );
}
