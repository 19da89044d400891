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
        .filter_map(|l| {
            let l = l.trim();
            l.strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))
        })
        .map(|l| l.trim_end_matches(';').to_string())
        .collect()
}

/// The Rust files of a module that are not test code: `src/NAME.rs`, or the files
/// under `src/NAME/`, less those a `#[cfg(test)] mod name;` line declares (and what
/// is under them).
fn files_of(module: &str) -> Vec<PathBuf> {
    let file = Path::new(ROOT).join("src").join(format!("{module}.rs"));
    if file.exists() {
        return vec![file];
    }
    let mut found = Vec::new();
    let mut dirs = vec![Path::new(ROOT).join("src").join(module)];
    let mut tests = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a module's folder reads") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file reads");
                // a file's submodules sit beside it (mod.rs) or in its own folder
                let home = if path.file_name().is_some_and(|n| n == "mod.rs") {
                    dir.clone()
                } else {
                    dir.join(path.file_stem().expect("a file name"))
                };
                for name in test_module_files(&text) {
                    tests.push(home.join(format!("{name}.rs")));
                    tests.push(home.join(&name));
                }
                found.push(path);
            }
        }
    }
    found.retain(|f| !tests.iter().any(|t| f.starts_with(t)));
    found.sort();
    found
}

/// The names of the modules a file declares as test code in files of their own
/// (`#[cfg(test)] mod name;`).
fn test_module_files(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        rest = &rest[at + "#[cfg(test)]".len()..];
        if let Some(decl) = strip_visibility(rest.trim_start()).strip_prefix("mod ") {
            let name: String = decl
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && decl[name.len()..].trim_start().starts_with(';') {
                names.push(name);
            }
        }
    }
    names
}

/// A declaration without its `pub`, `pub(crate)` or `pub(super)`.
fn strip_visibility(decl: &str) -> &str {
    ["pub(super) ", "pub(crate) ", "pub "]
        .iter()
        .find_map(|v| decl.strip_prefix(v))
        .unwrap_or(decl)
}

/// A file's text without comments and without its test modules written inline
/// (`#[cfg(test)] mod name { ... }`, to their closing brace), or none for a file of
/// tests by its name.
fn code_of(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    if name == "tests.rs" || name.ends_with("_tests.rs") {
        return None;
    }
    let text = std::fs::read_to_string(path).expect("a source file reads");
    let code = without_comments(&text);
    let mut kept = String::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        kept.push_str(&rest[..at]);
        let after = strip_visibility(rest[at + "#[cfg(test)]".len()..].trim_start());
        match (after.starts_with("mod "), after.find(['{', ';'])) {
            (true, Some(i)) if after.as_bytes()[i] == b'{' => {
                // skip the module to its closing brace; the lines it held stay as
                // blank lines, so that the line numbers of what follows are right
                let body = &after[i..];
                let close = closing_brace(body).unwrap_or(body.len());
                let skipped = &rest[at..rest.len() - after.len() + i + close];
                kept.extend(skipped.chars().filter(|&c| c == '\n'));
                rest = &after[i + close..];
            }
            _ => {
                kept.push_str("#[cfg(test)]");
                rest = &rest[at + "#[cfg(test)]".len()..];
            }
        }
    }
    kept.push_str(rest);
    Some(kept)
}

/// The length of a braced block up to and with its closing brace (`text` starts
/// with `{`); strings and characters are taken whole.
fn closing_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            '"' => {
                while let Some((_, d)) = chars.next() {
                    match d {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            '\'' => {
                // a character literal ('{', '\''), or a lifetime, which has no closing quote
                let ahead: String = text[i + 1..].chars().take(4).collect();
                if let Some(end) = ahead.find('\'').filter(|&e| e > 0) {
                    for _ in 0..=end {
                        chars.next();
                    }
                } else if ahead.starts_with("\\") {
                    chars.next();
                }
            }
            _ => {}
        }
    }
    None
}

/// The text with its `//` and `/* */` comments blanked (newlines kept), strings kept.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                    }
                    if last == '*' && d == '/' {
                        break;
                    }
                    last = d;
                }
            }
            '"' => {
                out.push(c);
                while let Some(d) = chars.next() {
                    out.push(d);
                    match d {
                        '\\' => {
                            if let Some(e) = chars.next() {
                                out.push(e);
                            }
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Each module a `crate::` path of the text names (the first segment after
/// `crate::`, and each first segment of a `crate::{a::b, c}` group), with its line
/// number.
fn crate_paths(code: &str) -> Vec<(usize, String)> {
    let mut paths = Vec::new();
    let starts: Vec<usize> = code.match_indices("crate::").map(|(i, _)| i).collect();
    for at in starts {
        let line = code[..at].matches('\n').count() + 1;
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let Some(close) = closing_brace(rest) else {
                continue;
            };
            let inner = &group[..close - 2];
            for item in top_level_items(inner) {
                let name = first_segment(item.trim_start());
                if !name.is_empty() && name != "self" {
                    paths.push((line, name));
                }
            }
        } else {
            let name = first_segment(rest);
            if !name.is_empty() {
                paths.push((line, name));
            }
        }
    }
    paths
}

/// The items of a `use` group, split at its top-level commas.
fn top_level_items(inner: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut from) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[from..]);
    items
}

/// The leading identifier of a path.
fn first_segment(path: &str) -> String {
    path.chars()
        .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
        .collect()
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
    let unknown: Vec<&String> = layers.keys().filter(|m| !modules.contains(m)).collect();
    assert!(
        unknown.is_empty(),
        "CONTRIBUTING.md's layers name no module {unknown:?}"
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
    let code = "use crate::game::Engine;\n// crate::serve in a comment\nlet x = crate::search::perft(1); // crate::cli\n\
                #[cfg(test)]\nmod tests {\n    use crate::serve::x;\n    let c = '}';\n}\n\
                /* crate::cli\n */ use crate::{parallel::threads, check::{a, b}};\n\
                #[cfg(test)]\nmod more;\nlet s = \"// not a comment\"; crate::render::x();\n";
    let path = std::env::temp_dir().join(format!("layers-{}.rs", std::process::id()));
    std::fs::write(&path, code).expect("a temporary file writes");
    let kept = code_of(&path).expect("not a file of tests");
    let _ = std::fs::remove_file(&path);
    let found: Vec<(usize, String)> = [
        (1, "game"),
        (3, "search"),
        (10, "parallel"),
        (10, "check"),
        (13, "render"),
    ]
    .iter()
    .map(|&(l, m)| (l, m.to_string()))
    .collect();
    assert_eq!(crate_paths(&kept), found);
    assert_eq!(test_module_files(code), ["more"]);
}
