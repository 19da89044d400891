//! The score scale every search shares: proven wins and losses, decided games.

/// The score of a win found now; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are proven wins or losses.
pub const PROVEN: i32 = WIN - 10_000;

/// The evaluation of a finished game from `player`'s side: 10000 won, -10000 lost
/// (the rule files' evaluate/3 says the same); `None` while it goes on.
pub fn decided_score(winner: Option<usize>, player: usize) -> Option<i32> {
    winner.map(|w| if w == player { 10_000 } else { -10_000 })
}
