//! The attackers' corpus: every file in tests/escapes/ is one attempt to get out of
//! the sandbox (rules/lib/sandbox.pl) through some entry point.  Each must be refused,
//! by name, and nothing may happen: no file made, nothing read out, no program run,
//! the process alive.
//!
//! A case is a line `# ludolog ARGS...`, a line `# refused: TEXT | TEXT ...`, then
//! the input.  In ARGS (as in tests/bad_input/) `{}` is the input as one argument,
//! `{file:NAME}` a file NAME holding it, and a last `<` sends it on standard input.
//! An input of several files is made of sections: a line `## FILE rel/path` starts a
//! file, `## STDIN` the standard input; `{dir:NAME}` (in ARGS, also inside a word as
//! in `{dir:rules}/tiny.pl`, and in the standard input) is a directory NAME holding
//! the files.
//!
//! `# refused:` lists alternatives: a line of the output must say `refused by the
//! sandbox` and one of them (the unsafe goal reached, or the meta-predicate a
//! fail-closed sandbox does not know).  `# refused: -` is for input that is no code
//! (records, positions, GTP, module names the host refuses): a plain error, or a
//! normal run, that runs nothing; texts after `- |` are alternatives the output holds.
//!
//! Writes make /tmp/ludolog-escape-mark; reads print or throw `LEAK:` and what they
//! read (spelled in character codes, so no echo of the input holds it); a REPL
//! session that starts gets `X is 6 * 7.` last and must answer it; an exit code
//! above 2 (a `halt(3)` that got through) fails.
//!
//! Not in the corpus (no single run shows it): the host reads a rule file
//! (RuleFile::read) and the sandbox reads it again from its path; when the check says
//! `ok` the host loads its own earlier copy, so a file swapped between the two reads
//! loads unchecked (at start, `:reload`, `--watch`).  And a file's op/3 directives
//! take effect while the sandbox reads it, before the check refuses them.

use crate::common;

use std::path::{Path, PathBuf};

use std::sync::Mutex;
use std::time::Duration;

/// What a run may take at most: the runaway limits stop a loop in about two seconds.
const HANG: Duration = Duration::from_secs(30);
/// The file an attack that got through makes.
const MARK: &str = "/tmp/ludolog-escape-mark";
/// What every REPL session is asked last, and the answer that shows it is alive.
const ALIVE: (&str, &str) = ("\nX is 6 * 7.\n", "X = 42");

struct Case {
    name: String,
    args: Vec<String>,
    stdin: Option<String>,
    /// The alternatives of `# refused:`, and whether it starts with `-`.
    refused: Vec<String>,
    plain: bool,
    cwd: PathBuf,
}

/// Reads one case; its files go into `root/NAME/`, and it runs in `root/NAME/cwd`.
fn case(path: &Path, root: &Path) -> Case {
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.splitn(3, '\n');
    let Some(header) = lines.next().and_then(|l| l.strip_prefix("# ludolog ")) else {
        panic!("{name}: line 1 must be `# ludolog ARGS...`")
    };
    let Some(refused) = lines.next().and_then(|l| l.strip_prefix("# refused:")) else {
        panic!("{name}: line 2 must be `# refused: TEXT | ...`")
    };
    let input = lines.next().unwrap_or("").to_string();
    let base = root.join(&name);
    let cwd = base.join("cwd");
    std::fs::create_dir_all(&cwd).unwrap();
    // sections: (Some(path), text) for a file of {dir:NAME}, (None, text) for stdin;
    // an input without sections is all standard input
    let mut sections: Vec<(Option<String>, String)> = Vec::new();
    for line in input.split_inclusive('\n') {
        match line.trim_end_matches('\n') {
            "## STDIN" => sections.push((None, String::new())),
            head if head.starts_with("## FILE ") => {
                sections.push((Some(head[8..].trim().to_string()), String::new()))
            }
            _ => sections.last_mut().map_or((), |s| s.1 += line),
        }
    }
    if sections.is_empty() {
        sections.push((None, input.clone()));
    }
    // {dir:NAME} -> base/NAME, holding the sections' files
    let dirs = |word: &str| -> String {
        let mut out = word.to_string();
        while let Some(at) = out.find("{dir:") {
            let end = at + out[at..].find('}').expect("a } closing {dir:NAME}");
            let dir = base.join(&out[at + 5..end]);
            for (file, body) in sections.iter().filter_map(|s| Some((s.0.as_ref()?, &s.1))) {
                std::fs::create_dir_all(dir.join(file).parent().unwrap()).unwrap();
                std::fs::write(dir.join(file), body).unwrap();
            }
            out.replace_range(at..=end, &dir.display().to_string());
        }
        out
    };
    let (mut args, mut stdin) = (Vec::new(), None);
    for word in header.split_whitespace() {
        let file = word
            .strip_prefix("{file:")
            .and_then(|w| w.strip_suffix('}'));
        if word == "{}" {
            args.push(input.strip_suffix('\n').unwrap_or(&input).to_string());
        } else if let Some(file) = file {
            std::fs::write(base.join(file), &input).unwrap();
            args.push(base.join(file).display().to_string());
        } else if word == "<" {
            stdin = sections.iter().find(|s| s.0.is_none()).map(|s| dirs(&s.1));
        } else {
            args.push(dirs(word));
        }
    }
    if args.first().is_some_and(|a| a == "repl") {
        stdin = Some(stdin.unwrap_or_default() + ALIVE.0);
    }
    let mut refused: Vec<String> = refused.split(" | ").map(|a| a.trim().to_string()).collect();
    let plain = refused.first().is_some_and(|a| a == "-");
    refused.retain(|a| !a.is_empty() && a != "-");
    Case {
        name,
        args,
        stdin,
        refused,
        plain,
        cwd,
    }
}

