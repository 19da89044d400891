//! ludolog: a rules interpreter for abstract board games — Prolog rule files run by an
//! embedded scryer-prolog, native Rust engines, and the tools to prove they agree.
//!
//! The modules stand in layers, from the protocol (`game`) at the ground to the front
//! ends (`cli`, `repl`, `gtp`, `serve`) at the top: CONTRIBUTING.md's table says which
//! row each module is on, and `tests/layers.rs` holds every `crate::` path to it (a
//! module uses only its own row and those below).
#![deny(unsafe_code)]

pub mod analyse;
pub mod authoring;
pub mod check;
pub mod cli;
pub mod confine;
pub mod external;
pub mod foreign;
pub mod game;
pub mod games;
pub mod gdl;
pub mod gtp;
pub mod open;
pub mod parallel;
pub mod prolog;
pub mod record;
pub mod registry;
pub mod render;
pub mod repl;
pub mod search;
pub mod serve;
pub mod solve;
pub mod worker;
