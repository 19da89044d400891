//! Opening a game: a built-in game's descriptor, or a rule file from disk, in a tier —
//! the rule set to load, the options to check, the engine to run.

mod catalog;
mod spare;
mod tiers;

pub use catalog::{
    all_games, describe_rule_only, embedded_file, find_game, is_built_in_game, is_rule_only,
    rule_only_files,
};

use crate::game::{
    intern_options, EngineError, GameDescriptor, GameOptions, OptionError, OptionValues, Tier,
};
use crate::prolog::{
    reserved_module, rule_set, LoadError, RuleFile, RuleOptions, RuleSet, RulesEngine, SourceError,
};
use std::path::{Path, PathBuf};

/// What to open: a built-in game or a rule file, with options, rules and tier.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EngineSpec {
    /// A built-in game name, or a path to a rule file.
    pub game: String,
    pub options: GameOptions,
    /// `None`: the game's default (native where it exists, else accelerated, else spec).
    pub tier: Option<Tier>,
    /// `--rules PATH`: a rule file or directory to load instead of the embedded copy.
    pub rules: Option<PathBuf>,
    /// The inference limit of each query in the rule tiers (`None`: the default).
    pub limit: Option<u64>,
    /// `--trust`: rule files from disk and REPL queries run without the sandbox.
    pub trust: bool,
    /// A rule file's text given in a request (the web board's rules playground),
    /// never written to disk: the game, untrusted, in place of `game`'s file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// An error opening an engine.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(transparent)]
    Source(#[from] SourceError),
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("{0}")]
    Other(String),
}

/// How a rule file's text a user gave is named in messages (`EngineSpec::given`).
pub const GIVEN_NAME: &str = "playground.pl";

/// How a rule file's text a user gave is named in messages: `NAME.pl` after the
/// module it declares (as a file of it would be named), when that is a plain name;
/// else `playground.pl`.
pub fn given_name(text: &str) -> String {
    let plain = |m: &str| {
        let mut cs = m.chars();
        cs.next().is_some_and(|c| c.is_ascii_lowercase())
            && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
            && m.len() <= 64
    };
    match crate::prolog::declared_module(text) {
        Some(m) if plain(&m) => format!("{m}.pl"),
        _ => GIVEN_NAME.to_string(),
    }
}

/// Whether a game argument names a rule file rather than a built-in game.
pub(crate) fn is_path(game: &str) -> bool {
    game.ends_with(".pl")
        || game.ends_with(".kif")
        || game.contains('/')
        || Path::new(game).is_file()
}

/// A rule file found by name: `NAME.pl` in `dir` if it is there, else the built-in copy.
fn find_rule_file(dir: Option<&Path>, name: &str) -> Result<RuleFile, SourceError> {
    if let Some(local) = dir.map(|d| d.join(format!("{name}.pl"))) {
        if local.is_file() {
            return RuleFile::read(&local);
        }
    }
    embedded_file(name).ok_or_else(|| SourceError::UnknownGame(name.to_string()))
}

