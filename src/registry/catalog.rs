//! Every built-in game: those with a descriptor in `games::ALL`, and those written
//! only as rules — the embedded rule files (`games::RULE_FILES`) that no descriptor
//! claims.  A rule-only game is described by its own rule file: `summary/1` for
//! `ludolog games`, `option/4` for its options (validated by the host exactly like a
//! descriptor's), and its tiers by the libraries it requires (accelerated when one of
//! them has native helpers).  Reading that takes loading the file, so it is done once
//! per game and per process, the first time the game is asked for.

use super::OpenError;
use crate::game::{intern_options, GameDescriptor, RuleSource, Tier};
use crate::games;
use crate::prolog::{
    declared_module, part_of, rule_set, RuleFile, RuleOptions, RulesEngine, SourceError,
};
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
    let leak = |s: &str| -> &'static str { Box::leak(s.to_string().into_boxed_str()) };
    let described = GameDescriptor {
        name: leak(module),
        summary: leak(
            info.summary
                .as_deref()
                .unwrap_or("(a game written as rules; its file has no summary/1)"),
        ),
        options: intern_options(&info.options),
        rules: RuleSource { path, text },
        native: None,
        accelerated,
        position_options: crate::game::no_position_options,
    };
    super::spare::keep(engine);
    Ok(described)
}

/// The descriptor of a rule-only game, made on first use: `None` when no embedded
/// rule file declares the module `name`, else the descriptor or why it cannot be made.
pub fn describe_rule_only(name: &str) -> Option<Described> {
    let (module, path, text) = rule_only_files().into_iter().find(|(m, _, _)| m == name)?;
    let lock = || cache().lock().unwrap_or_else(|p| p.into_inner());
    if let Some(d) = lock().get(name) {
        return Some(d.clone());
    }
    // described without the lock, so that games are described side by side
    // (`all_games`); of two threads that describe one game, the first one's stays
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
    describe_side_by_side(&files);
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

/// Describes the rule-only games of `files` not described yet, a thread a core, each
/// game in a machine of its own: `ludolog games` loads every one of them.
fn describe_side_by_side(files: &[(String, &'static str, &'static str)]) {
    let missing: Vec<&str> = {
        let cache = cache().lock().unwrap_or_else(|p| p.into_inner());
        files
            .iter()
            .map(|(module, _, _)| module.as_str())
            .filter(|m| !cache.contains_key(*m))
            .collect()
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(missing.len());
    if threads < 2 {
        return;
    }
    std::thread::scope(|s| {
        for t in 0..threads {
            let missing = &missing;
            // a thread that cannot start leaves its games to the caller's loop
            let _ = std::thread::Builder::new().spawn_scoped(s, move || {
                let _spec = super::spare::expecting(Some(Tier::Spec));
                for m in missing.iter().skip(t).step_by(threads) {
                    describe_rule_only(m);
                }
            });
        }
    });
}
