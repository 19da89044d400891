//! The static checks of `ludolog lint`: what the text of a rule file shows without
//! playing — clauses that do not read, the protocol's exports, calls to predicates
//! defined nowhere (or not exported by the game they belong to), singleton
//! variables, a predicate's clauses apart, and an initial/2 that takes unknown options.

use super::finding::Finding;
use super::workbench::{list, Workbench};
use crate::game::EngineError;
use crate::prolog::quote_atom;

/// The static findings of the game's own file, by line, then those of each part of
/// its rules kept in a file of its own.
pub fn static_findings(wb: &mut Workbench) -> Result<Vec<Finding>, EngineError> {
    let module = wb.module().to_string();
    let options = wb.engine.options_term();
    let unknown_option = format!(
        "lint:unknown_option({}, {options}, F).",
        quote_atom(&module)
    );
    let mut out = file_findings(wb, &module, "static", Some(&unknown_option))?;
    // the parts of the game's rules, each in its own file: their calls, singletons
    // and clauses kept together (a part exports what its game asks of it, not the
    // protocol)
    for part in wb.parts.clone() {
        out.extend(file_findings(wb, &part, "static_part", None)?);
    }
    Ok(out)
}

/// The findings of one module's file, by line: the clauses that did not read, what
/// `lint:CHECK(Module, F)` finds, what the `extra` query finds, and a
/// module named otherwise than its file.
fn file_findings(
    wb: &mut Workbench,
    module: &str,
    check: &str,
    extra: Option<&str>,
) -> Result<Vec<Finding>, EngineError> {
    let path = wb.path_of(module);
    let mut out: Vec<Finding> = wb
        .read_errors
        .iter()
        .filter(|e| e.file == path)
        .map(|e| Finding::at(&e.file, e.line, "", "syntax", e.text.clone()))
        .collect();
    let own = format!("lint:{check}({}, F).", quote_atom(module));
    // the file's text, to place a finding about one name at that name's line
    let source = wb.source_text(module);
    for query in std::iter::once(own.as_str()).chain(extra) {
        let answer = wb.ask(query, "F")?;
        out.extend(
            list(&answer)
                .iter()
                .filter_map(|t| Finding::from_term(&path, t, source.as_deref())),
        );
    }
    out.extend(module_name_finding(module, &path));
    out.sort_by_key(|f| f.line);
    Ok(out)
}

/// A finding when the module a file declares is not named after the file: games are
/// named by their files (`requires(hex)` finds hex.pl, `ludolog moves hex` loads it).
fn module_name_finding(module: &str, path: &str) -> Option<Finding> {
    let stem = std::path::Path::new(path).file_stem()?.to_str()?;
    if stem == module || !path.ends_with(".pl") {
        return None;
    }
    let line = std::fs::read_to_string(path)
        .ok()
        .and_then(|text| text.lines().position(|l| l.contains(":- module(")))
        .map_or(1, |i| i + 1);
    Some(Finding::at(
        path,
        line,
        "",
        "module",
        format!(
            "the module is named {module}, the file {stem}.pl: name the module {stem} \
             (games and libraries are found by their file names)"
        ),
    ))
}
