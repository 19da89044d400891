//! Writing rules: `ludolog lint` (does a rule file keep the protocol?) and `ludolog
//! why` (why a move is refused, or what it does), over a rule file loaded with the
//! tools' Prolog libraries (rules/lib/source.pl, lint.pl, why.pl) and the text of its
//! game files, clause by clause with their lines.

mod finding;
mod lint;
mod lint_dynamic;
mod lint_static;
mod view_diff;
mod why;
mod workbench;

pub use finding::Finding;
pub use lint::{lint_file, lint_file_telling, lint_spec_telling, rule_files, FileReport};
pub use lint_dynamic::{dynamic_findings, Dynamic, LintEvent, Playouts};
pub use lint_static::static_findings;
pub use why::{explain, explain_text, Explanation, WhyTool};
pub use workbench::{ReadError, Workbench};
