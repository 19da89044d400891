//! Which Prolog files a machine loads: the core helpers, the board libraries and
//! games a rule file requires (its `requires(Name).` facts), then the rule file.

pub use super::module_names::{declared_module, module_declaration};

use std::path::{Path, PathBuf};

/// One rule file: its module name, the path shown in messages, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleFile {
    /// The module the file declares (`:- module(Name, ...)`).
    pub module: String,
    /// The path shown in messages (`rules/hex.pl` for an embedded file).
    pub path: String,
    /// The file on disk, when it came from disk.
    pub disk: Option<PathBuf>,
    /// A text a user gave, not from disk and never written there (the web board's
    /// rules playground): untrusted as a file from disk is, and checked the same way.
    pub given: bool,
    pub text: String,
}

impl RuleFile {
    /// A file built into the binary.
    pub fn embedded(module: &str, path: &str, text: &str) -> RuleFile {
        RuleFile {
            module: module.to_string(),
            path: path.to_string(),
            disk: None,
            given: false,
            text: text.to_string(),
        }
    }

    /// Whether the file is untrusted: from disk, or a text a user gave.  Such a file
    /// is checked by the sandbox and loads only in a worker process.
    pub fn untrusted(&self) -> bool {
        self.disk.is_some() || self.given
    }

    /// A rule file read from disk; its module name comes from its `:- module(` line.
    /// A GDL rule sheet (`.kif`) is read as its translation (see `gdl`).
    pub fn read(path: &Path) -> Result<RuleFile, SourceError> {
        let shown = path.display().to_string();
        let text = read_rule_text(path).map_err(|err| SourceError::Read {
            path: shown.clone(),
            err,
        })?;
        let (text, disk) = if is_gdl(path) {
            let text = translated(path, &text).map_err(|e| SourceError::Gdl {
                path: shown.clone(),
                line: e.line,
                message: e.message,
            })?;
            // the engine reads (and checks) a rule file from disk: the translation
            let disk = written_translation(path, &text).map_err(|err| SourceError::Read {
                path: shown.clone(),
                err,
            })?;
            (text, disk)
        } else {
            (text, path.to_path_buf())
        };
        let module = declared_module(&text).ok_or_else(|| SourceError::NoModule {
            path: shown.clone(),
        })?;
        Ok(RuleFile {
            module,
            path: shown,
            disk: Some(disk),
            given: false,
            text,
        })
    }
}

/// Whether a path names a GDL rule sheet (`.kif`, any case).
pub fn is_gdl(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("kif"))
}

/// The ludolog rule file of the GDL rule sheet `text` read from `path`: its module
/// is named after the file.
pub fn translated(path: &Path, text: &str) -> Result<String, crate::gdl::GdlError> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    let name = path
        .file_name()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    crate::gdl::translate(text, &crate::gdl::module_name(&stem), &name)
}

/// The file an engine reads for the GDL rule sheet at `path` (written now, where
/// it can be), if the sheet translates: an engine process is let read it.
pub fn translation_file(path: &Path) -> Option<PathBuf> {
    let text = read_rule_text(path).ok()?;
    written_translation(path, &translated(path, &text).ok()?).ok()
}

/// The translation of the rule sheet at `path` written where an engine reads it:
/// `ludolog-gdl-UID/HASH/NAME.pl` in the temporary directory, one file per text.
fn written_translation(path: &Path, text: &str) -> std::io::Result<PathBuf> {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    let user = std::env::var("USER").unwrap_or_default();
    let dir = std::env::temp_dir()
        .join(format!("ludolog-gdl-{}", crate::gdl::module_name(&user)))
        .join(format!("{:016x}", h.finish()));
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    let file = dir.join(format!("{}.pl", crate::gdl::module_name(&stem)));
    // an engine process, which may write nothing, finds the file its front end wrote
    if read_rule_text(&file).ok().as_deref() != Some(text) {
        std::fs::create_dir_all(&dir)?;
        let partial = dir.join(format!(".{}.{}", std::process::id(), "part"));
        std::fs::write(&partial, text)?;
        std::fs::rename(&partial, &file)?;
    }
    Ok(file)
}

