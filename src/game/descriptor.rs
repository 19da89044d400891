//! `GameDescriptor`: one definition per game — its name, summary, options, rule file,
//! native engine and tiers.  `ludolog games`, `--help`, the option checks and the
//! option list handed to the rule file all come from it.

use super::engine::Engine;
use super::options::{GameOptions, OptionError, OptionSpec, OptionValues};
use super::tier::Tier;

/// Opens a game's native engine at the start position of validated options.
pub type OpenNative = fn(&OptionValues) -> Result<Box<dyn Engine>, OptionError>;

/// A rule file built into the binary: the path shown in messages and its text.
#[derive(Clone, Copy, Debug)]
pub struct RuleSource {
    pub path: &'static str,
    pub text: &'static str,
}

/// A rule file of the repository, embedded: `rule_file!("rules/hex.pl")`.
#[macro_export]
macro_rules! rule_file {
    ($path:literal) => {
        $crate::game::RuleSource {
            path: $path,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)),
        }
    };
}

/// Everything ludolog knows about a built-in game.
pub struct GameDescriptor {
    /// The name users type, and the rule file's module name.
    pub name: &'static str,
    /// One line for `ludolog games`.
    pub summary: &'static str,
    /// The options, with their kinds and defaults: written here only. The rule
    /// file's initial/2 receives every one of them, validated.
    pub options: &'static [OptionSpec],
    /// The rule file (the games and board libraries it builds on are named in it,
    /// by `requires(Name).` facts).
    pub rules: RuleSource,
    /// The native engine, if there is one.
    pub native: Option<OpenNative>,
    /// Whether the rule file has native helpers (an accelerated tier that differs from spec).
    pub accelerated: bool,
    /// The option values a canonical position text carries (`3x3 ...` is size=3),
    /// so that `-O` given with a position that contradicts it is an error.
    pub position_options: PositionOptions,
}

/// The option values written in a canonical position text, as key and value.
pub type PositionOptions = fn(&str) -> Vec<(&'static str, String)>;

/// For games whose position texts carry no option.
pub fn no_position_options(_: &str) -> Vec<(&'static str, String)> {
    Vec::new()
}

impl GameDescriptor {
    /// The tiers this game runs in.
    pub fn tiers(&self) -> Vec<Tier> {
        Tier::ALL.into_iter().filter(|&t| self.offers(t)).collect()
    }

    /// Whether the game runs in `tier`.
    pub fn offers(&self, tier: Tier) -> bool {
        match tier {
            Tier::Spec => true,
            Tier::Accelerated => self.accelerated,
            Tier::Native => self.native.is_some(),
        }
    }

    /// The user's options checked against the game's, with the defaults filled in.
    /// The options given that a position text contradicts: (key, given, in the text).
    pub fn contradicted(&self, given: &GameOptions, text: &str) -> Vec<(String, String, String)> {
        let Ok(values) = self.values(given) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (key, in_text) in (self.position_options)(text) {
            if given.get(key).is_none() {
                continue;
            }
            let wanted = values
                .pairs()
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.to_string());
            if let Some(wanted) = wanted {
                if wanted != in_text {
                    out.push((key.to_string(), wanted, in_text));
                }
            }
        }
        out
    }

    pub fn values(&self, given: &GameOptions) -> Result<OptionValues, OptionError> {
        OptionValues::validate(self.name, self.options, given)
    }
}
