//! Game options as the user gives them (`-O size=5`): ordered key/value texts.

use std::fmt;

/// Options for a game, as `key=value` pairs in the order given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    pairs: Vec<(String, String)>,
}

/// An option the user wrote that a game cannot take.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OptionError {
    #[error("option `{0}` is not of the form key=value")]
    Malformed(String),
    #[error("unknown option `{key}` for {game} (it takes: {known})")]
    Unknown {
        game: String,
        key: String,
        known: String,
    },
    #[error("option {key}={value}: {why}")]
    BadValue {
        key: String,
        value: String,
        why: String,
    },
}

impl GameOptions {
    /// Parses `key=value` texts, as given to `-O`.
    pub fn parse<S: AsRef<str>>(items: &[S]) -> Result<Self, OptionError> {
        let mut pairs = Vec::new();
        for item in items {
            let item = item.as_ref();
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| OptionError::Malformed(item.to_string()))?;
            let (k, v) = (k.trim(), v.trim());
            if k.is_empty() || v.is_empty() {
                return Err(OptionError::Malformed(item.to_string()));
            }
            pairs.push((k.to_string(), v.to_string()));
        }
        Ok(GameOptions { pairs })
    }

    /// Options from pairs.
    pub fn from_pairs(pairs: &[(&str, &str)]) -> Self {
        GameOptions {
            pairs: pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    /// The pairs, in order.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    /// The last value given for `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Fails on the first key not in `known`.
    pub fn check_known(&self, game: &str, known: &[&str]) -> Result<(), OptionError> {
        match self
            .pairs
            .iter()
            .find(|(k, _)| !known.contains(&k.as_str()))
        {
            Some((k, _)) => Err(OptionError::Unknown {
                game: game.to_string(),
                key: k.clone(),
                known: known.join(", "),
            }),
            None => Ok(()),
        }
    }
}

impl fmt::Display for GameOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        write!(f, "{}", parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_pairs_and_rejects_malformed() {
        let o = GameOptions::parse(&["size=5", "swap = true"]).unwrap();
        assert_eq!(o.get("size"), Some("5"));
        assert_eq!(o.get("swap"), Some("true"));
        assert!(matches!(
            GameOptions::parse(&["size"]),
            Err(OptionError::Malformed(_))
        ));
        assert!(matches!(
            GameOptions::parse(&["=3"]),
            Err(OptionError::Malformed(_))
        ));
    }

    #[test]
    fn unknown_keys_are_named() {
        let o = GameOptions::parse(&["sise=5"]).unwrap();
        let e = o.check_known("hex", &["size", "swap"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown option `sise` for hex (it takes: size, swap)"
        );
    }
}
