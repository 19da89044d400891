//! The built-in games: one descriptor each (name, summary, options, rule file, native
//! engine), listed once here.
//!
//! Adding a game: one folder `src/games/<game>/` whose `mod.rs` defines a
//! `pub const DESCRIPTOR: GameDescriptor` (and the native engine, if any), one rule
//! file `rules/<game>.pl`, and one line in `ALL` below.  See CONTRIBUTING.md.

pub mod hex;
pub mod mitsudomoe;
pub mod replica;
pub mod tactigon;

use crate::game::GameDescriptor;

/// Every built-in game, in the order `ludolog games` lists them.
pub const ALL: &[&GameDescriptor] = &[
    &hex::DESCRIPTOR,
    &hex::CONTACTIX,
    &replica::DESCRIPTOR,
    &mitsudomoe::DESCRIPTOR,
    &tactigon::DESCRIPTOR,
    &tactigon::ADVANCED,
];

/// The built-in game called `name`.
pub fn find(name: &str) -> Option<&'static GameDescriptor> {
    ALL.iter().copied().find(|g| g.name == name)
}
