//! Where rule files come from: copies embedded in the binary, or a file or directory on disk.

use std::path::{Path, PathBuf};

/// One rule file: its module name, the path shown in messages, and its text.
#[derive(Clone, Debug)]
pub struct RuleFile {
    /// The module the file declares (`:- module(Name, ...)`).
    pub module: String,
    /// The path shown in messages (`rules/hex.pl` for an embedded file).
    pub path: String,
    /// The file on disk, when it came from disk.
    pub disk: Option<PathBuf>,
    pub text: String,
}

macro_rules! embedded {
    ($module:literal, $path:literal) => {
        ($module, $path, include_str!(concat!("../../", $path)))
    };
}

/// The shared helpers, in load order: host first, because it checks the syntax
/// of every file that comes from disk.
const LIB: [(&str, &str, &str); 5] = [
    embedded!("host", "rules/lib/host.pl"),
    embedded!("protocol", "rules/lib/protocol.pl"),
    embedded!("search", "rules/lib/search.pl"),
    embedded!("hexgrid", "rules/lib/hexgrid.pl"),
    embedded!("accel", "rules/lib/accel.pl"),
];

/// The built-in games' rule files.
const GAMES: [(&str, &str, &str); 3] = [
    embedded!("hex", "rules/hex.pl"),
    embedded!("contactix", "rules/contactix.pl"),
    embedded!("replica", "rules/replica.pl"),
];

fn embedded_file((module, path, text): (&str, &str, &str)) -> RuleFile {
    RuleFile {
        module: module.to_string(),
        path: path.to_string(),
        disk: None,
        text: text.to_string(),
    }
}

/// The embedded copy of the host helpers.
pub fn embedded_host() -> RuleFile {
    embedded_file(LIB[0])
}

/// The embedded rule file of a built-in game.
pub fn embedded_game(name: &str) -> Option<RuleFile> {
    GAMES
        .iter()
        .find(|g| g.0 == name)
        .map(|&g| embedded_file(g))
}

/// The files a machine loads: the helpers, the games the game builds on, then the game.
#[derive(Clone, Debug)]
pub struct RuleSet {
    pub lib: Vec<RuleFile>,
    /// Rule files the game requires (a `requires(hex).` fact), in load order.
    pub deps: Vec<RuleFile>,
    pub game: RuleFile,
}

/// The games a rule file builds on: its `requires(Name).` facts, one a line.
pub fn required_games(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix("requires(")?
                .strip_suffix(").")
                .map(str::trim)
                .map(String::from)
        })
        .filter(|name| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
        .collect()
}

/// The rule files `game` requires, each found by `find`, dependencies first.
fn dependencies(
    game: &RuleFile,
    find: &dyn Fn(&str) -> Result<RuleFile, SourceError>,
) -> Result<Vec<RuleFile>, SourceError> {
    let mut out: Vec<RuleFile> = Vec::new();
    let mut todo: Vec<(RuleFile, usize)> = vec![(game.clone(), 0)];
    while let Some((file, depth)) = todo.pop() {
        if depth > 8 {
            return Err(SourceError::Cycle(file.path));
        }
        for name in required_games(&file.text) {
            let dep = find(&name)?;
            if !out.iter().any(|f| f.module == dep.module) {
                out.insert(0, dep.clone());
            }
            todo.push((dep, depth + 1));
        }
    }
    Ok(out)
}

/// A problem finding or reading rule files.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("{path}: cannot read the rule file: {err}")]
    Read { path: String, err: std::io::Error },
    #[error("{path}:1: a rule file starts with `:- module(Name, [...])` naming its game")]
    NoModule { path: String },
    #[error("{0}: no such rule file or directory")]
    Missing(String),
    #[error("{dir}: the rules directory has no {game}.pl")]
    NoGame { dir: String, game: String },
    #[error("unknown game `{0}` (see `ludolog games`)")]
    UnknownGame(String),
    #[error("{0}: the rule files require each other in a cycle")]
    Cycle(String),
}