/// The rules a spec names, resolved: the files to load and the descriptor, if any.
pub struct Resolved {
    pub rules: RuleSet,
    /// The built-in game the rule file is (by its module name), if it is one.
    pub descriptor: Option<&'static GameDescriptor>,
    /// Whether the rules came from disk.
    pub from_disk: bool,
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
            trust: false,
            text: None,
        }
    }

    /// The game of a rule file's text a user gave (shown as `given_name` says), never
    /// on disk: it runs in a worker under the sandbox, whatever `--trust` says.
    pub fn given(text: String, options: GameOptions) -> EngineSpec {
        EngineSpec {
            game: given_name(&text),
            text: Some(text),
            ..EngineSpec::new(GIVEN_NAME, options)
        }
    }

    /// The same spec in another tier.
    pub fn in_tier(&self, tier: Tier) -> EngineSpec {
        EngineSpec {
            tier: Some(tier),
            ..self.clone()
        }
    }

    /// Whether the spec's rules come from disk: a rule file given by path, or
    /// `--rules`.
    pub fn reads_disk(&self) -> bool {
        self.rules.is_some() || is_path(&self.game) || self.text.is_some()
    }

    /// Whether opening this spec must start a worker: its rules come from disk, the
    /// user did not lift the walls, and this is not a worker already.
    pub fn needs_worker(&self) -> bool {
        !self.trust && !crate::prolog::placement::in_worker() && self.reads_disk()
    }

    /// The built-in game the spec names (not a rule file given by path).
    pub fn descriptor(&self) -> Option<&'static GameDescriptor> {
        if is_path(&self.game) {
            None
        } else {
            let _tier = spare::expecting(self.tier);
            find_game(&self.game)
        }
    }

    /// The game's name as records and protocols give it: the built-in game's (also for
    /// a rule file of one), else the path given.
    pub fn game_name(&self) -> String {
        if let Some(d) = self.descriptor() {
            return d.name.to_string();
        }
        match self.resolve() {
            Ok(r) => match r.descriptor {
                Some(d) => d.name.to_string(),
                None if catalog::is_rule_only_game(&r.rules.game().module) => {
                    r.rules.game().module.clone()
                }
                None => self.game.clone(),
            },
            Err(_) => self.game.clone(),
        }
    }

    /// The name an outside program (an engine behind `--against`) knows the game by:
    /// a built-in game's name, else the module its rule file declares (never the
    /// path, which the program cannot know), else the name given.
    pub fn protocol_name(&self) -> String {
        if let Some(d) = self.descriptor() {
            return d.name.to_string();
        }
        match self.resolve() {
            Ok(r) => r
                .descriptor
                .map_or_else(|| r.rules.game().module.clone(), |d| d.name.to_string()),
            Err(_) => self.game.clone(),
        }
    }

    /// The options an outside engine is sent (`new`): every option of the game with
    /// its value, the one given or the default, where ludolog knows the game's
    /// options without running its rules (a built-in game, or a copy of one); else
    /// (a rule file of one's own, which declares them in option/4) those given.
    pub fn protocol_options(&self) -> Vec<(String, String)> {
        let given = || self.options.pairs().to_vec();
        let Ok(resolved) = self.resolve() else {
            return given();
        };
        match resolved.descriptor {
            Some(d) if !(resolved.from_disk && is_rule_only(d)) => match d.values(&self.options) {
                Ok(values) => values
                    .pairs()
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                Err(_) => given(),
            },
            _ => given(),
        }
    }

    /// The rule files to load, and what they are.
    pub fn resolve(&self) -> Result<Resolved, OpenError> {
        let (game, dir, lib_dir) = if let Some(text) = &self.text {
            let module =
                crate::prolog::declared_module(text).ok_or_else(|| SourceError::NoModule {
                    path: self.game.clone(),
                })?;
            let given = RuleFile {
                module,
                path: self.game.clone(),
                disk: None,
                given: true,
                text: text.clone(),
            };
            (given, None, None)
        } else if is_path(&self.game) {
            let path = Path::new(&self.game);
            if !path.is_file() {
                return Err(SourceError::Missing(self.game.clone()).into());
            }
            let dir = path.parent().map(Path::to_path_buf);
            (RuleFile::read(path)?, dir, None)
        } else if let Some(path) = &self.rules {
            if path.is_file() {
                let dir = path.parent().map(Path::to_path_buf);
                (RuleFile::read(path)?, dir, None)
            } else if path.is_dir() {
                let file = path.join(format!("{}.pl", self.game));
                if !file.is_file() {
                    return Err(SourceError::NoGame {
                        dir: path.display().to_string(),
                        game: self.game.clone(),
                    }
                    .into());
                }
                (
                    RuleFile::read(&file)?,
                    Some(path.clone()),
                    Some(path.join("lib")),
                )
            } else {
                return Err(SourceError::Missing(path.display().to_string()).into());
            }
        } else {
            let file = embedded_file(&self.game)
                .ok_or_else(|| SourceError::UnknownGame(self.game.clone()))?;
            (file, None, None)
        };
        if reserved_module(&game.module) {
            return Err(SourceError::Reserved {
                path: game.path.clone(),
                module: game.module.clone(),
            }
            .into());
        }
        let from_disk = game.untrusted();
        // a copy of a rule-only game from disk declares its own options and is read
        // from its own text: describing the embedded one would load its rules for
        // nothing (a quarter of a second, in this process and in the worker)
        let descriptor = if from_disk {
            crate::games::find(&game.module)
        } else {
            find_game(&game.module)
        };
        let find = |name: &str| find_rule_file(dir.as_deref(), name);
        let mut rules = rule_set(game, &find, lib_dir.as_deref())?;
        rules.trust = self.trust;
        Ok(Resolved {
            rules,
            descriptor,
            from_disk,
        })
    }

    /// The rule-file engine of this game in a rule tier (for views and queries).
    pub fn open_rules(&self, tier: Tier) -> Result<RulesEngine, OpenError> {
        self.open_rules_as(tier, true)
    }

    /// As `open_rules`, but a game that lacks protocol predicates loads too (for
    /// `ludolog lint`, which reports them).
    pub fn open_rules_unchecked(&self, tier: Tier) -> Result<RulesEngine, OpenError> {
        self.open_rules_as(tier, false)
    }

    fn open_rules_as(&self, tier: Tier, check_protocol: bool) -> Result<RulesEngine, OpenError> {
        let _tier = spare::expecting(Some(tier));
        let resolved = self.resolve()?;
        if self.needs_worker() && !crate::prolog::placement::rules_may_load_here() {
            // rules from disk run in a worker process, never in this one
            return Err(OpenError::Other(format!(
                "{}: rules from disk are opened in a worker process (this is a bug in ludolog)",
                self.game
            )));
        }
        let (options, declares_own) = self.rule_options(&resolved)?;
        if tier == Tier::Accelerated {
            // the foreign functions must stay linked into this executable
            std::hint::black_box(crate::foreign::exported_symbols());
        }
        // the engine that described a rule-only game a moment ago, if it fits
        let spare = (check_protocol && !declares_own)
            .then(|| spare::take(&resolved.rules.files, tier))
            .flatten();
        let mut engine = match spare {
            Some(engine) => self.restarted(engine, options)?,
            None => RulesEngine::load(&resolved.rules, options, tier, check_protocol)?,
        };
        if declares_own {
            let info = engine.info()?;
            if !info.options.is_empty() {
                let specs = intern_options(&info.options);
                let name = engine.module().to_string();
                let values = OptionValues::validate(&name, specs, &self.options)?;
                engine.set_options(RuleOptions::Values(values));
            }
        }
        if let Some(limit) = self.limit {
            engine.set_limit(limit);
        }
        Ok(engine)
    }

    /// The options initial/2 receives, and whether the rule file declares its own
    /// (then they are the raw options, validated once the file is loaded): a built-in
    /// game's options are its descriptor's; a rule file from disk that is not a game
    /// with a native engine declares its own (option/4).
    fn rule_options(&self, resolved: &Resolved) -> Result<(RuleOptions, bool), OpenError> {
        let declares_own = resolved.from_disk && resolved.descriptor.is_none_or(is_rule_only);
        let options = match resolved.descriptor {
            Some(d) if !declares_own => RuleOptions::Values(d.values(&self.options)?),
            _ => RuleOptions::Raw(self.options.clone()),
        };
        Ok((options, declares_own))
    }

    /// As `open_rules`, in the machine of `engine` when it runs the same rule files
    /// in the same tier: it starts over with this spec's options (every position it
    /// held is released), which saves loading the rules again (a quarter of a
    /// second; a perft table over many boards of one game reuses one machine).
    /// Otherwise, or for a rule file that declares its own options, a fresh engine.
    pub fn reopen_rules(&self, tier: Tier, engine: RulesEngine) -> Result<RulesEngine, OpenError> {
        let resolved = self.resolve()?;
        let (options, declares_own) = self.rule_options(&resolved)?;
        if declares_own || !engine.reusable_for(&resolved.rules.files, tier) {
            return self.open_rules(tier);
        }
        let mut engine = self.restarted(engine, options)?;
        if let Some(limit) = self.limit {
            engine.set_limit(limit);
        }
        Ok(engine)
    }

    /// `engine` started over with `options`: every position it held released.
    fn restarted(
        &self,
        mut engine: RulesEngine,
        options: RuleOptions,
    ) -> Result<RulesEngine, OpenError> {
        engine
            .restart(options)
            .map_err(|e| OpenError::Other(format!("{}: {e}", self.game)))?;
        Ok(engine)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Engine;

    #[test]
    fn the_built_in_games_are_known_by_name_without_loading_one() {
        let started = crate::prolog::machines_started_here();
        for name in [
            "hex",
            "mitsudomoe",
            "tic_tac_toe",
            "connect_four",
            "othello",
        ] {
            assert!(is_built_in_game(name), "{name}");
        }
        // a part of a game's rules, a path and an unknown name are no games
        for name in ["mitsudomoe_board", "rules/hex.pl", "nosuchgame", ""] {
            assert!(!is_built_in_game(name), "{name}");
        }
        assert_eq!(crate::prolog::machines_started_here(), started);
    }

    #[test]
    fn a_rule_engine_reopened_with_other_options_starts_over_in_its_machine() {
        let spec = |size: &str| EngineSpec::new("hex", GameOptions::parse(&[size]).unwrap());
        let mut e = spec("size=3").open_rules(Tier::Spec).unwrap();
        let start = e.initial().unwrap();
        let next = e.play(start, "a1").unwrap();
        assert_eq!(e.held(), 2);
        let mut e = spec("size=4").reopen_rules(Tier::Spec, e).unwrap();
        assert_eq!(e.held(), 0);
        assert!(
            e.text(next).is_err(),
            "a handle of before is no longer good"
        );
        let s = e.initial().unwrap();
        assert_eq!(e.text(s).unwrap(), "4x4 4/4/4/4 red");
        let moved = e.play(s, "d4").unwrap();
        assert_eq!(e.text(moved).unwrap(), "4x4 4/4/4/3r blue");
        // another tier is another machine, with the options asked for
        let mut e = spec("size=2").reopen_rules(Tier::Accelerated, e).unwrap();
        assert_eq!(e.tier(), Tier::Accelerated);
        let s = e.initial().unwrap();
        assert_eq!(e.text(s).unwrap(), "2x2 2/2 red");
        // a machine given out for queries of one's own (a REPL's) may hold their
        // definitions: it is never started over, the next spec gets a fresh one
        let marked = "assertz(user:mark(1)), X = ok.";
        assert!(e.machine().answer(marked, "X").is_ok());
        let asked = "( catch(user:mark(_), _, fail) -> X = kept ; X = fresh ).";
        let mut e = spec("size=3").reopen_rules(Tier::Accelerated, e).unwrap();
        let answer = format!("{:?}", e.machine().answer(asked, "X").unwrap());
        assert!(answer.contains("fresh"), "{answer}");
    }
}
