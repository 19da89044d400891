//! `Tier`: the three ways a game runs (the rule file, the rule file with native helpers, native Rust).

use std::fmt;
use std::str::FromStr;

/// How a game runs: the pure rule file, the rule file with native helpers, or a native engine.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Tier {
    Spec,
    Accelerated,
    Native,
}

impl Tier {
    pub const ALL: [Tier; 3] = [Tier::Spec, Tier::Accelerated, Tier::Native];

    pub fn name(self) -> &'static str {
        match self {
            Tier::Spec => "spec",
            Tier::Accelerated => "accelerated",
            Tier::Native => "native",
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Tier {
    type Err = String;
    fn from_str(s: &str) -> Result<Tier, String> {
        Tier::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| format!("unknown tier `{s}` (spec, accelerated or native)"))
    }
}