/// The module name a rule file declares, read from its first `:- module(` directive.
pub fn declared_module(text: &str) -> Option<String> {
    let at = text.find(":- module(")? + ":- module(".len();
    let name: String = text[at..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let first = name.chars().next()?;
    first.is_ascii_lowercase().then_some(name)
}

fn read_file(path: &Path) -> Result<RuleFile, SourceError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|err| SourceError::Read {
        path: shown.clone(),
        err,
    })?;
    let module = declared_module(&text).ok_or_else(|| SourceError::NoModule {
        path: shown.clone(),
    })?;
    Ok(RuleFile {
        module,
        path: shown,
        disk: Some(path.to_path_buf()),
        text,
    })
}

impl RuleSet {
    /// The embedded rules of a built-in game.
    pub fn embedded(game: &str) -> Result<RuleSet, SourceError> {
        let game = embedded_game(game).ok_or_else(|| SourceError::UnknownGame(game.to_string()))?;
        let find = |name: &str| {
            embedded_game(name).ok_or_else(|| SourceError::UnknownGame(name.to_string()))
        };
        let deps = dependencies(&game, &find)?;
        Ok(RuleSet {
            lib: LIB.iter().map(|&f| embedded_file(f)).collect(),
            deps,
            game,
        })
    }

    /// Rules from disk: a rule file (with the embedded helpers), or a directory
    /// holding `GAME.pl` and optionally `lib/*.pl` that replace embedded helpers.
    /// A game the rule file requires comes from the same directory if it is
    /// there, else from the built-in copy.
    pub fn from_disk(path: &Path, game: &str) -> Result<RuleSet, SourceError> {
        let shown = path.display().to_string();
        let dir = if path.is_file() {
            path.parent().map(Path::to_path_buf).unwrap_or_default()
        } else {
            path.to_path_buf()
        };
        let find = |name: &str| -> Result<RuleFile, SourceError> {
            let local = dir.join(format!("{name}.pl"));
            if local.is_file() {
                read_file(&local)
            } else {
                embedded_game(name).ok_or_else(|| SourceError::UnknownGame(name.to_string()))
            }
        };
        if path.is_file() {
            let game = read_file(path)?;
            let deps = dependencies(&game, &find)?;
            return Ok(RuleSet {
                lib: LIB.iter().map(|&f| embedded_file(f)).collect(),
                deps,
                game,
            });
        }
        if !path.is_dir() {
            return Err(SourceError::Missing(shown));
        }
        let game_path = path.join(format!("{game}.pl"));
        if !game_path.is_file() {
            return Err(SourceError::NoGame {
                dir: shown,
                game: game.to_string(),
            });
        }
        let mut lib = Vec::new();
        for &(module, p, text) in LIB.iter() {
            let file_name = Path::new(p).file_name().unwrap_or_default();
            let on_disk = path.join("lib").join(file_name);
            if on_disk.is_file() {
                lib.push(read_file(&on_disk)?);
            } else {
                lib.push(embedded_file((module, p, text)));
            }
        }
        let game = read_file(&game_path)?;
        let deps = dependencies(&game, &find)?;
        Ok(RuleSet { lib, deps, game })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_declared_module() {
        assert_eq!(
            declared_module("% c\n:- module(hex, [a/1]).").as_deref(),
            Some("hex")
        );
        assert_eq!(
            declared_module(":- module( my_hex2 ,[]).").as_deref(),
            Some("my_hex2")
        );
        assert_eq!(declared_module("foo(1)."), None);
        assert_eq!(declared_module(":- module(Hex, [])."), None);
    }

    #[test]
    fn every_built_in_game_has_its_module_name() {
        for (module, _, text) in GAMES {
            assert_eq!(declared_module(text).as_deref(), Some(module));
        }
        for (module, _, text) in LIB {
            assert_eq!(declared_module(text).as_deref(), Some(module));
        }
    }
}
