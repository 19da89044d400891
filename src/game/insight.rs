//! What a game's own knowledge says of a position before any search: settled for
//! the side to move, or a narrower set of moves worth searching.

/// A game's verdict on a position, from knowledge rather than search (see
/// `Game::insight`).  Every verdict must be exact: a solver takes it as proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insight<M> {
    /// Nothing settled.  The moves left in the list are those worth searching: every
    /// move taken out of it loses for the side to move, or is no better for it than
    /// some move kept.  At least one move is kept.
    Open,
    /// The side to move wins; `Some(m)`: a move that keeps the win (`None`: any
    /// move does).
    Win(Option<M>),
    /// The side to move loses whatever it plays.
    Loss,
}
