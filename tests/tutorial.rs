//! examples/variant-tutorial.md and examples/new-game-tutorial.md, run as a reader would: its rule-file blocks written
//! (```prolog or ```python file=NAME: the whole file; ```prolog edit=NAME: each paragraph replaces
//! the file's paragraph that starts the same way, or is added at the end) and every
//! `$ command` of its ```console blocks run in a shell, in order, in a fresh
//! directory with the ludolog binary on PATH, its output (stdout and stderr) compared
//! with the lines the tutorial shows (`[..]` in a line stands for any text, a line
//! `...` for any number of lines).

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use std::path::Path;
use std::process::Command;

/// A fenced block of the tutorial: its info string and text.
struct Block {
    info: String,
    text: String,
}

fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                current = Some(Block {
                    info: info.to_string(),
                    text: String::new(),
                })
            }
            Event::Text(t) => {
                if let Some(b) = current.as_mut() {
                    b.text.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => out.extend(current.take()),
            _ => {}
        }
    }
    out
}

/// The paragraphs of a text: runs of lines between blank lines.
fn paragraphs(text: &str) -> Vec<String> {
    text.split("\n\n")
        .map(|p| p.trim_matches('\n').to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// What identifies a paragraph: its first line up to its first `(` (all of it when
/// it has none), e.g. `%% legal(` or `:- module(`.
fn key(paragraph: &str) -> &str {
    let first = paragraph.lines().next().unwrap_or("");
    first.find('(').map_or(first, |i| &first[..=i])
}

/// `text` with each paragraph of `edit` in place of the one with the same key.
fn apply_edit(text: &str, edit: &str) -> String {
    let mut paras = paragraphs(text);
    for new in paragraphs(edit) {
        match paras.iter_mut().find(|p| key(p) == key(&new)) {
            Some(old) => *old = new,
            None => paras.push(new),
        }
    }
    paras.join("\n\n") + "\n"
}

/// Whether `actual` lines match the `expected` lines (with `[..]` and `...`).
fn matches(expected: &[&str], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => (0..=actual.len()).any(|i| matches(rest, &actual[i..])),
        Some((e, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| line_matches(e, a) && matches(rest, more)),
    }
}

fn line_matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split("[..]").collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || !actual[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

/// The `$ command`s of a console block, each with the output shown under it.
fn commands(console: &str) -> Vec<(String, Vec<&str>)> {
    let mut out: Vec<(String, Vec<&str>)> = Vec::new();
    for line in console.lines() {
        match line.strip_prefix("$ ") {
            Some(cmd) => out.push((cmd.to_string(), Vec::new())),
            None => match out.last_mut() {
                Some((_, shown)) => shown.push(line),
                None => panic!("output before any command in a console block: {line}"),
            },
        }
    }
    out
}

fn run(dir: &Path, cmd: &str) -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_ludolog"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .args(["-c", &format!("exec 2>&1; {cmd}")])
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn every_command_of_the_variant_tutorial_shows_what_it_says() {
    run_tutorial("examples/variant-tutorial.md", 2, 10);
}

#[test]
fn every_command_of_the_new_game_tutorial_shows_what_it_says() {
    run_tutorial("examples/new-game-tutorial.md", 4, 16);
}

/// Runs a tutorial as a reader would; it must write at least `least_files` rule files
/// and run at least `least_commands` commands.
fn run_tutorial(file: &str, least_files: usize, least_commands: usize) {
    let md = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (mut files, mut ran) = (0, 0);
    for block in blocks(&md) {
        let mut words = block.info.split_whitespace();
        match words.next() {
            Some("prolog" | "python") => {
                for word in words {
                    if let Some(name) = word.strip_prefix("file=") {
                        std::fs::write(dir.path().join(name), &block.text).unwrap();
                        files += 1;
                    } else if let Some(name) = word.strip_prefix("edit=") {
                        let path = dir.path().join(name);
                        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                            panic!("{name} is edited before it is written: {e}")
                        });
                        std::fs::write(&path, apply_edit(&text, &block.text)).unwrap();
                        files += 1;
                    }
                }
            }
            Some("console") => {
                for (cmd, shown) in commands(&block.text) {
                    let output = run(dir.path(), &cmd);
                    let actual: Vec<&str> = output.lines().map(str::trim_end).collect();
                    let shown: Vec<&str> = shown.iter().map(|l| l.trim_end()).collect();
                    assert!(
                        matches(&shown, &actual),
                        "`$ {cmd}` shows in the tutorial:\n{}\nbut prints:\n{}",
                        shown.join("\n"),
                        actual.join("\n")
                    );
                    ran += 1;
                }
            }
            _ => {}
        }
    }
    assert!(
        files >= least_files && ran >= least_commands,
        "{file} has its steps ({files} files, {ran} commands)"
    );
}

#[test]
fn the_tutorial_checker_matches_and_edits_as_it_says() {
    assert!(matches(&["a [..] c", "..."], &["a b c", "d", "e"]));
    assert!(matches(&["...", "e"], &["a", "e"]));
    assert!(!matches(&["a [..] c"], &["a b d"]));
    assert!(!matches(&["a"], &["a", "b"]));
    let text = "%% a(X)  one.\na(1).\n\n%% b(X)  two.\nb(2).\n";
    assert_eq!(
        apply_edit(text, "%% b(X)  three.\nb(3).\n\n%% c(X)  new.\nc(4).\n"),
        "%% a(X)  one.\na(1).\n\n%% b(X)  three.\nb(3).\n\n%% c(X)  new.\nc(4).\n"
    );
}
