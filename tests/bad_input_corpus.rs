//! The bad-input corpus: every file in tests/bad_input/ is one bad input, run through
//! the binary, whose message is compared with its insta snapshot in
//! tests/bad_input/snapshots/. None may panic, hang, leak Rust or Prolog internals,
//! or make a file.
//!
//! A corpus file is a header line `# ludolog ARGS...` and then the input: in ARGS,
//! `{}` stands for the input as one argument, `{file:NAME}` for a file NAME holding
//! the input, and a last `<` sends the input on standard input.

use crate::common;

use std::path::{Path, PathBuf};

use std::time::Duration;

/// What a run may take at most: the runaway limits stop a loop in about two seconds.
const HANG: Duration = Duration::from_secs(30);

/// Texts that give away Rust or Prolog internals instead of a plain message.
const INTERNALS: &[&str] = &[
    "panicked",
    "RUST_BACKTRACE",
    "Compound(",
    "Atom(",
    "permission_error(",
    "existence_error(",
    "type_error(",
    "syntax_error(",
    "incomplete_reduction",
];

/// Files that a refused goal of the corpus would have made.
const MARKERS: &[&str] = &[
    "/tmp/ludolog-corpus-made",
    "/tmp/ludolog-corpus-init",
    "/tmp/ludolog-corpus-repl",
];

struct Case {
    name: String,
    args: Vec<String>,
    stdin: Option<String>,
}

/// Reads one corpus file into the command it runs; files go into `dir`.
fn case(path: &Path, dir: &Path) -> Case {
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (header, input) = text.split_once('\n').unwrap_or((&text, ""));
    let header = header
        .strip_prefix("# ludolog ")
        .unwrap_or_else(|| panic!("{name}: the header must start with `# ludolog `"));
    let mut args = Vec::new();
    let mut stdin = None;
    for word in header.split_whitespace() {
        if word == "{}" {
            args.push(input.strip_suffix('\n').unwrap_or(input).to_string());
        } else if let Some(file) = word
            .strip_prefix("{file:")
            .and_then(|w| w.strip_suffix('}'))
        {
            let sub = dir.join(&name);
            std::fs::create_dir_all(&sub).unwrap();
            let p = sub.join(file);
            std::fs::write(
                &p,
                &bytes[bytes.iter().position(|&b| b == b'\n').map_or(0, |i| i + 1)..],
            )
            .unwrap();
            args.push(p.display().to_string());
        } else if word == "<" {
            stdin = Some(input.to_string());
        } else {
            args.push(word.to_string());
        }
    }
    Case { name, args, stdin }
}

/// Runs a case: (exit code, stdout, stderr), or None when it did not finish in time.
fn run(case: &Case) -> Option<(i32, String, String)> {
    common::run_bounded(&case.args, None, case.stdin.clone(), HANG)
}

/// Output shortened for a snapshot: the last lines, each cut at 300 characters.
fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let from = lines.len().saturating_sub(12);
    lines[from..]
        .iter()
        .map(|l| {
            if l.chars().count() > 300 {
                format!("{}…", l.chars().take(300).collect::<String>())
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_tenth_bad_input_gets_its_clear_message() {
    // a tenth of the corpus, in name order one case of ten (`cargo test --
    // --ignored every_bad_input` runs all): a process each, 70 s of CPU for the whole
    every_bad_input(|index| index % 10 == 0);
}

#[test]
#[ignore = "slow: the whole corpus, a process each (a minute)"]
fn every_bad_input_gets_its_clear_message() {
    every_bad_input(|_| true);
}

/// Runs the cases of the corpus that `chosen` picks by their index in name order,
/// each compared with its snapshot.
fn every_bad_input(chosen: impl Fn(usize) -> bool) {
    let dir = tempfile::tempdir().unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/bad_input")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 300, "the corpus has {} files", files.len());
    let cases: Vec<Case> = files
        .iter()
        .enumerate()
        .filter(|(i, _)| chosen(*i))
        .map(|(_, f)| case(f, dir.path()))
        .collect();
    // two cores: a few runs at a time
    let results: Vec<_> = std::thread::scope(|s| {
        let chunks: Vec<_> = cases.chunks(cases.len().div_ceil(3)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| s.spawn(move || chunk.iter().map(run).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let shown_dir = dir.path().display().to_string();
    let mut problems = Vec::new();
    for (case, result) in cases.iter().zip(results) {
        let Some((code, out, err)) = result else {
            problems.push(format!("{}: no answer in {HANG:?}", case.name));
            continue;
        };
        if code == 101 || code < 0 {
            problems.push(format!("{}: exit {code}: {err}", case.name));
        }
        for bad in INTERNALS {
            if out.contains(bad) || err.contains(bad) {
                problems.push(format!("{}: shows `{bad}`: {err}{out}", case.name));
            }
        }
        let text = format!(
            "exit: {code}\nstderr:\n{}\nstdout (end):\n{}\n",
            tail(&err).replace(&shown_dir, "DIR"),
            tail(&out).replace(&shown_dir, "DIR")
        );
        insta::with_settings!({
            snapshot_path => "bad_input/snapshots",
            prepend_module_to_snapshot => false,
            description => format!("ludolog {}", case.args.join(" ").replace(&shown_dir, "DIR")),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(case.name.clone(), text);
        });
    }
    for marker in MARKERS {
        if Path::new(marker).exists() {
            problems.push(format!("a refused goal made {marker}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// No message a person reads shows Rust's names for Prolog terms (`Compound(…)`,
/// `Atom(…)`) or a list of characters written as one: terms are shown by
/// `prolog::shown`, in Prolog's notation.
#[test]
fn no_snapshot_shows_the_engines_internals() {
    let mut seen = 0;
    for dir in ["tests/bad_input/snapshots", "tests/snapshots"] {
        for entry in std::fs::read_dir(dir).expect("the snapshots") {
            let path = entry.expect("an entry").path();
            let text = std::fs::read_to_string(&path).expect("a snapshot");
            seen += 1;
            for internal in [
                "Compound(\"",
                "Atom(\"",
                "Integer(",
                "Var(\"",
                "LeafAnswer",
                "[/,t,m,p",
            ] {
                assert!(
                    !text.contains(internal),
                    "{} shows {internal}",
                    path.display()
                );
            }
        }
    }
    assert!(seen > 100, "only {seen} snapshots read");
}
