//! CONTRIBUTING.md's account of adding a game is true: every file it names exists,
//! and every built-in game has what it says a game brings (its rule file, and rows
//! in the data files the generic tests read).

use crate::common;

use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The lines of a data file that are rows (not comments or blank).
fn rows(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(ROOT).join(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(String::from)
        .collect()
}

#[test]
fn every_path_contributing_names_exists() {
    let text = std::fs::read_to_string(Path::new(ROOT).join("CONTRIBUTING.md")).unwrap();
    let mut named = 0;
    for quoted in text.split('`').skip(1).step_by(2) {
        let looks_like_a_path = ["src/", "tests/", "rules/"]
            .iter()
            .any(|p| quoted.starts_with(p))
            && !quoted.contains('<')
            && !quoted.contains('*')
            && !quoted.contains(' ');
        if looks_like_a_path {
            named += 1;
            assert!(
                Path::new(ROOT).join(quoted).exists(),
                "CONTRIBUTING.md names {quoted}, which does not exist"
            );
        }
    }
    assert!(named >= 8, "only {named} paths found in CONTRIBUTING.md");
}

#[test]
fn every_built_in_game_brings_its_rule_file_and_data_rows() {
    // tests/data/games.txt: game_rows fails naming a game without a row
    assert_eq!(common::game_rows().len(), ludolog::games::ALL.len());
    let perft = rows("tests/data/perft.txt");
    let why = rows("tests/data/why.txt");
    for d in ludolog::games::ALL {
        assert!(
            Path::new(ROOT).join(d.rules.path).is_file(),
            "{}: no rule file {}",
            d.name,
            d.rules.path
        );
        let first_column = |r: &String| r.split('|').next().map(str::trim) == Some(d.name);
        assert!(
            perft.iter().any(first_column),
            "{}: add perft rows to tests/data/perft.txt",
            d.name
        );
        assert!(
            why.iter().any(first_column),
            "{}: add its refusals to tests/data/why.txt",
            d.name
        );
    }
}

#[test]
fn every_hook_the_host_calls_is_documented_in_the_protocol() {
    // the predicates of a rule file that rules/lib/host.pl calls (call(G:name(...)) or
    // G:name(...)), and requires/1, which the loader reads, are all in the header of
    // rules/lib/protocol.pl, where a rule file's author looks
    let host = std::fs::read_to_string("rules/lib/host.pl").unwrap();
    let protocol = std::fs::read_to_string("rules/lib/protocol.pl").unwrap();
    let header: String = protocol
        .lines()
        .take_while(|l| !l.starts_with(":- module"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut hooks: Vec<String> = host
        .split("G:")
        .skip(1)
        .filter_map(|rest| {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            (!name.is_empty() && rest[name.len()..].starts_with('(')).then_some(name)
        })
        .collect();
    hooks.push("requires".into());
    hooks.sort();
    hooks.dedup();
    assert!(hooks.len() >= 8, "{hooks:?}");
    let undocumented: Vec<&String> = hooks
        .iter()
        .filter(|h| {
            !header.contains(&format!("%   {h}(")) && !header.contains(&format!("%   {h}//"))
        })
        .collect();
    assert!(
        undocumented.is_empty(),
        "not in protocol.pl's header: {undocumented:?}"
    );
}
