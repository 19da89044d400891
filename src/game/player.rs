//! A player of a game, by the name its rules give it (`red`, `white`, `xplayer`): what
//! the engine seam says moves next, and whom a search or an evaluation is for.

use std::fmt;

/// A player's name, as the game's rules write it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(String);

impl Player {
    /// The player the rules call `name`.
    pub fn new(name: impl Into<String>) -> Player {
        Player(name.into())
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::ops::Deref for Player {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Player {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for Player {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Player {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<String> for Player {
    fn eq(&self, other: &String) -> bool {
        &self.0 == other
    }
}

impl From<&str> for Player {
    fn from(name: &str) -> Player {
        Player(name.to_string())
    }
}

impl From<String> for Player {
    fn from(name: String) -> Player {
        Player(name)
    }
}

impl From<Player> for String {
    fn from(p: Player) -> String {
        p.0
    }
}

/// On the wire a player is its name.
impl serde::Serialize for Player {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Player {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        String::deserialize(d).map(Player)
    }
}