/// The largest rule file read (the largest built-in one is under 64 KB): a file that
/// grows past it (a rule file served and watched, made huge) is refused, never read
/// whole into the memory of the process that watches it.
pub const MAX_RULE_FILE: u64 = 16 << 20;

/// The text of a rule file, at most `MAX_RULE_FILE` bytes of it.
pub fn read_rule_text(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)?
        .take(MAX_RULE_FILE + 1)
        .read_to_string(&mut text)?;
    if text.len() as u64 > MAX_RULE_FILE {
        return Err(std::io::Error::other(format!(
            "the file is over {} MB, more than a rule file is",
            MAX_RULE_FILE >> 20
        )));
    }
    Ok(text)
}

/// A Prolog library of rules/lib built into the binary.
struct Library {
    module: &'static str,
    path: &'static str,
    text: &'static str,
    /// The module that binds the library's foreign functions (loaded with it), if any.
    accel: Option<(&'static str, &'static str, &'static str)>,
}

macro_rules! lib {
    ($module:literal, $path:literal) => {
        Library {
            module: $module,
            path: $path,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)),
            accel: None,
        }
    };
    ($module:literal, $path:literal, $accel:literal, $accel_path:literal) => {
        Library {
            module: $module,
            path: $path,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)),
            accel: Some((
                $accel,
                $accel_path,
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $accel_path)),
            )),
        }
    };
}

/// The helpers of a machine, in load order: the host first; the sandbox second,
/// loaded when a file comes from disk (it reads and checks every such file) or a
/// REPL or authoring tool starts, and skipped otherwise (it costs a fifth of a
/// rule tier's start-up, and a built-in game's embedded files need no check).
const CORE: [Library; 5] = [
    lib!("host", "rules/lib/host.pl"),
    lib!("sandbox", "rules/lib/sandbox.pl"),
    lib!("protocol", "rules/lib/protocol.pl"),
    lib!("search", "rules/lib/search.pl"),
    lib!("native", "rules/lib/native.pl"),
];

/// The board libraries a rule file may require, each with its foreign bindings.
const BOARDS: [Library; 9] = [
    lib!("grid", "rules/lib/grid.pl"),
    lib!(
        "board",
        "rules/lib/board.pl",
        "board_accel",
        "rules/lib/board_accel.pl"
    ),
    lib!("notation", "rules/lib/notation.pl"),
    lib!("flank", "rules/lib/flank.pl"),
    // stacks of pieces on board.pl's cells, and their turns (board_turns.pl's kinds)
    lib!("board_hops", "rules/lib/board_hops.pl"),
    lib!("board_hops_after", "rules/lib/board_hops_after.pl"),
    lib!("board_stacks", "rules/lib/board_stacks.pl"),
    // the KIF text of rule files translated from GDL (src/gdl/)
    lib!("gdl", "rules/lib/gdl.pl"),
    lib!(
        "hexgrid",
        "rules/lib/hexgrid.pl",
        "hexgrid_accel",
        "rules/lib/hexgrid_accel.pl"
    ),
];

/// The parts of board.pl, which it requires: the pure definitions of its queries by
/// concept, and the texts its host copy reads.  A part is always the embedded copy,
/// loaded before the library, as an accelerator is: it calls back into board.pl at
/// run time, so a board.pl from disk (`lib/board.pl` of a rules directory, checked
/// by the sandbox as it loads) finds its parts' exports loaded, and the parts are
/// never checked before the board they call is there.
const LIBRARY_PARTS: [Library; 5] = [
    lib!("board_steps", "rules/lib/board_steps.pl"),
    lib!("board_reach", "rules/lib/board_reach.pl"),
    lib!("board_lines", "rules/lib/board_lines.pl"),
    lib!("board_text", "rules/lib/board_text.pl"),
    lib!("board_turns", "rules/lib/board_turns.pl"),
];

