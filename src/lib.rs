//! ludolog: a rules interpreter for abstract board games — Prolog rule files run by an
//! embedded scryer-prolog, native Rust engines, and the tools to prove they agree.
#![deny(unsafe_code)]

pub mod check;
pub mod cli;
pub mod foreign;
pub mod game;
pub mod games;
pub mod prolog;
pub mod render;
pub mod repl;
pub mod search;
