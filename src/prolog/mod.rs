//! The embedded scryer-prolog engine: loading rule files, safe queries, and the rule-file `Engine`.

mod engine;
mod machine;
mod rules;
mod term;

pub use engine::{QueryReply, RulesEngine, Tier};
pub use machine::{LoadError, PrologMachine, QueryError, DEFAULT_INFERENCE_LIMIT};
pub use rules::{embedded_game, RuleFile, RuleSet, SourceError};
pub use term::{quote_atom, quote_string, term_integer, term_text};
