//! Every built-in game: those with a descriptor in `games::ALL`, and those written
//! only as rules — the embedded rule files (`games::RULE_FILES`) that no descriptor
//! claims.  A rule-only game is described by its own rule file: `summary/1` for
//! `ludolog games`, `option/4` for its options (validated by the host exactly like a
//! descriptor's), and its tiers by the libraries it requires (accelerated when one of
//! them has native helpers).  Reading that takes loading the file, so it is done once
//! per game and per process, the first time the game is asked for; a listing of every
//! game reads them all in one machine.

use super::OpenError;
use crate::game::{intern_options, EngineError, GameDescriptor, RuleSource, Tier};
use crate::games;
use crate::prolog::{
    declared_module, game_info, part_of, rule_set, shown, GameInfo, PrologMachine, RuleFile,
    RuleOptions, RuleSet, RulesEngine, SourceError,
};
use scryer_prolog::Term;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The embedded rule files that no descriptor claims and that are not a part of
/// another game's rules: (module, path, text), by path.
pub fn rule_only_files() -> Vec<(String, &'static str, &'static str)> {
    games::RULE_FILES
        .iter()
        .filter_map(|&(path, text)| {
            let module = declared_module(text)?;
            (games::find(&module).is_none() && part_of(text).is_none())
                .then_some((module, path, text))
        })
        .collect()
}

/// Whether `module` is a built-in game written only as a rule file (known without
/// loading it).
pub fn is_rule_only_game(module: &str) -> bool {
    rule_only_files().iter().any(|(m, _, _)| m == module)
}

/// Whether `name` is a built-in game, with a native engine or only rules (known
/// without loading any: `all_games` describes every rule-only game, a machine each).
pub fn is_built_in_game(name: &str) -> bool {
    games::ALL.iter().any(|d| d.name == name) || is_rule_only_game(name)
}

/// The embedded rule file of a game's part (`part_of(Game).`) declaring `module`.
fn embedded_part(name: &str) -> Option<RuleFile> {
    games::RULE_FILES.iter().find_map(|&(path, text)| {
        (part_of(text).is_some() && declared_module(text)? == name)
            .then(|| RuleFile::embedded(name, path, text))
    })
}

/// The embedded rule file of a built-in game (with or without a descriptor).
pub fn embedded_file(name: &str) -> Option<RuleFile> {
    if let Some(d) = games::find(name) {
        return Some(RuleFile::embedded(d.name, d.rules.path, d.rules.text));
    }
    rule_only_files()
        .into_iter()
        .find(|(module, _, _)| module == name)
        .map(|(module, path, text)| RuleFile::embedded(&module, path, text))
        .or_else(|| embedded_part(name))
}

/// Whether a descriptor is one this catalog made from a rule file.
pub fn is_rule_only(d: &GameDescriptor) -> bool {
    games::find(d.name).is_none()
}

type Described = Result<&'static GameDescriptor, String>;

/// The descriptors made so far, by module name.
fn cache() -> &'static Mutex<HashMap<String, Described>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Described>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Loads a rule-only game's file (with what it requires, all embedded) and makes
/// its descriptor from what the file declares.
pub(super) fn describe(
    module: &str,
    path: &'static str,
    text: &'static str,
) -> Result<GameDescriptor, OpenError> {
    let file = RuleFile::embedded(module, path, text);
    let find =
        |name: &str| embedded_file(name).ok_or_else(|| SourceError::UnknownGame(name.to_string()));
    let rules = rule_set(file, &find, None)?;
    let accelerated = rules.accelerators.len() > 1;
    // in the tier the caller is about to open, which then takes this machine over
    let tier = super::spare::describing_tier(accelerated);
    if tier == Tier::Accelerated {
        // the foreign functions must stay linked into this executable
        std::hint::black_box(crate::foreign::exported_symbols());
    }
    let mut engine = RulesEngine::new(&rules, RuleOptions::Raw(Default::default()), tier)?;
    let info = engine.info()?;
    let described = descriptor(module, RuleSource { path, text }, &info, accelerated);
    super::spare::keep(engine);
    Ok(described)
}

/// The descriptor of a rule-only game from what its rule file says of it.
fn descriptor(
    module: &str,
    rules: RuleSource,
    info: &GameInfo,
    accelerated: bool,
) -> GameDescriptor {
    let leak = |s: &str| -> &'static str { Box::leak(s.to_string().into_boxed_str()) };
    GameDescriptor {
        name: leak(module),
        summary: leak(
            info.summary
                .as_deref()
                .unwrap_or("(a game written as rules; its file has no summary/1)"),
        ),
        options: intern_options(&info.options),
        rules,
        native: None,
        accelerated,
        position_options: crate::game::no_position_options,
    }
}

/// The descriptor of a rule-only game, made on first use: `None` when no embedded
/// rule file declares the module `name`, else the descriptor or why it cannot be made.
pub fn describe_rule_only(name: &str) -> Option<Described> {
    let (module, path, text) = rule_only_files().into_iter().find(|(m, _, _)| m == name)?;
    let lock = || cache().lock().unwrap_or_else(|p| p.into_inner());
    if let Some(d) = lock().get(name) {
        return Some(d.clone());
    }
    // described without the lock, so that threads asking for different games
    // describe them side by side; of two threads that describe one game, the first
    // one's stays
    let made = describe(&module, path, text)
        .map(|d| &*Box::leak(Box::new(d)))
        .map_err(|e| e.to_string());
    Some(lock().entry(name.to_string()).or_insert(made).clone())
}

