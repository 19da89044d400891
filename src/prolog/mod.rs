//! The embedded scryer-prolog engine: loading rule files and their libraries, safe
//! queries, the rule-file `Engine` over held positions, and the REPL's top level.

mod clauses;
mod engine;
pub(crate) mod foreign_table;
mod info;
pub mod limits;
mod load_error;
mod machine;
mod module_names;
mod place;
pub mod placement;
mod rules;
pub mod syntax_hint;
mod term;
mod toplevel;
mod view_term;

pub use clauses::{split_clauses, Chunk, Split};
pub use engine::{RuleOptions, RulesEngine};
pub use info::{game_info, GameInfo};
pub use machine::{machines_started_here, LoadError, OutputSink, PrologMachine, QueryError};
pub use place::line_of;
pub use rules::{
    board_libraries, declared_module, is_gdl, part_of, read_rule_text, required_names,
    reserved_module, rule_set, translated, translation_file, FindGame, RuleFile, RuleSet,
    SourceError,
};
pub use term::{quote_atom, quote_string, shown, term_integer, term_text};
pub use toplevel::{placed_block_error, Consulted, ReplStep, TopReply};
pub use view_term::view_from_term;