/// The REPL's Prolog top level, loaded only into a REPL session's machine: how it
/// writes answers, then the top level itself.
const TOPLEVEL_ANSWER: Library = lib!("repl_answer", "rules/lib/repl_answer.pl");
const TOPLEVEL_TIME: Library = lib!("repl_time", "rules/lib/repl_time.pl");
const TOPLEVEL_TOOLS: Library = lib!("repl_tools", "rules/lib/repl_tools.pl");
const TOPLEVEL_SOURCE: Library = lib!("repl_source", "rules/lib/repl_source.pl");
const TOPLEVEL_TRACE: Library = lib!("repl_trace", "rules/lib/repl_trace.pl");
const TOPLEVEL: Library = lib!("repl", "rules/lib/repl.pl");

/// The modules of the core helpers with foreign bindings.
const CORE_ACCEL: [&str; 1] = ["native"];

/// The embedded copy of the host helpers, loaded before anything else, with the
/// bindings of the foreign functions (`host:foreign_functions/2`, from the one
/// declaration in `foreign_table`).
pub fn embedded_host() -> RuleFile {
    let mut host = RuleFile::embedded(CORE[0].module, CORE[0].path, CORE[0].text);
    host.text
        .push_str(&super::foreign_table::foreign_bindings());
    host
}

/// The sandbox's tables and parts, in load order (all before the sandbox itself,
/// `CORE[1]`): its tables of builtins and libraries, every predicate of the
/// libraries it lets rule files load, then the parts of the checker: a file's text read and written, refusals in
/// words, goal arguments of meta-predicates, changes to clauses.
const SANDBOX_PARTS: [Library; 6] = [
    lib!("sandbox_lists", "rules/lib/sandbox_lists.pl"),
    lib!("sandbox_names", "rules/lib/sandbox_names.pl"),
    lib!("sandbox_text", "rules/lib/sandbox_text.pl"),
    lib!("sandbox_words", "rules/lib/sandbox_words.pl"),
    lib!("sandbox_meta", "rules/lib/sandbox_meta.pl"),
    lib!("sandbox_database", "rules/lib/sandbox_database.pl"),
];

/// The embedded copies of the sandbox: its tables and parts, then the checker.
pub fn embedded_sandbox() -> [RuleFile; 7] {
    let mut files = SANDBOX_PARTS
        .iter()
        .chain([&CORE[1]])
        .map(|l| RuleFile::embedded(l.module, l.path, l.text));
    std::array::from_fn(|_| files.next().expect("the sandbox's seven files"))
}

/// The modules of the sandbox, its tables and its parts: host modules, neither rules
/// nor tools, which no rule file or query may call into.
pub fn sandbox_modules() -> impl Iterator<Item = &'static str> {
    SANDBOX_PARTS.iter().chain([&CORE[1]]).map(|l| l.module)
}

/// The embedded copies of the REPL's top level, in load order
/// (`rules/lib/repl_tools.pl`, `rules/lib/repl_answer.pl`, `rules/lib/repl_time.pl`,
/// `rules/lib/repl_source.pl`, `rules/lib/repl_trace.pl`, `rules/lib/repl.pl`).
pub fn embedded_toplevel() -> [RuleFile; 6] {
    [
        // first: the others print through its format/2, which loads library(format)
        &TOPLEVEL_TOOLS,
        &TOPLEVEL_ANSWER,
        &TOPLEVEL_TIME,
        &TOPLEVEL_SOURCE,
        &TOPLEVEL_TRACE,
        &TOPLEVEL,
    ]
    .map(|l| RuleFile::embedded(l.module, l.path, l.text))
}

/// The names of the board libraries a rule file may require.
pub fn board_libraries() -> impl Iterator<Item = &'static str> {
    BOARDS.iter().map(|l| l.module)
}

