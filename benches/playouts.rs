//! A fixed workload for profiling native Hex: `cargo bench --bench playouts -- N SIZE` runs N seeded
//! random playouts on an empty SIZE x SIZE board and prints the plies played.
//! Counting instructions (`valgrind --tool=callgrind`) on it gives the same number
//! on a busy machine as on an idle one.

/// The process's allocator: the system's, counted against the memory limit.
#[global_allocator]
static ALLOCATOR: ludolog::foreign::memory::LimitedAlloc = ludolog::foreign::memory::LimitedAlloc;

use ludolog::game::GameOptions;
use ludolog::games::hex::Hex;
use ludolog::search::random_playouts;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let size = args.next().unwrap_or_else(|| "11".to_string());
    let options = GameOptions::parse(&[format!("size={size}")]);
    let game = options.and_then(|o| Hex::from_options(&o));
    match game {
        Ok(game) => println!("{}", random_playouts(&game, n, 1, u64::MAX)),
        Err(e) => eprintln!("error: {e}"),
    }
}
