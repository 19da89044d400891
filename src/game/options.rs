//! Game options: as the user gives them (`-O size=5`), as a game declares them (key,
//! kind, default, meaning: written once, in the game's descriptor), and validated.

use std::fmt;

/// Options for a game, as `key=value` pairs in the order given.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
    #[error("option {key}={}: {why}", crate::game::elide(value))]
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

    /// Gives `key` this value, in place of any it had (added last if it had none).
    pub fn set(&mut self, key: &str, value: &str) {
        self.pairs.retain(|(k, _)| k != key);
        self.pairs.push((key.to_string(), value.to_string()));
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
                known: if known.is_empty() {
                    "no options".to_string()
                } else {
                    known.join(", ")
                },
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

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number in a range (both ends included).
    Int { min: i64, max: i64 },
    /// `true` or `false`.
    Bool,
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A name: ASCII letters and digits (a colour, a player).
    Name,
}

/// One option a game takes: written once, in the game's descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub key: &'static str,
    pub kind: OptionKind,
    /// The value when the user gives none, as the user would write it.
    pub default: &'static str,
    /// What it is, as a noun phrase ("the board size"), for `ludolog games` and
    /// for messages ("the board size is a whole number from 1 to 26").
    pub meaning: &'static str,
}

/// A validated option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Int(i64),
    Bool(bool),
    /// A choice or a name.
    Word(String),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Word(w) => f.write_str(w),
        }
    }
}

impl OptionKind {
    /// The values it takes, in words: "a whole number from 1 to 26".
    pub fn describe(&self) -> String {
        match self {
            OptionKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            OptionKind::Bool => "true or false".to_string(),
            OptionKind::Choice(words) => words.join(" or "),
            OptionKind::Name => "a name of letters and digits, like red or SandyBrown".to_string(),
        }
    }

    /// Reads a value of this kind.
    pub fn read(&self, text: &str) -> Option<OptionValue> {
        match self {
            OptionKind::Int { min, max } => text
                .parse::<i64>()
                .ok()
                .filter(|v| (*min..=*max).contains(v))
                .map(OptionValue::Int),
            OptionKind::Bool => match text {
                "true" => Some(OptionValue::Bool(true)),
                "false" => Some(OptionValue::Bool(false)),
                _ => None,
            },
            OptionKind::Choice(words) => words
                .contains(&text)
                .then(|| OptionValue::Word(text.to_string())),
            OptionKind::Name => (!text.is_empty()
                && text.chars().all(|c| c.is_ascii_alphanumeric()))
            .then(|| OptionValue::Word(text.to_string())),
        }
    }
}

/// Every option of a game with its value: the user's where given, else the default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionValues {
    values: Vec<(&'static str, OptionValue)>,
}

impl OptionValues {
    /// Checks the user's options against a game's specs and fills in the defaults.
    pub fn validate(
        game: &str,
        specs: &'static [OptionSpec],
        given: &GameOptions,
    ) -> Result<OptionValues, OptionError> {
        let known: Vec<&str> = specs.iter().map(|s| s.key).collect();
        given.check_known(game, &known)?;
        let mut values = Vec::with_capacity(specs.len());
        for spec in specs {
            let text = given.get(spec.key).unwrap_or(spec.default);
            let value = spec.kind.read(text).ok_or_else(|| OptionError::BadValue {
                key: spec.key.to_string(),
                value: text.to_string(),
                why: format!("{} is {}", spec.meaning, spec.kind.describe()),
            })?;
            values.push((spec.key, value));
        }
        Ok(OptionValues { values })
    }

    /// The values, in the order the game declares its options.
    pub fn pairs(&self) -> &[(&'static str, OptionValue)] {
        &self.values
    }

    fn get(&self, key: &str) -> Option<&OptionValue> {
        self.values.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    /// A whole-number option (0 when the game has no such option: a bug in its descriptor).
    pub fn int(&self, key: &str) -> i64 {
        match self.get(key) {
            Some(OptionValue::Int(i)) => *i,
            _ => 0,
        }
    }

    /// A true/false option.
    pub fn bool(&self, key: &str) -> bool {
        matches!(self.get(key), Some(OptionValue::Bool(true)))
    }

    /// A choice or name option ("" when the game has no such option).
    pub fn word(&self, key: &str) -> &str {
        match self.get(key) {
            Some(OptionValue::Word(w)) => w,
            _ => "",
        }
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

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            key: "size",
            kind: OptionKind::Int { min: 1, max: 26 },
            default: "11",
            meaning: "the board size",
        },
        OptionSpec {
            key: "swap",
            kind: OptionKind::Bool,
            default: "false",
            meaning: "the pie rule",
        },
    ];

    #[test]
    fn values_fill_defaults_and_check_ranges() {
        let v = OptionValues::validate("hex", SPECS, &GameOptions::parse(&["size=5"]).unwrap())
            .unwrap();
        assert_eq!(v.int("size"), 5);
        assert!(!v.bool("swap"));
        let e = OptionValues::validate("hex", SPECS, &GameOptions::parse(&["size=0"]).unwrap())
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "option size=0: the board size is a whole number from 1 to 26"
        );
        assert_eq!(OptionKind::Name.read("x-y"), None);
        assert_eq!(
            OptionKind::Name.read("SandyBrown"),
            Some(OptionValue::Word("SandyBrown".into()))
        );
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
