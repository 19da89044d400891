//! Tests of PrologMachine: when the sandbox is loaded, and what it knows.

use super::*;
use crate::prolog::rules::{rule_set, SourceError};

/// Whether the machine has the sandbox loaded.
fn has_sandbox(pm: &mut PrologMachine) -> bool {
    let q = "(current_predicate(sandbox:check_file/6) -> R = yes ; R = no).";
    pm.answer(q, "R").unwrap() == Term::atom("yes")
}

fn no_file(name: &str) -> Result<RuleFile, SourceError> {
    Err(SourceError::UnknownGame(name.to_string()))
}

#[test]
fn embedded_rules_start_without_the_sandbox_and_files_from_disk_with_it() {
    let game = RuleFile::embedded(
        "g",
        "g.pl",
        ":- module(g, [initial/2]).\nrequires(hexgrid).\ninitial(_, s).\n",
    );
    let set = rule_set(game, &no_file, None).unwrap();
    let mut pm = PrologMachine::load_with(&set, false, false).unwrap();
    assert!(!has_sandbox(&mut pm));

    // a rule file from disk is checked, and may call into the modules loaded before
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.pl");
    std::fs::write(
        &path,
        ":- module(d, [initial/2]).\nrequires(hexgrid).\n\
         initial(_, B) :- hexgrid:empty_board(2, 2, B).\n",
    )
    .unwrap();
    let set = rule_set(RuleFile::read(&path).unwrap(), &no_file, None).unwrap();
    let mut pm = PrologMachine::load_with(&set, false, false).unwrap();
    assert!(has_sandbox(&mut pm));
    let q = "(sandbox:rule_module(hexgrid), sandbox:rule_module(d) -> R = yes ; R = no).";
    assert_eq!(pm.answer(q, "R").unwrap(), Term::atom("yes"));

    // so is a REPL or authoring tool, which runs what a user types
    let game = RuleFile::embedded("g", "g.pl", ":- module(g, [initial/2]).\ninitial(_, s).\n");
    let mut pm =
        PrologMachine::load_with(&rule_set(game, &no_file, None).unwrap(), false, false).unwrap();
    pm.load_library(&RuleFile::embedded("t", "t.pl", ":- module(t, []).\n"))
        .unwrap();
    let q = "(sandbox:rule_module(g) -> R = yes ; R = no).";
    assert_eq!(pm.answer(q, "R").unwrap(), Term::atom("yes"));
    // the tool itself is no module of the rules: untrusted code may not call into it
    let q = "(sandbox:rule_module(t) -> R = yes ; R = no).";
    assert_eq!(pm.answer(q, "R").unwrap(), Term::atom("no"));
}
