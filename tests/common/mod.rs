//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod server;

use ludolog::game::Tier;
use ludolog::game::{Engine, GameOptions};
use ludolog::registry::EngineSpec;

/// Opens a built-in game's engine with options like "size=3 swap=true".
pub fn engine(game: &str, options: &str, tier: Tier) -> Box<dyn Engine> {
    let opts: Vec<&str> = options.split_whitespace().collect();
    let spec = EngineSpec {
        game: game.to_string(),
        options: GameOptions::parse(&opts).expect("test options parse"),
        tier: Some(tier),
        rules: None,
        limit: None,
        trust: false,
        text: None,
    };
    spec.open()
        .unwrap_or_else(|e| panic!("cannot open {game} {options} ({tier}): {e}"))
}

/// A rule machine for a built-in game with options like "size=3", in the spec or the
/// accelerated tier, with library(between), (lists) and (charsio) loaded for queries.
pub fn rule_machine(
    game: &str,
    options: &str,
    accelerated: bool,
) -> ludolog::prolog::PrologMachine {
    let opts: Vec<&str> = options.split_whitespace().collect();
    let spec = EngineSpec::new(game, GameOptions::parse(&opts).expect("test options parse"));
    let rules = spec.resolve().expect("a built-in game").rules;
    let mut m = ludolog::prolog::PrologMachine::load(&rules, accelerated).expect("the rules load");
    m.set_acceleration(accelerated).expect("acceleration");
    m.answer(
        "use_module(library(between)), use_module(library(lists)), use_module(library(charsio)), \
         use_module(library(dcgs)), X = ok.",
        "X",
    )
    .expect("libraries");
    m
}

/// The path of the `ludolog` binary built for these tests.
pub fn bin() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_BIN_EXE_ludolog"))
}

/// Runs `ludolog check ARGS` and asserts that it ends well with no mismatch; gives
/// what it printed.
pub fn check_agrees(args: &[&str]) -> String {
    let (code, out, err) = run(&[&["check"], args].concat(), None);
    assert_eq!(code, 0, "check {args:?}: {out}{err}");
    assert!(out.contains("mismatches   0"), "check {args:?}: {out}");
    out
}

/// Runs the binary, which must succeed; gives its standard output.
pub fn run_ok(args: &[&str], stdin: Option<&str>) -> String {
    let (status, out, err) = run(args, stdin);
    assert_eq!(status, 0, "{args:?}: {err}");
    out
}

