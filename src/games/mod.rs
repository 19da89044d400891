//! The built-in games: what each is called, its options, and how to open it in any tier.

pub mod hex;
pub mod replica;

use crate::game::{Engine, EngineError, GameOptions, NativeEngine};
use crate::prolog::{RuleSet, RulesEngine, Tier};
use std::path::Path;

/// A built-in game as `ludolog games` lists it.
pub struct GameInfo {
    pub name: &'static str,
    pub summary: &'static str,
    /// (key, default, meaning)
    pub options: &'static [(&'static str, &'static str, &'static str)],
    pub native: bool,
}

/// Every built-in game.
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        name: "hex",
        summary: "Hex: join your two edges; red (first) top-bottom, blue left-right",
        options: &[
            ("size", "11", "board size, 1 to 26"),
            ("swap", "false", "pie rule: blue may swap as first move"),
        ],
        native: true,
    },
    GameInfo {
        name: "contactix",
        summary: "Con-Tac-Tix: Hex on any C x R board with named colours (the UGent assignment)",
        options: &[
            ("cols", "11", "columns, 1 to 26"),
            ("rows", "11", "rows, 1 to 26"),
            (
                "vertical",
                "red",
                "the colour joining top and bottom (moves first)",
            ),
            ("horizontal", "blue", "the colour joining left and right"),
        ],
        native: true,
    },
    GameInfo {
        name: "replica",
        summary: "Replica: race a king to the far corner or capture the enemy king (8x8)",
        options: &[(
            "sight",
            "forward",
            "the rays a king sees along: forward or all",
        )],
        native: true,
    },
];

/// The built-in game called `name`.
pub fn find(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.name == name)
}

/// What to open: a built-in game, optionally with rules from disk, in a tier.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// A built-in game name, or a path to a rule file.
    pub game: String,
    pub options: GameOptions,
    /// `None`: native where it exists, else accelerated.
    pub tier: Option<Tier>,
    /// `--rules PATH`: a rule file or directory to load instead of the embedded copy.
    pub rules: Option<std::path::PathBuf>,
    /// The inference limit of each query in the rule tiers (`None`: the default).
    pub limit: Option<u64>,
}

impl EngineSpec {
    /// A built-in game with options, in its default tier.
    pub fn new(game: &str, options: GameOptions) -> EngineSpec {
        EngineSpec {
            game: game.to_string(),
            options,
            tier: None,
            rules: None,
            limit: None,
        }
    }
}

/// An error opening an engine.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(transparent)]
    Source(#[from] crate::prolog::SourceError),
    #[error(transparent)]
    Load(#[from] crate::prolog::LoadError),
    #[error(transparent)]
    Option(#[from] crate::game::OptionError),
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("{0}")]
    Other(String),
}

fn is_path(game: &str) -> bool {
    game.ends_with(".pl") || game.contains('/') || Path::new(game).is_file()
}

impl EngineSpec {
    /// The tier that will run.
    pub fn effective_tier(&self) -> Tier {
        match self.tier {
            Some(t) => t,
            None if self.rules.is_some() || is_path(&self.game) => Tier::Accelerated,
            None if find(&self.game).is_some_and(|g| g.native) => Tier::Native,
            None => Tier::Accelerated,
        }
    }

    /// The rule-file engine of this game in a rule tier (for views and queries).
    pub fn open_rules(&self, tier: Tier) -> Result<RulesEngine, OpenError> {
        let rules = if is_path(&self.game) {
            RuleSet::from_disk(Path::new(&self.game), "")?
        } else if let Some(path) = &self.rules {
            RuleSet::from_disk(path, &self.game)?
        } else {
            RuleSet::embedded(&self.game)?
        };
        let mut engine = RulesEngine::new(&rules, self.options.clone(), tier)?;
        if let Some(limit) = self.limit {
            engine.set_limit(limit);
        }
        Ok(engine)
    }

    /// Opens the engine and checks the options by computing the start position.
    pub fn open(&self) -> Result<Box<dyn Engine>, OpenError> {
        let tier = self.effective_tier();
        if tier == Tier::Native {
            if self.rules.is_some() || is_path(&self.game) {
                return Err(OpenError::Other(
                    "the native tier does not read rule files; use --tier spec or accelerated"
                        .into(),
                ));
            }
            return match self.game.as_str() {
                "hex" => Ok(Box::new(NativeEngine::new(
                    "hex",
                    hex::Hex::from_options(&self.options)?,
                ))),
                "replica" => Ok(Box::new(NativeEngine::new(
                    "replica",
                    replica::Replica::from_options(&self.options)?,
                ))),
                "contactix" => Ok(Box::new(NativeEngine::new(
                    "contactix",
                    hex::Hex::contactix_from_options(&self.options)?,
                ))),
                other if find(other).is_some() => Err(OpenError::Other(format!(
                    "{other} has no native engine; use --tier spec or accelerated"
                ))),
                other => Err(OpenError::Source(crate::prolog::SourceError::UnknownGame(
                    other.to_string(),
                ))),
            };
        }
        let mut engine = self.open_rules(tier)?;
        engine.initial().map_err(|e| match e {
            EngineError::Rules(m) | EngineError::Options(m) => {
                OpenError::Other(format!("options {}: {m}", self.options))
            }
            other => OpenError::Engine(other),
        })?;
        Ok(Box::new(engine))
    }
}
