//! Differential checking: play seeded random games through two engines in lockstep,
//! compare every position, and shrink the first disagreement to a short reproduction.

mod compare;
mod report;
mod shrink;
mod timed;

pub use compare::{compare, CheckConfig, CheckReport};
pub use report::{print_report, Mismatch};
pub use timed::TimedEngine;
