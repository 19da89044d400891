//! `Workbench`: a rule file loaded for the authoring tools — its engine (spec tier),
//! the tools' Prolog libraries, and the text of every game file of its rule set,
//! clause by clause with lines (source.pl), so that findings and explanations can
//! name file:line.

use crate::game::{EngineError, Tier};
use crate::prolog::{
    quote_atom, quote_string, split_clauses, term_integer, term_text, RuleFile, RulesEngine,
};
use crate::registry::{EngineSpec, OpenError};
use scryer_prolog::Term;

macro_rules! tool {
    ($module:literal, $path:literal) => {
        RuleFile::embedded(
            $module,
            $path,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)),
        )
    };
}

/// A clause of a rule file that does not read: its file, line and the reader's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub file: String,
    pub line: usize,
    pub text: String,
}

/// A rule file's engine with the tools and its sources loaded.
pub struct Workbench {
    pub engine: RulesEngine,
    /// (module, path) of each rule file whose text is loaded, the game's own last.
    pub files: Vec<(String, String)>,
    /// The clauses that did not read (a file that loaded has none, as a rule).
    pub read_errors: Vec<ReadError>,
    /// The modules holding parts of the game's rules (`part_of(Game).`), linted
    /// with it.
    pub parts: Vec<String>,
}

impl Workbench {
    /// Opens a game's rule file in the rule tier the spec names (the spec tier if
    /// none), with the tools (also when it lacks protocol predicates: lint reports those).
    pub fn open(spec: &EngineSpec) -> Result<Workbench, OpenError> {
        let engine = spec.open_rules_unchecked(Workbench::tier(spec))?;
        Ok(Workbench::on(engine)?)
    }

    /// As `open`, and the game must define every protocol predicate, as an engine's
    /// must (`why`'s engine is its workbench's).
    pub fn open_checked(spec: &EngineSpec) -> Result<Workbench, OpenError> {
        let engine = spec.open_rules(Workbench::tier(spec))?;
        Ok(Workbench::on(engine)?)
    }

    /// The rule tier a spec names, the spec tier if it names none.
    fn tier(spec: &EngineSpec) -> Tier {
        match spec.tier {
            Some(Tier::Accelerated) => Tier::Accelerated,
            _ => Tier::Spec,
        }
    }

    /// Loads the tools and the sources into an engine's machine.
    pub fn on(mut engine: RulesEngine) -> Result<Workbench, EngineError> {
        let path = engine.path().to_string();
        let fail = |e: String| EngineError::Rules(format!("{path}: {e}"));
        for lib in [
            tool!("source", "rules/lib/source.pl"),
            tool!("lint", "rules/lib/lint.pl"),
            tool!("why", "rules/lib/why.pl"),
        ] {
            engine
                .machine()
                .load_library(&lib)
                .map_err(|e| fail(e.to_string()))?;
        }
        let mut files = Vec::new();
        let mut read_errors = Vec::new();
        let mut parts = Vec::new();
        let games = engine.game_modules().to_vec();
        for file in engine.files().to_vec() {
            let part = crate::prolog::part_of(&file.text).is_some();
            if part {
                parts.push(file.module.clone());
            }
            let kind = if part || games.contains(&file.module) {
                "game"
            } else {
                "library"
            };
            read_errors.extend(add_source(&mut engine, &file, kind).map_err(&fail)?);
            files.push((file.module.clone(), file.path.clone()));
        }
        Ok(Workbench {
            engine,
            files,
            read_errors,
            parts,
        })
    }

    /// The game's module name.
    pub fn module(&self) -> &str {
        self.engine.module()
    }

    /// The path of a module's file, as messages show it.
    pub fn path_of(&self, module: &str) -> String {
        self.files
            .iter()
            .find(|(m, _)| m == module)
            .map_or_else(|| module.to_string(), |(_, p)| p.clone())
    }

    /// The text of a module's rule file, as its clauses were read.
    pub fn source_text(&self, module: &str) -> Option<String> {
        self.engine
            .files()
            .iter()
            .find(|f| f.module == module)
            .map(|f| f.text.clone())
    }

    /// Runs a query built from quoted data and gives the binding of `var`.
    /// The time limit holds for it as for any request (why and lint run the rules).
    pub fn ask(&mut self, query: &str, var: &str) -> Result<Term, EngineError> {
        let path = self.engine.path().to_string();
        let what = query.split('(').next().unwrap_or(query);
        let _deadline = crate::prolog::limits::arm(format!("{path} (in {what})"), false);
        self.engine
            .machine()
            .answer(query, var)
            .map_err(|e| EngineError::Rules(format!("{path}: {e}")))
    }
}

/// Hands a file's clauses to source.pl; gives the clauses that do not read.
fn add_source(
    engine: &mut RulesEngine,
    file: &RuleFile,
    kind: &str,
) -> Result<Vec<ReadError>, String> {
    let split = split_clauses(&file.text);
    let chunks: Vec<String> = split
        .chunks
        .iter()
        .map(|c| format!("c({}, {})", c.line, quote_string(&c.text)))
        .collect();
    let q = format!(
        "source:add_file({}, {kind}, [{}], {}, E).",
        quote_atom(&file.module),
        chunks.join(","),
        engine.machine().trust_atom()
    );
    let answer = engine
        .machine()
        .answer(&q, "E")
        .map_err(|e| e.to_string())?;
    let mut errors: Vec<ReadError> = list(&answer)
        .iter()
        .filter_map(|t| match t {
            Term::Compound(f, args) if f == "error" && args.len() == 2 => Some(ReadError {
                file: file.path.clone(),
                line: term_integer(&args[0]).unwrap_or(0) as usize,
                text: term_text(&args[1]).unwrap_or_default(),
            }),
            _ => None,
        })
        .collect();
    if let Some(line) = split.unterminated {
        errors.push(ReadError {
            file: file.path.clone(),
            line,
            text: "this clause has no end (a `.` followed by a space or a new line)".into(),
        });
    }
    Ok(errors)
}

/// The items of a list term (nothing for anything else).
pub(crate) fn list(t: &Term) -> Vec<Term> {
    match t {
        Term::List(items) => items.clone(),
        _ => Vec::new(),
    }
}
