//! The SGF corpus of `tests/data/sgf/`: small Hex records written by hand, one per
//! writer's dialect and per fault, each read and played in the native and the spec
//! tier, with the position after every move, the notes and the result checked
//! against its `.expected` file.
//!
//! An `.expected` file holds lines `N POSITION` (the position after N moves; every
//! ply from 0 to the last move must be listed), `note: TEXT` (some note contains
//! TEXT), `result: RESULT` and `error: TEXT` (reading or playing the record fails
//! with a message that contains TEXT); `#` starts a comment.

use ludolog::game::{GameOptions, Player, Tier};
use ludolog::record;
use ludolog::registry::EngineSpec;
use std::path::Path;

/// What an `.expected` file says of its record.
#[derive(Default)]
struct Expected {
    positions: Vec<String>,
    notes: Vec<String>,
    result: Option<String>,
    error: Option<String>,
}

fn expected(path: &Path) -> Expected {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Expected::default();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(n) = line.strip_prefix("note: ") {
            out.notes.push(n.to_string());
        } else if let Some(r) = line.strip_prefix("result: ") {
            out.result = Some(r.to_string());
        } else if let Some(e) = line.strip_prefix("error: ") {
            out.error = Some(e.to_string());
        } else {
            let (ply, position) = line
                .split_once(' ')
                .unwrap_or_else(|| panic!("{}: `{line}`", path.display()));
            assert_eq!(
                ply.parse::<usize>().ok(),
                Some(out.positions.len()),
                "{}: plies must be listed from 0 in order",
                path.display()
            );
            out.positions.push(position.to_string());
        }
    }
    out
}

/// Reads and plays a record in one tier: the notes, the positions after every
/// move and the result, or the first error's message.
fn read(path: &Path, tier: Tier) -> Result<(Vec<String>, Vec<String>, Option<String>), String> {
    let loaded = record::load(path, "hex", &GameOptions::default()).map_err(|e| e.to_string())?;
    let r = &loaded.record;
    let spec = EngineSpec {
        tier: Some(tier),
        ..EngineSpec::new("hex", r.options.clone())
    };
    let mut engine = spec.open().map_err(|e| e.to_string())?;
    r.check_result(engine.as_mut()).map_err(|e| e.to_string())?;
    let mut positions = Vec::new();
    for ply in 0..=r.moves.len() {
        let at = r
            .position(engine.as_mut(), Some(ply))
            .map_err(|e| e.to_string())?;
        let text = engine.text(at).map_err(|e| e.to_string())?;
        // every position read and played reads back from its text
        let back = engine.parse(&text).map_err(|e| format!("{text}: {e}"))?;
        engine.release(back);
        engine.release(at);
        positions.push(text);
    }
    Ok((loaded.notes, positions, r.result.clone()))
}

#[test]
fn every_dialect_and_fault_reads_as_expected() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    assert!(files.len() >= 15, "the corpus is in {}", dir.display());
    let mut failures = Vec::new();
    for sgf in &files {
        let want = expected(&sgf.with_extension("expected"));
        for tier in [Tier::Native, Tier::Spec] {
            let name = format!("{} ({tier:?})", sgf.file_name().unwrap().to_string_lossy());
            match (read(sgf, tier), &want.error) {
                (Err(e), Some(w)) if e.contains(w.as_str()) => {}
                (Err(e), _) => failures.push(format!("{name}: error {e}")),
                (Ok(_), Some(w)) => failures.push(format!("{name}: read, but expected `{w}`")),
                (Ok((notes, positions, result)), None) => {
                    if positions != want.positions {
                        failures.push(format!(
                            "{name}: positions\n  got  {positions:?}\n  want {:?}",
                            want.positions
                        ));
                    }
                    for n in &want.notes {
                        if !notes.iter().any(|x| x.contains(n.as_str())) {
                            failures.push(format!("{name}: no note `{n}` in {notes:?}"));
                        }
                    }
                    if result != want.result {
                        failures.push(format!("{name}: result {result:?}, want {:?}", want.result));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn records_ludolog_writes_read_back_to_the_same_game() {
    // random games on small boards, with and without the pie rule and set-up starts
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    for round in 0..60 {
        let size = rng.gen_range(1..=6);
        let swap = rng.gen_bool(0.5);
        let options = GameOptions::parse(&[
            format!("size={size}").as_str(),
            format!("swap={swap}").as_str(),
        ])
        .unwrap();
        let mut engine = EngineSpec::new("hex", options.clone()).open().unwrap();
        let mut at = engine.initial().unwrap();
        if round % 3 == 0 {
            // a start set up by hand: blue to move on the empty board
            let next = engine.set_to_move(at, &Player::new("blue")).unwrap();
            engine.release(at);
            at = next;
        }
        let start = engine.text(at).unwrap();
        let mut moves = Vec::new();
        loop {
            let info = engine.describe(at).unwrap();
            if info.outcome.is_some() || info.legal.is_empty() || rng.gen_bool(0.05) {
                let written = record::Record {
                    game: "hex".into(),
                    options: options.clone(),
                    start: Some(start.clone()),
                    moves: moves.clone(),
                    result: info.outcome.as_ref().map(ToString::to_string),
                    ..record::Record::default()
                };
                for format in [record::Format::Sgf, record::Format::Text] {
                    let text = written.render(format).unwrap();
                    let read = record::parse(&text, "hex", &options).unwrap().record;
                    assert_eq!(read.moves, written.moves, "{text}");
                    assert_eq!(read.result, written.result, "{text}");
                    let mut e2 = EngineSpec::new("hex", read.merge_options(&options).unwrap())
                        .open()
                        .unwrap();
                    let end = read.position(e2.as_mut(), None).unwrap();
                    assert_eq!(e2.text(end).unwrap(), info.position, "{text}");
                    read.check_result(e2.as_mut()).unwrap();
                }
                break;
            }
            let mv = info.legal[rng.gen_range(0..info.legal.len())].clone();
            let next = engine.play(at, &mv).unwrap();
            engine.release(at);
            at = next;
            moves.push(mv);
        }
    }
}
