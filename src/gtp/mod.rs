//! A GTP (Go Text Protocol, version 2) engine for any game: the protocol HexGui,
//! tournament programs and other controllers speak to Hex engines.
//!
//! `GtpSession::handle` answers one line of input; `ludolog gtp` runs it over standard
//! input and output.  Colours map to the game's players and vertices are its moves
//! (`speech`); a move out of turn is played on the position with the other side to
//! move (`Engine::set_to_move`; in Hex a position no game reaches is marked ` setup`).
//! Under a time control (`time_settings`, `time_left`) each `genmove` thinks for its
//! share of the side's clock (`clock`).

mod clock;
mod protocol;
mod session;
mod speech;

pub use protocol::{parse_line, response, Command};
pub use session::{GtpConfig, GtpSession, COMMANDS};
pub use speech::Dialect;
