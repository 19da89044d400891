//! Where a rule tier's start-up goes (`cargo bench --bench startup -- GAME`): building a scryer machine, then loading a
//! game's rule set into one in the spec and the accelerated tier (`startup [GAME]`, default hex).

/// The process's allocator: the system's, counted against the memory limit.
#[global_allocator]
static ALLOCATOR: ludolog::foreign::memory::LimitedAlloc = ludolog::foreign::memory::LimitedAlloc;

use ludolog::game::{GameOptions, Tier};
use ludolog::registry::EngineSpec;
use std::time::Instant;

fn main() {
    // `cargo bench` passes `--bench`: the game is the first argument that is not a flag
    let game = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .unwrap_or_else(|| "hex".to_string());
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
    print!(
        "a bare machine {:.1} ms (with an empty toplevel {:.1} ms)",
        bare.as_secs_f64() * 1e3,
        minimal.as_secs_f64() * 1e3
    );
    for tier in [Tier::Spec, Tier::Accelerated] {
        let t = Instant::now();
        let spec = EngineSpec::new(&game, GameOptions::default());
        let engine = spec.open_rules(tier);
        print!(
            "; {game} in the {tier} tier {:.1} ms ({})",
            t.elapsed().as_secs_f64() * 1e3,
            match &engine {
                Ok(_) => "loaded".to_string(),
                Err(e) => format!("failed: {e}"),
            }
        );
    }
    println!();
}