/// The built-in game called `name`: a descriptor of `games::ALL`, or a game written
/// only as rules (described from its file the first time).
pub fn find_game(name: &str) -> Option<&'static GameDescriptor> {
    games::find(name).or_else(|| describe_rule_only(name)?.ok())
}

/// Every built-in game, in the order `ludolog games` lists them: the games with a
/// descriptor, then the rule-only games by file path; with the rule-only games that
/// cannot be described, and why.
pub fn all_games() -> (Vec<&'static GameDescriptor>, Vec<(String, String)>) {
    // no engine is opened after a listing: each described in the tier cheapest to load
    let _spec = super::spare::expecting(Some(Tier::Spec));
    let files = rule_only_files();
    describe_missing_together(&files);
    let mut found: Vec<&'static GameDescriptor> = games::ALL.to_vec();
    let mut broken = Vec::new();
    for (module, _, _) in files {
        match describe_rule_only(&module) {
            Some(Ok(d)) => found.push(d),
            Some(Err(e)) => broken.push((module, e)),
            None => {}
        }
    }
    (found, broken)
}

/// Describes the rule-only games of `files` not described yet, all of them in one
/// machine (`ludolog games` and the served page's game list ask for every one): the
/// host, the libraries and scryer's own start are loaded once, not once a game. A
/// game this cannot describe is left to `describe_rule_only`, which says why.
fn describe_missing_together(files: &[(String, &'static str, &'static str)]) {
    let missing: Vec<&(String, &'static str, &'static str)> = {
        let cache = cache().lock().unwrap_or_else(|p| p.into_inner());
        files
            .iter()
            .filter(|(module, _, _)| !cache.contains_key(module))
            .collect()
    };
    if missing.len() < 2 {
        return;
    }
    for (module, made) in describe_together(&missing) {
        let mut cache = cache().lock().unwrap_or_else(|p| p.into_inner());
        cache
            .entry(module.to_string())
            .or_insert(Ok(&*Box::leak(Box::new(made))));
    }
}

/// The descriptors of the rule-only games `files`, made in one machine, of those it
/// can describe.
fn describe_together<'a>(
    files: &[&'a (String, &'static str, &'static str)],
) -> Vec<(&'a str, GameDescriptor)> {
    let find =
        |name: &str| embedded_file(name).ok_or_else(|| SourceError::UnknownGame(name.to_string()));
    // each game's rules, and all of them together (each file once, what it requires
    // before it, as in each game's own set)
    let mut together = RuleSet {
        files: Vec::new(),
        games: Vec::new(),
        accelerators: Vec::new(),
        trust: false,
    };
    let mut games = Vec::new();
    for (module, path, text) in files.iter().copied() {
        let Ok(rules) = rule_set(RuleFile::embedded(module, path, text), &find, None) else {
            continue;
        };
        for file in &rules.files {
            if !together.files.iter().any(|f| f.module == file.module) {
                together.files.push(file.clone());
            }
        }
        for (mine, all) in [
            (&rules.games, &mut together.games),
            (&rules.accelerators, &mut together.accelerators),
        ] {
            for name in mine {
                if !all.contains(name) {
                    all.push(name.clone());
                }
            }
        }
        games.push((module.as_str(), *path, *text, rules.accelerators.len() > 1));
    }
    // the spec tier: the cheapest to load, and all a description reads (a set of no
    // file has no game to load last)
    if together.files.is_empty() {
        return Vec::new();
    }
    let Ok(mut machine) = PrologMachine::load(&together, false) else {
        return Vec::new();
    };
    let mut made = Vec::new();
    for (module, path, text, accelerated) in games {
        let info = machine
            .request(module, 0, "info")
            .map_err(|e| EngineError::Rules(format!("{path}: {e}")))
            .and_then(|reply| match reply {
                Term::Compound(f, args) if f == "ok" && args.len() == 1 => {
                    game_info(&args[0], path)
                }
                other => Err(EngineError::Rules(format!(
                    "{path}: unexpected reply {}",
                    shown(&other)
                ))),
            });
        // a game whose description fails here is described alone, with its error
        let Ok(info) = info else {
            continue;
        };
        made.push((
            module,
            descriptor(module, RuleSource { path, text }, &info, accelerated),
        ));
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_described_together_in_one_machine_are_described_as_each_alone() {
        let files = rule_only_files();
        assert!(files.len() > 4, "{files:?}");
        let started = crate::prolog::machines_started_here();
        let together = describe_together(&files.iter().collect::<Vec<_>>());
        assert_eq!(crate::prolog::machines_started_here(), started + 1);
        assert_eq!(together.len(), files.len());
        for ((module, path, text), (name, d)) in files.iter().zip(&together) {
            let _spec = super::super::spare::expecting(Some(Tier::Spec));
            let alone = describe(module, path, text).expect(module);
            assert_eq!(name, module);
            assert_eq!(
                (d.name, d.summary, d.accelerated, d.rules.path),
                (
                    alone.name,
                    alone.summary,
                    alone.accelerated,
                    alone.rules.path
                )
            );
            assert_eq!(d.options, alone.options);
        }
    }
}
