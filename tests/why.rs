//! `ludolog why`: every cause of illegality of every built-in game, the meta-
//! interpreter's answer for games without explain_illegal/3, and what legal moves
//! do (tests/data/why.txt); the command and the REPL's `:why`.

use crate::common;

use ludolog::authoring::{explain, Workbench};
use ludolog::cli::{read_position, PositionArg};
use ludolog::game::GameOptions;
use ludolog::registry::EngineSpec;
use std::collections::HashMap;

struct Row {
    line: usize,
    game: String,
    options: String,
    position: String,
    mv: String,
    expected: String,
}

fn rows() -> Vec<Row> {
    include_str!("data/why.txt")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            // the expected text is last and may itself hold "|"
            let cols: Vec<&str> = l.splitn(5, '|').map(str::trim).collect();
            assert_eq!(cols.len(), 5, "why.txt line {}: five columns", i + 1);
            Row {
                line: i + 1,
                game: cols[0].to_string(),
                options: cols[1].to_string(),
                position: cols[2].to_string(),
                mv: cols[3].to_string(),
                expected: cols[4].replace("\\n", "\n"),
            }
        })
        .collect()
}

#[test]
fn every_cause_of_illegality_of_every_game() {
    // the authoring tools run here, not in a worker: on rule files from disk too
    ludolog::worker::allow_rules_here();
    let mut benches: HashMap<(String, String), Workbench> = HashMap::new();
    let table = rows();
    for row in &table {
        let wb = benches
            .entry((row.game.clone(), row.options.clone()))
            .or_insert_with(|| {
                let opts: Vec<&str> = row.options.split_whitespace().collect();
                let spec = EngineSpec::new(&row.game, GameOptions::parse(&opts).unwrap());
                Workbench::open(&spec).unwrap_or_else(|e| panic!("why.txt line {}: {e}", row.line))
            });
        let arg = match row.position.as_str() {
            "start" => PositionArg::default(),
            p => match p.strip_prefix("after ") {
                Some(moves) => PositionArg {
                    after: Some(moves.to_string()),
                    ..PositionArg::default()
                },
                None => PositionArg {
                    text: Some(p.to_string()),
                    ..PositionArg::default()
                },
            },
        };
        let at = read_position(&mut wb.engine, &arg)
            .unwrap_or_else(|e| panic!("why.txt line {}: {e}", row.line));
        let answer = explain(wb, at, &row.mv)
            .unwrap_or_else(|e| panic!("why.txt line {}: {e}", row.line))
            .to_string();
        assert!(
            answer.contains(&row.expected),
            "why.txt line {} ({} {}):\n{answer}\nexpected to contain:\n{}",
            row.line,
            row.game,
            row.mv,
            row.expected
        );
    }
    // every game ludolog lists has its rows
    let (games, broken) = ludolog::registry::all_games();
    assert!(broken.is_empty(), "{broken:?}");
    for g in games {
        assert!(
            table.iter().any(|r| r.game == g.name),
            "why.txt has no row for {}",
            g.name
        );
    }
}

/// The line of the first clause of `pred` in a rule file (as `why` names it).
fn first_line(file: &str, pred: &str) -> usize {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines()
        .position(|l| l.starts_with(&format!("{pred}(")))
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("{file} has no clause of {pred}"))
}

#[test]
fn the_command_explains_and_refuses_bad_input() {
    let (code, out, err) =
        common::run(&["why", "hex", "-O", "size=3", "--after", "a1", "a1"], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!(
            "a1 is illegal: a1 is occupied by red\n  (explain_illegal/3, rules/hex.pl:{})\n",
            first_line("rules/hex.pl", "explain_illegal")
        )
    );
    let (code, out, _) = common::run(&["why", "y", "-O", "size=3", "3 r/2/3 blue", "a1"], None);
    assert_eq!(code, 0);
    // the line of the goal that failed (reading the cell), in its clause of play/3
    let goal = std::fs::read_to_string("rules/y.pl")
        .unwrap()
        .lines()
        .position(|l| l.trim() == "board:board_cell(Board, K, e),")
        .map(|i| i + 1)
        .expect("play/3 of y.pl reads the cell with board:board_cell/3");
    assert!(
        out.contains(&format!(
            "at rules/y.pl:{goal}, in the clause of play/3 at line"
        )),
        "{out}"
    );
    let (code, _, err) = common::run(&["why", "hex", "not a position", "a1"], None);
    assert_eq!(code, 1);
    assert!(err.contains("bad position"), "{err}");
}

