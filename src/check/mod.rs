//! Differential checking: play seeded random games through two engines in lockstep,
//! compare every position (and each engine with its own position text), and shrink
//! the first disagreement to a short reproduction.

mod mismatch;
mod report;
mod run;
mod shrink;
mod step;
mod timed;

pub use mismatch::Mismatch;
pub use report::print_report;
pub use run::{compare, CheckConfig, CheckReport};
pub use shrink::shrink_moves;
pub use step::round_trip;
pub use timed::TimedEngine;