/// Runs a case: (exit code, -1 for a signal; stdout and stderr), or None on a hang.
fn run(case: &Case) -> Option<(i32, String)> {
    common::run_bounded(&case.args, Some(&case.cwd), case.stdin.clone(), HANG)
        .map(|(code, out, err)| (code, format!("{out}\n{err}")))
}

/// What is wrong with one case's run (nothing: it was refused and nothing happened);
/// `passwd` is the first line of /etc/passwd, which no output may show.
fn problems(case: &Case, result: Option<(i32, String)>, passwd: Option<&str>) -> Vec<String> {
    let Some((code, text)) = result else {
        return vec![format!("no answer in {HANG:?}")];
    };
    let mut found = Vec::new();
    // a command stopped at its memory (86) or time (87) limit says so: that is a refusal
    let limit_stop = (code == 86 && text.contains("memory limit"))
        || (code == 87 && text.contains("time limit"));
    if !(0..=2).contains(&code) && !limit_stop {
        found.push(format!(
            "exit code {code}: a panic, a signal or a halt that got through"
        ));
    }
    let leak = text.match_indices("LEAK:").any(|(i, _)| {
        let next = text[i + 5..].chars().next();
        next.is_some_and(|c| c.is_alphanumeric() || "/[(_-".contains(c))
    });
    if leak || passwd.is_some_and(|p| text.contains(p)) {
        found.push("the output shows what an attack read".to_string());
    }
    let repl = case.args.first().is_some_and(|a| a == "repl");
    if repl && text.contains("?- ") && !text.contains(ALIVE.1) {
        found.push("the REPL session did not answer its last query".to_string());
    }
    let named = |line: &str| case.refused.iter().any(|a| line.contains(a.as_str()));
    if case.plain && !case.refused.is_empty() && !named(&text) {
        found.push(format!("none of {:?} in the output", case.refused));
    }
    let said = |l: &str| l.contains("refused by the sandbox") && named(l);
    if !case.plain && !text.lines().any(said) {
        let alts = &case.refused;
        found.push(format!(
            "no line says `refused by the sandbox` and one of {alts:?}"
        ));
    }
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(6)
        .collect();
    let short: String = lines.join(" / ").chars().take(400).collect();
    found
        .into_iter()
        .map(|p| format!("{p}\n    output: {short}"))
        .collect()
}

/// The entry points whose attempts are many (a rule file given to `moves`, a query
/// typed at `repl`): a share of them is a sample of the same door.
const CROWDED: [&str; 2] = ["moves", "repl"];

#[test]
fn escape_attempts_through_every_entry_point_are_refused_and_nothing_happens() {
    // every thirty-second attempt through a crowded door (a different technique each, the
    // corpus being sorted by name), every other one through the others: one process
    // or two per attempt, the whole corpus is minutes of CPU on two cores
    // (`cargo test -- --ignored every_escape_attempt` runs it all)
    every_escape_attempt(|index, case| {
        let crowded = case
            .args
            .first()
            .is_some_and(|a| CROWDED.contains(&a.as_str()));
        index % if crowded { 32 } else { 2 } == 0
    });
}

#[test]
#[ignore = "slow: the whole corpus, one or two processes per attempt (minutes)"]
fn every_escape_attempt_is_refused_and_nothing_happens() {
    every_escape_attempt(|_, _| true);
}

/// Runs the attempts of the corpus that `chosen` picks (by their index in name
/// order) and fails with every problem any of them had.
fn every_escape_attempt(chosen: impl Fn(usize, &Case) -> bool) {
    let root = tempfile::tempdir().unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/escapes")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 150, "the corpus has {} cases", files.len());
    let cases: Vec<Case> = files
        .iter()
        .map(|f| case(f, root.path()))
        .enumerate()
        .filter(|(i, c)| chosen(*i, c))
        .map(|(_, c)| c)
        .collect();
    // the first line of /etc/passwd, when long enough not to turn up by chance
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    let passwd = passwd.lines().next().filter(|l| l.len() > 6);
    let _ = std::fs::remove_file(MARK);
    let (running, report) = (Mutex::new(Vec::new()), Mutex::new(Vec::new()));
    // two cores: a few runs at a time
    std::thread::scope(|s| {
        for chunk in cases.chunks(cases.len().div_ceil(3)) {
            let (running, report) = (&running, &report);
            s.spawn(move || {
                for case in chunk {
                    running.lock().unwrap().push(case.name.clone());
                    let mut found = problems(case, run(case), passwd);
                    let mut now = running.lock().unwrap();
                    if std::fs::remove_file(MARK).is_ok() {
                        found.push(format!("{MARK} was made while these ran: {now:?}"));
                    }
                    now.retain(|n| n != &case.name);
                    drop(now);
                    let named = found.into_iter().map(|p| format!("{}: {p}", case.name));
                    report.lock().unwrap().extend(named);
                }
            });
        }
    });
    let mut problems = report.into_inner().unwrap();
    if std::fs::remove_file(MARK).is_ok() {
        problems.push(format!("{MARK} was there after the run"));
    }
    problems.sort();
    let count = problems.len();
    assert!(count == 0, "{count} problems:\n{}", problems.join("\n"));
}