#[test]
fn the_repl_answers_why_on_its_current_position() {
    use ludolog::repl::{Pager, ReplStep, Reply, Session};
    /// Commands show no answers.
    struct NoAnswers;
    impl Pager for NoAnswers {
        fn output(&mut self, _: &str) {}
        fn answer(&mut self, text: &str, _: bool) -> ReplStep {
            panic!("an answer to a command: {text}")
        }
    }
    let text = |r: Reply| match r {
        Reply::Text(t) | Reply::Error(t) => t,
        other => panic!("{other:?}"),
    };
    let mut s = Session::new(EngineSpec::new("replica", GameOptions::default())).unwrap();
    text(s.eval(":play a1-e1", &mut NoAnswers));
    assert_eq!(
        text(s.eval(":why h8-h4", &mut NoAnswers)),
        "h8-h4 is legal\n  black king moves from h8 to h4\n  then white moves"
    );
    assert_eq!(
        text(s.eval(":why e1-e2", &mut NoAnswers)),
        format!(
            "e1-e2 is illegal: no black piece on e1\n  (explain_illegal/3, rules/replica.pl:{})",
            first_line("rules/replica.pl", "explain_illegal")
        )
    );
    assert_eq!(
        text(s.eval(":why", &mut NoAnswers)),
        "error: :why needs a move, e.g. :why d5"
    );
}

/// Every refusal of why.txt on a game with a native engine: the native engine gives
/// the rule file's reason, the same term (as `check` compares them), and reads in
/// the rule file's words (the rules word a native engine's refusals; nothing words
/// them twice).
#[test]
fn native_engines_refuse_with_the_rule_files_reasons_and_words() {
    use ludolog::game::{EngineError, Tier};
    let mut compared = std::collections::BTreeMap::new();
    let mut engines: HashMap<(String, String, Tier), Box<dyn ludolog::game::Engine>> =
        HashMap::new();
    for row in rows() {
        let native = ludolog::registry::find_game(&row.game).is_some_and(|d| d.native.is_some());
        let prefix = format!("{} is illegal: ", row.mv);
        let words = row.expected.strip_prefix(&prefix).unwrap_or(&row.expected);
        if !native || row.expected.contains('\n') {
            continue;
        }
        let mut refusal = |tier: Tier| {
            let e = engines
                .entry((row.game.clone(), row.options.clone(), tier))
                .or_insert_with(|| common::engine(&row.game, &row.options, tier));
            let at = match row.position.as_str() {
                "start" => e.initial(),
                p => match p.strip_prefix("after ") {
                    Some(moves) => {
                        let start = e.initial().unwrap();
                        let moves: Vec<String> = moves.split(' ').map(String::from).collect();
                        e.play_all(start, &moves)
                    }
                    None => e.parse(p),
                },
            }
            .unwrap_or_else(|err| panic!("why.txt line {} ({tier}): {err}", row.line));
            match e.play(at, &row.mv) {
                Err(EngineError::Illegal(r)) => Some(r),
                _ => None,
            }
        };
        // rows of legal moves and of texts that are no move are not refusals
        let Some(spec) = refusal(Tier::Spec) else {
            continue;
        };
        let native = refusal(Tier::Native)
            .unwrap_or_else(|| panic!("why.txt line {}: the native engine refuses not", row.line));
        assert!(
            spec.reason.is_some(),
            "why.txt line {}: the rule file gives no term",
            row.line
        );
        assert_eq!(spec.reason, native.reason, "why.txt line {}", row.line);
        assert!(
            native.to_string().starts_with(words) && spec.to_string().starts_with(words),
            "why.txt line {}: expected {words:?}, native {native}, spec {spec}",
            row.line
        );
        *compared.entry(row.game.clone()).or_insert(0) += 1;
    }
    // every game with a native engine
    let natives = [
        "contactix",
        "hex",
        "mitsudomoe",
        "replica",
        "tactigon",
        "tactigon_advanced",
    ];
    assert_eq!(compared.keys().collect::<Vec<_>>(), natives, "{compared:?}");
    assert!(compared.values().sum::<usize>() >= 40, "{compared:?}");
}
