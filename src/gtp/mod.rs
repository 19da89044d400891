//! A GTP (Go Text Protocol, version 2) engine for any game: the protocol HexGui,
//! tournament programs and other controllers speak to Hex engines.
//!
//! `GtpSession::handle` answers one line of input; `ludolog gtp` runs it over standard
//! input and output.  Colours map to the game's players and vertices are its moves
//! (`speech`); a move out of turn is played on the position with the other side to
//! move, read back from its text (`game::with_side_to_move`).

mod protocol;
mod session;
mod speech;

pub use protocol::{parse_line, response, Command};
pub use session::{GtpConfig, GtpSession, COMMANDS};
pub use speech::Dialect;