/// The files a machine loads, in order, and what the host needs to know of them.
#[derive(Clone, Debug)]
pub struct RuleSet {
    /// Everything to load after the host, in order (the game last).
    pub files: Vec<RuleFile>,
    /// The games among them (the game's module last), for the dispatch module.
    pub games: Vec<String>,
    /// The modules whose `load/0` binds foreign functions (for the accelerated tier).
    pub accelerators: Vec<String>,
    /// Whether files from disk and REPL queries run unchecked (`--trust`).
    pub trust: bool,
}

impl RuleSet {
    /// The game's rule file, loaded last.
    pub fn game(&self) -> &RuleFile {
        self.files.last().expect("a rule set ends with its game")
    }
}

/// The names a rule file requires: its `requires(Name).` facts, one a line.
pub fn required_names(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(required_on)
        .map(String::from)
        .collect()
}

/// The name a line's `requires(Name).` fact requires, if the line is one.
fn required_on(line: &str) -> Option<&str> {
    let name = line
        .trim()
        .strip_prefix("requires(")?
        .strip_suffix(").")?
        .trim();
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then_some(name)
}

/// The game a rule file is a part of: its `part_of(Game).` fact, or `None` for a
/// game's own file.  A part is a module holding some of a game's clauses (its
/// notation, say) so that no one file grows past what a reader takes in; the game
/// names it with `requires(Part).`, it is found where the game's file is, and it is
/// neither listed nor played as a game of its own.
pub fn part_of(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let name = l
            .trim()
            .strip_prefix("part_of(")?
            .strip_suffix(").")?
            .trim();
        (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .then(|| name.to_string())
    })
}

/// Finds the rule file of a game a rule file requires.
pub type FindGame<'a> = dyn Fn(&str) -> Result<RuleFile, SourceError> + 'a;

