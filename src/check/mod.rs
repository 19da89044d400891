//! Differential checking: play seeded random games through two engines in lockstep,
//! compare every position (and each engine with its own position text), and shrink
//! the first disagreement to a short reproduction — on many threads, and in shards
//! whose results merge into the report of one run.

mod explore;
mod mismatch;
mod parallel;
mod progress;
mod report;
mod run;
mod seen_lines;
mod shard;
mod shrink;
mod step;
mod sweep;
#[cfg(test)]
mod test_lines;
mod timed;

pub use explore::Strategy;
pub use mismatch::Mismatch;
pub use parallel::{compare_games, OpenPair};
pub use progress::progress_bar;
pub use report::print_report;
pub use run::{compare, compare_until, CheckConfig, CheckReport};
pub use shard::{merge, CheckRun, CheckShard};
pub use shrink::{shrink_lines, shrink_moves, Tried};
pub use step::round_trip;
pub use timed::TimedEngine;