/// Runs the binary; gives (exit code, stdout, stderr).
pub fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ludolog binary runs");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write stdin");
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("ludolog finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A rules directory holding a mutant: `rules/FILE` with `old` replaced by `new`
/// (a mutant of a helper in `lib/` comes with the game's own rule file), and the
/// game opened from it in the spec tier.
pub fn mutant(
    game: &str,
    options: &str,
    file: &str,
    old: &str,
    new: &str,
) -> (tempfile::TempDir, Box<dyn Engine>) {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::create_dir_all(dir.path().join("lib")).expect("lib dir");
    let original = std::fs::read_to_string(format!("rules/{file}")).expect("the rule file");
    assert!(original.contains(old), "rules/{file} has {old:?}");
    std::fs::write(dir.path().join(file), original.replacen(old, new, 1))
        .expect("write the mutant");
    let own = format!("{game}.pl");
    if file != own {
        std::fs::copy(format!("rules/{own}"), dir.path().join(&own))
            .expect("copy the game's rules");
    }
    let opts: Vec<&str> = options.split_whitespace().collect();
    let spec = EngineSpec {
        game: game.to_string(),
        options: GameOptions::parse(&opts).expect("test options parse"),
        tier: Some(Tier::Spec),
        rules: Some(dir.path().to_path_buf()),
        limit: None,
        trust: false,
        text: None,
    };
    let engine = spec
        .open()
        .unwrap_or_else(|e| panic!("the mutant of {file} loads: {e}"));
    (dir, engine)
}

/// The mismatch the checker finds between a spec-tier mutant (see `mutant`) and
/// the native engine, over `games` random games of at most `max_plies` from `seed`.
/// Panics if the mutant is not caught.
pub fn mutant_mismatch(
    game: &str,
    options: &str,
    file: &str,
    (old, new): (&str, &str),
    (games, max_plies, seed): (usize, usize, u64),
) -> ludolog::check::Mismatch {
    let (_dir, mut a) = mutant(game, options, file, old, new);
    let mut b = engine(game, options, Tier::Native);
    let config = ludolog::check::CheckConfig {
        games,
        max_plies,
        seed,
        perft_depth: None,
        progress: false,
        strategy: ludolog::check::Strategy::Uniform,
        sweep: 0,
    };
    ludolog::check::compare(a.as_mut(), b.as_mut(), &config)
        .expect("the check runs")
        .mismatch
        .expect("the mutant is caught")
}

/// Runs the binary with `args` in `cwd` (or here), `stdin` on its standard input, and
/// waits at most `hang`: (exit code, -1 for a signal; stdout; stderr), or `None` when
/// it had not ended by then (it is killed).
#[allow(dead_code)]
pub fn run_bounded(
    args: &[String],
    cwd: Option<&std::path::Path>,
    stdin: Option<String>,
    hang: std::time::Duration,
) -> Option<(i32, String, String)> {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let mut command = Command::new(bin());
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = cwd {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("the ludolog binary runs");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.unwrap_or_default();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(input.as_bytes());
    });
    let read = |mut p: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = p.read_to_end(&mut buf);
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let out = read(Box::new(child.stdout.take().unwrap()));
    let err = read(Box::new(child.stderr.take().unwrap()));
    let start = std::time::Instant::now();
    let status = loop {
        match child.try_wait().unwrap() {
            Some(status) => break Some(status),
            None if start.elapsed() > hang => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            None => std::thread::sleep(std::time::Duration::from_millis(10)),
        }
    };
    let _ = writer.join();
    let (out, err) = (out.join().unwrap(), err.join().unwrap());
    status.map(|s| (s.code().unwrap_or(-1), out, err))
}

/// One row of `tests/data/games.txt`: a built-in game as the generic tests play it.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub game: String,
    /// Options small enough to explore fast, as "key=value key=value".
    pub options: String,
    /// The plies of each random game the rule tiers are asked about.
    pub plies: usize,
}

/// The rows of `tests/data/games.txt`, one for each game of `games::ALL`, in the
/// registry's order; a game without a row (or a row without a game) fails, named.
pub fn game_rows() -> Vec<GameRow> {
    let text = include_str!("../data/games.txt");
    let rows: Vec<GameRow> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| {
            let cols: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(
                cols.len(),
                3,
                "tests/data/games.txt: a row has 3 columns: {l}"
            );
            GameRow {
                game: cols[0].to_string(),
                options: cols[1].to_string(),
                plies: cols[2]
                    .parse()
                    .expect("tests/data/games.txt: plies is a number"),
            }
        })
        .collect();
    for row in &rows {
        assert!(
            ludolog::games::find(&row.game).is_some(),
            "tests/data/games.txt names {}, which is no built-in game",
            row.game
        );
    }
    ludolog::games::ALL
        .iter()
        .map(|d| {
            rows.iter()
                .find(|r| r.game == d.name)
                .cloned()
                .unwrap_or_else(|| panic!("add a row for {} to tests/data/games.txt", d.name))
        })
        .collect()
}

/// Texts of every position of `games` random games of `game` played by its engine
/// in `tier` (uniform picks from a fixed seed), the finished ones included.
pub fn random_game_positions(game: &str, options: &str, games: u64, tier: Tier) -> Vec<String> {
    let mut e = engine(game, options, tier);
    let mut texts = Vec::new();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..games {
        let mut pos = e.initial().expect("the start");
        loop {
            let info = e.describe(pos).expect("describe");
            texts.push(info.position.clone());
            if info.legal.is_empty() {
                break;
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let k = (state >> 33) as usize % info.legal.len();
            pos = e.play(pos, &info.legal[k]).expect("a legal move plays");
        }
    }
    texts
}