/// The rule set of `game`: the core helpers, then what it requires (board libraries
/// and games, each before what requires it), then the game.  Games are found by
/// `find`; board libraries are the embedded ones, or `lib/NAME.pl` under `lib_dir`.
pub fn rule_set(
    game: RuleFile,
    find: &FindGame<'_>,
    lib_dir: Option<&Path>,
) -> Result<RuleSet, SourceError> {
    let mut ordered: Vec<RuleFile> = Vec::new();
    let mut games = Vec::new();
    let mut accelerators: Vec<String> = CORE_ACCEL.iter().map(|s| s.to_string()).collect();
    // depth-first: what a file requires is loaded before it
    // `chain`: the files being visited, each requiring the next (module, path)
    fn visit(
        file: RuleFile,
        role: Role,
        chain: &mut Vec<(String, String)>,
        find: &FindGame<'_>,
        lib_dir: Option<&Path>,
        out: &mut (Vec<RuleFile>, Vec<String>, Vec<String>),
    ) -> Result<(), SourceError> {
        // a cycle is a module met again on the way down (the files are finite)
        if let Some(from) = chain.iter().position(|(m, _)| *m == file.module) {
            let names: Vec<&str> = chain[from..]
                .iter()
                .map(|(m, _)| m.as_str())
                .chain([file.module.as_str()])
                .collect();
            return Err(SourceError::Cycle {
                path: chain[from].1.clone(),
                chain: names.join(" requires "),
            });
        }
        // a file from disk may take a reserved name only as the override of the board
        // library of that name (lib/hexgrid.pl declaring hexgrid, for mutant tests):
        // it is checked by the sandbox like any rule file, and the host's own modules
        // (host, sandbox, protocol, dispatch, scryer's libraries) stay the embedded ones
        let board_override =
            role == Role::Library && BOARDS.iter().any(|l| l.module == file.module);
        if file.untrusted() && reserved_module(&file.module) && !board_override {
            return Err(SourceError::Reserved {
                path: file.path,
                module: file.module,
            });
        }
        chain.push((file.module.clone(), file.path.clone()));
        for name in required_names(&file.text) {
            if out.0.iter().any(|f| f.module == name) {
                continue;
            }
            if let Some(part) = LIBRARY_PARTS.iter().find(|l| l.module == name) {
                out.0
                    .push(RuleFile::embedded(part.module, part.path, part.text));
                continue;
            }
            if let Some(lib) = BOARDS.iter().find(|l| l.module == name) {
                let on_disk = lib_dir.map(|d| d.join(format!("{name}.pl")));
                let lib_file = match on_disk.filter(|p| p.is_file()) {
                    Some(p) => named(RuleFile::read(&p)?, &name)?,
                    None => RuleFile::embedded(lib.module, lib.path, lib.text),
                };
                // the accelerator first: a library from disk is checked as it loads,
                // and its calls into its own (embedded) accelerator must find it there
                if let Some((module, path, text)) = lib.accel {
                    out.0.push(RuleFile::embedded(module, path, text));
                    out.2.push(module.to_string());
                }
                visit(lib_file, Role::Library, chain, find, lib_dir, out)?;
            } else {
                let dep = match find(&name) {
                    Ok(dep) => named(dep, &name)?,
                    Err(SourceError::UnknownGame(_)) => {
                        return Err(SourceError::MissingRequired {
                            line: requires_line(&file.text, &name),
                            path: file.path,
                            name,
                        })
                    }
                    Err(e) => return Err(e),
                };
                let role = match part_of(&dep.text) {
                    Some(_) => Role::Part,
                    None => Role::Game,
                };
                visit(dep, role, chain, find, lib_dir, out)?;
            }
        }
        chain.pop();
        if !out.0.iter().any(|f| f.module == file.module) {
            if role == Role::Game {
                out.1.push(file.module.clone());
            }
            out.0.push(file);
        }
        Ok(())
    }
    if let Some(whole) = part_of(&game.text) {
        return Err(SourceError::Part {
            path: game.path,
            game: whole,
        });
    }
    let mut acc = (Vec::new(), Vec::new(), Vec::new());
    visit(game, Role::Game, &mut Vec::new(), find, lib_dir, &mut acc)?;
    let (files, g, a) = acc;
    for lib in CORE.iter().skip(2) {
        ordered.push(RuleFile::embedded(lib.module, lib.path, lib.text));
    }
    ordered.extend(files);
    games.extend(g);
    accelerators.extend(a);
    Ok(RuleSet {
        files: ordered,
        games,
        accelerators,
        trust: false,
    })
}

/// The line of `requires(Name).` in a rule file's text, read as `required_names`
/// reads it (1 if it is not found).
fn requires_line(text: &str, name: &str) -> usize {
    text.lines()
        .position(|l| required_on(l) == Some(name))
        .map_or(1, |i| i + 1)
}

/// `file`, found as the file `requires(Name)` names: its module must be that name.
/// (A file that declares another module, say the game's own after a copy, would
/// stand in for the file of that module or be passed over as loaded already.)
fn named(file: RuleFile, name: &str) -> Result<RuleFile, SourceError> {
    if file.module == name {
        return Ok(file);
    }
    // the declaration the module name was read from (`declared_module`'s)
    let line = file
        .text
        .find(":- module(")
        .map_or(1, |at| file.text[..at].matches('\n').count() + 1);
    Err(SourceError::Misnamed {
        path: file.path,
        line,
        module: file.module,
        name: name.to_string(),
    })
}

/// What a file is to the game being loaded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    /// A game: the one loaded, or one it builds on (a variant's base).
    Game,
    /// A part of a game's rules in a file of its own (`part_of(Game).`).
    Part,
    /// A board library (`rules/lib/`).
    Library,
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
    #[error("unknown game `{}` (see `ludolog games`)", crate::game::elide(.0))]
    UnknownGame(String),
    #[error("{path}: this file is a part of {game}'s rules, not a game: load {game}")]
    Part { path: String, game: String },
    #[error("{path}: the rule files require each other in a cycle: {chain}")]
    Cycle { path: String, chain: String },
    #[error(
        "{path}:{line}: requires `{name}`: no board library, built-in game or rule file \
         beside the game has that name"
    )]
    MissingRequired {
        path: String,
        line: usize,
        name: String,
    },
    #[error(
        "{path}:{line}: required as `{name}`, but its module is `{module}`: a required \
         file's module has the name it is required by"
    )]
    Misnamed {
        path: String,
        line: usize,
        module: String,
        name: String,
    },
    #[error("{path}: the module name `{module}` is taken by ludolog's own helpers")]
    Reserved { path: String, module: String },
    #[error("{path}:{line}: not a GDL rule sheet ludolog plays: {message}")]
    Gdl {
        path: String,
        line: usize,
        message: String,
    },
}

