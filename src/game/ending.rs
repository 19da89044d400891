//! How a finished game ended, read from its outcome text: a win, a draw, or a score
//! for each player (a GDL sheet's goal values), with the reward each player takes.
//!
//! The texts are those of the protocol's `outcome/2` (see `rules/lib/protocol.pl`):
//! `win(PLAYER)`, `draw`, or `scores([P1-V1,P2-V2,...])`, one integer of at least 0 per
//! player, in the order of the players.

use super::player::Player;
use std::fmt;

/// A finished game's outcome.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// One player won.
    Win(Player),
    /// No one won.
    Draw,
    /// Each player's score, in the order of the players: an integer from 0 (GDL's
    /// goal values are 0 to 100).
    Scores(Vec<(Player, i64)>),
}

/// The highest score a player can take (GDL's goal values are 0 to 100).
pub const FULL_SCORE: i64 = 100;

impl Ending {
    /// The ending an outcome text says, or `None` for a text that is none of the three.
    pub fn parse(text: &str) -> Option<Ending> {
        let text = text.trim();
        if text == "draw" {
            return Some(Ending::Draw);
        }
        if let Some(who) = text.strip_prefix("win(").and_then(|w| w.strip_suffix(')')) {
            let who = who.trim();
            let plain = !who.is_empty() && !who.contains(['(', ')', ',']);
            return plain.then(|| Ending::Win(Player::new(who)));
        }
        let inner = text
            .strip_prefix("scores(")?
            .strip_suffix(')')?
            .trim()
            .strip_prefix('[')?
            .strip_suffix(']')?;
        let mut scores = Vec::new();
        for pair in inner.split(',') {
            // the value follows the last `-` (a player's name may hold one, quoted)
            let (who, value) = pair.trim().rsplit_once('-')?;
            let (who, value) = (who.trim(), value.trim());
            if who.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            scores.push((Player::new(who), value.parse().ok()?));
        }
        (!scores.is_empty()).then_some(Ending::Scores(scores))
    }

    /// The winner, for a win.
    pub fn winner(&self) -> Option<&str> {
        match self {
            Ending::Win(w) => Some(w),
            _ => None,
        }
    }

    /// What `player` takes from the game, from 0 (lost) to 1 (won): a draw is one
    /// half, and a score its share of the full score (GDL's goal value / 100), as
    /// general game players count it.
    pub fn reward(&self, player: &str) -> f64 {
        match self {
            Ending::Win(w) => f64::from(u8::from(w == player)),
            Ending::Draw => 0.5,
            Ending::Scores(s) => s.iter().find(|(p, _)| p == player).map_or(0.0, |&(_, v)| {
                (v as f64 / FULL_SCORE as f64).clamp(0.0, 1.0)
            }),
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Win(w) => write!(f, "win({w})"),
            Ending::Draw => f.write_str("draw"),
            Ending::Scores(s) => {
                f.write_str("scores([")?;
                for (i, (p, v)) in s.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{p}-{v}")?;
                }
                f.write_str("])")
            }
        }
    }
}

/// On the wire (the worker's messages, JSON for tools and the web page) an ending
/// is its outcome text, `win(red)`.
impl serde::Serialize for Ending {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> serde::Deserialize<'de> for Ending {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Ending, D::Error> {
        let text = String::deserialize(d)?;
        Ending::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{text:?} is no outcome (win(P), draw or scores([P-V,...]))"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_reads_back_from_its_text() {
        for e in [
            Ending::Win("red".into()),
            Ending::Draw,
            Ending::Scores(vec![("x".into(), 70), ("o".into(), 30)]),
            Ending::Scores(vec![("a".into(), 0), ("b".into(), 50), ("c".into(), 100)]),
        ] {
            assert_eq!(Ending::parse(&e.to_string()), Some(e.clone()), "{e}");
        }
    }

    #[test]
    fn the_rewards_are_a_general_game_players() {
        let s = Ending::parse("scores([xplayer-70,oplayer-30])").unwrap();
        assert_eq!(s.reward("xplayer"), 0.7);
        assert_eq!(s.reward("oplayer"), 0.3);
        assert_eq!(s.reward("nobody"), 0.0);
        assert_eq!(Ending::Draw.reward("x"), 0.5);
        assert_eq!(Ending::Win("x".into()).reward("x"), 1.0);
        assert_eq!(Ending::Win("x".into()).reward("o"), 0.0);
        assert_eq!(Ending::Win("x".into()).winner(), Some("x"));
    }

    #[test]
    fn other_texts_are_no_ending() {
        for t in [
            "",
            "win()",
            "scores([])",
            "scores([x])",
            "scores([x-])",
            "lost",
            "win(a,b)",
        ] {
            assert_eq!(Ending::parse(t), None, "{t}");
        }
    }
}
