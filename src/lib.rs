//! ludolog: a rules interpreter for abstract board games — Prolog rule files run by an
//! embedded scryer-prolog, native Rust engines, and the tools to prove they agree.
//!
//! Layers, bottom up (no module uses one above it):
//! `game` (the protocol: `Game`, `Engine`, the `GameLine` every front end keeps,
//! options, descriptors, views, and the defaults) and `parallel` (threads, work
//! queues, shards);
//! `search`, `check`, `render` (over `game`);
//! `games` (native engines, their descriptors, the shared notation scanner and
//! `NativeEngine`) and `prolog` (rule files), side by side;
//! `foreign` (the native helpers rule files call); `registry` (opening a game in a
//! tier); `record` (game records, text and SGF, over `game`); `cli`, `repl`, `gtp`
//! (the Go Text Protocol engine) and `serve` (the web front end) on top.
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