/// The module names of ludolog's own Prolog files (the authoring tools' too) and of
/// scryer's libraries, which
/// no rule file may take.
pub fn reserved_module(name: &str) -> bool {
    super::module_names::is_scryer_module(name)
        || CORE
            .iter()
            .chain(BOARDS.iter())
            .chain(LIBRARY_PARTS.iter())
            .chain([&TOPLEVEL_ANSWER, &TOPLEVEL_TIME, &TOPLEVEL])
            .chain(SANDBOX_PARTS.iter())
            .any(|l| l.module == name)
        || BOARDS
            .iter()
            .any(|l| l.accel.is_some_and(|(m, _, _)| m == name))
        || ["dispatch", "source", "lint", "why"].contains(&name)
}

/// Whether a rule file is one of ludolog's own libraries (rules/lib/, or the
/// generated dispatch module): a module whose exports are its interface, so that
/// untrusted code reaches nothing else in it.
pub fn is_embedded_library(file: &RuleFile) -> bool {
    !file.untrusted() && (file.path.starts_with("rules/lib/") || file.module == "dispatch")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_library_declares_its_exports() {
        let libraries = CORE.iter().chain(BOARDS.iter()).chain(LIBRARY_PARTS.iter());
        for lib in libraries.chain(SANDBOX_PARTS.iter()) {
            let decl = module_declaration(lib.text);
            assert!(
                decl.is_some_and(|d| d.contains(&format!("module({}, [", lib.module))),
                "{}: {decl:?}",
                lib.path
            );
            if let Some((module, path, text)) = lib.accel {
                let decl = module_declaration(text);
                assert!(
                    decl.is_some_and(|d| d.contains(&format!("module({module}, ["))),
                    "{path}: {decl:?}"
                );
            }
        }
    }

    #[test]
    fn every_library_has_its_module_name() {
        for lib in CORE
            .iter()
            .chain(BOARDS.iter())
            .chain(LIBRARY_PARTS.iter())
            .chain(SANDBOX_PARTS.iter())
            .chain([&TOPLEVEL])
        {
            assert_eq!(declared_module(lib.text).as_deref(), Some(lib.module));
            if let Some((module, _, text)) = lib.accel {
                assert_eq!(declared_module(text).as_deref(), Some(module));
            }
        }
    }

    #[test]
    fn requirements_load_first_and_once() {
        let game = RuleFile::embedded(
            "g",
            "g.pl",
            ":- module(g, []).\nrequires(hexgrid).\nrequires(base).\n",
        );
        let base = RuleFile::embedded(
            "base",
            "base.pl",
            ":- module(base, []).\nrequires(hexgrid).\n",
        );
        let find = |name: &str| {
            if name == "base" {
                Ok(base.clone())
            } else {
                Err(SourceError::UnknownGame(name.to_string()))
            }
        };
        let set = rule_set(game, &find, None).unwrap();
        let order: Vec<&str> = set.files.iter().map(|f| f.module.as_str()).collect();
        assert_eq!(
            order,
            [
                "protocol",
                "search",
                "native",
                "hexgrid_accel",
                "grid",
                "hexgrid",
                "base",
                "g"
            ]
        );
        assert_eq!(set.games, ["base", "g"]);
        assert_eq!(set.accelerators, ["native", "hexgrid_accel"]);
    }
}
