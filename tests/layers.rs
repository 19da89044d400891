//! The layers hold: every `crate::` path under `src/` names a module of its own row
//! of CONTRIBUTING.md's table or of a row before it (the table goes from the ground
//! up), test modules aside; every module of `src/lib.rs` has its row. What a
//! workspace of crates would make the compiler hold, held by reading the source.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Names a `crate::` path may start with that are no module: the macros
/// `#[macro_export]` puts at the crate's root, each with the module that defines it.
const ROOT_MACROS: [(&str, &str); 1] = [("rule_file", "game")];

/// Each module's row in CONTRIBUTING.md's table of layers, the ground 0.
fn layers() -> BTreeMap<String, usize> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("CONTRIBUTING.md"))
        .expect("CONTRIBUTING.md reads");
    let section = text
        .split("## The layers")
        .nth(1)
        .expect("CONTRIBUTING.md has a section \"The layers\"");
    let mut layers = BTreeMap::new();
    let rows = section
        .lines()
        .skip_while(|l| !l.starts_with("|---"))
        .skip(1)
        .take_while(|l| l.starts_with('|'));
    for (row, line) in rows.enumerate() {
        let first = line.split('|').nth(1).unwrap_or_default();
        for name in first.split('`').skip(1).step_by(2) {
            let before = layers.insert(name.to_string(), row);
            assert!(before.is_none(), "CONTRIBUTING.md puts {name} on two rows");
        }
    }
    layers
}

/// The modules `src/lib.rs` declares.
fn modules() -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("src/lib.rs")).expect("lib.rs");
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';').to_string())
        .collect()
}

/// The Rust files of a module: `src/NAME.rs`, or every file under `src/NAME/`.
fn files_of(module: &str) -> Vec<PathBuf> {
    let file = Path::new(ROOT).join("src").join(format!("{module}.rs"));
    if file.exists() {
        return vec![file];
    }
    let mut found = Vec::new();
    let mut dirs = vec![Path::new(ROOT).join("src").join(module)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a module's folder reads") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// A file's text without its test module, or none for a file of tests.
fn code_of(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    if name == "tests.rs" || name.ends_with("_tests.rs") {
        return None;
    }
    let text = std::fs::read_to_string(path).expect("a source file reads");
    let mut code = text.as_str();
    let mut from = 0;
    while let Some(at) = code[from..].find("#[cfg(test)]") {
        let at = from + at;
        let after = code[at + "#[cfg(test)]".len()..].trim_start();
        let after = ["pub(super) ", "pub(crate) ", "pub "]
            .iter()
            .find_map(|v| after.strip_prefix(v))
            .unwrap_or(after);
        if after.starts_with("mod ") {
            code = &code[..at];
            break;
        }
        from = at + 1;
    }
    Some(code.to_string())
}

/// Each `crate::NAME` of a text outside comments, with its line number.
fn crate_paths(code: &str) -> Vec<(usize, String)> {
    let mut paths = Vec::new();
    for (i, line) in code.lines().enumerate() {
        let line = line.split("//").next().unwrap_or_default();
        for part in line.split("crate::").skip(1) {
            let name: String = part
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            if !name.is_empty() {
                paths.push((i + 1, name));
            }
        }
    }
    paths
}

#[test]
fn every_module_uses_only_its_own_layer_and_those_below() {
    let layers = layers();
    let modules = modules();
    assert!(
        modules.len() >= 20,
        "src/lib.rs declares {} modules",
        modules.len()
    );
    let unlisted: Vec<&String> = modules
        .iter()
        .filter(|m| !layers.contains_key(*m))
        .collect();
    assert!(
        unlisted.is_empty(),
        "CONTRIBUTING.md's layers leave out {unlisted:?}"
    );
    let macros: BTreeMap<&str, &str> = ROOT_MACROS.into_iter().collect();
    let mut wrong = Vec::new();
    let mut read = 0;
    for module in &modules {
        let own = layers[module];
        for path in files_of(module) {
            let Some(code) = code_of(&path) else { continue };
            let shown = path
                .strip_prefix(ROOT)
                .unwrap_or(&path)
                .display()
                .to_string();
            for (line, name) in crate_paths(&code) {
                read += 1;
                let target = macros.get(name.as_str()).copied().unwrap_or(&name);
                match layers.get(target) {
                    None => wrong.push(format!("{shown}:{line}: crate::{name} has no layer")),
                    Some(&row) if row > own => wrong.push(format!(
                        "{shown}:{line}: {module} (row {own}) uses crate::{name} (row {row})"
                    )),
                    Some(_) => {}
                }
            }
        }
    }
    assert!(
        read >= 500,
        "only {read} crate:: paths read: is the reader blind?"
    );
    assert!(
        wrong.is_empty(),
        "uses that run up a layer:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_layers_reader_finds_paths_and_leaves_tests_and_comments_out() {
    let code = "use crate::game::Engine;\n// crate::serve in a comment\nlet x = crate::search::perft(1); // crate::cli\n#[cfg(test)]\nmod tests {\n    use crate::serve::x;\n}\n";
    let path = std::env::temp_dir().join(format!("layers-{}.rs", std::process::id()));
    std::fs::write(&path, code).expect("a temporary file writes");
    let kept = code_of(&path).expect("not a file of tests");
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        crate_paths(&kept),
        vec![(1, "game".to_string()), (3, "search".to_string())]
    );
}
