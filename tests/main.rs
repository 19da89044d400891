//! Every integration test, as modules of one test binary: one link instead of one per file
//! (a fresh-clone CI spent minutes linking ~40 binaries).  Run one file's tests with
//! `cargo test --test integration repl::`.  `tests/limits.rs` has a binary of its own.

/// The process's allocator: the system's, counted against the memory limit.
#[global_allocator]
static ALLOCATOR: ludolog::foreign::memory::LimitedAlloc = ludolog::foreign::memory::LimitedAlloc;

mod common;

mod accelerated;
mod against;
mod against_failures;
mod analyse;
mod bad_input;
mod bad_input_corpus;
mod bench;
mod board_library;
mod board_stacks;
mod browser;
mod browser_analysis;
mod browser_board;
mod browser_live;
mod browser_playground;
mod browser_timing;
mod cases;
mod check;
mod contactix;
mod contributing;
mod escapes;
mod fuzz;
mod gdl;
mod gdl_view;
mod gtp;
mod layers;
mod lint;
mod lint_runaway;
mod loader_expansion;
mod mitsudomoe;
mod new_game_starter;
mod new_native_game;
mod nth_legal;
mod openspiel_adapter;
mod perft;
mod planted_bugs;
mod planted_othello;
mod play;
mod position_kinds;
mod reachable;
mod records;
mod render;
mod repl;
mod repl_piped;
mod repl_terminal;
mod repl_tools;
mod replica;
mod round_trip;
mod sandbox;
mod sandbox_meta;
mod save_record;
mod search;
mod serve;
mod serve_analysis;
mod serve_board;
mod serve_history;
mod serve_live;
mod serve_playground;
mod sgf_dialects;
mod shards;
mod solve;
mod tactigon;
mod threads;
mod tiers_agree;
mod turn_playouts;
mod tutorial;
mod variants;
mod watch;
mod why;
mod worker;
