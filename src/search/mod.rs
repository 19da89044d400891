//! Generic algorithms over `Game`: perft and random playouts.

mod perft;
mod playout;

pub use perft::perft;
pub use playout::{random_playout, random_playouts};
