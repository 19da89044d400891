//! GDL, the Game Description Language of General Game Playing: a rule sheet (KIF
//! text) read into rules, checked as the GGP specification restricts them, and
//! translated into a ludolog rule file whose relations are the sheet's, under
//! their own names (`ludolog gdl FILE.kif` prints it; every command that takes a
//! rule file takes a `.kif` file and loads this translation).

mod board;
mod check;
mod emit;
mod fixpoint;
mod goal_text;
pub mod kif;
mod names;
mod sheet;
mod squares;
mod static_facts;

pub use sheet::{Literal, Relation, Rule, Sheet, Term};

/// Why a rule sheet is refused: the line (1 and up; 0 for the whole sheet) and what
/// is wrong there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct GdlError {
    pub line: usize,
    pub message: String,
}

impl GdlError {
    pub(crate) fn at(line: usize, message: impl Into<String>) -> GdlError {
        GdlError {
            line,
            message: message.into(),
        }
    }
}

/// The ludolog rule file (Prolog text) of the GDL rule sheet `text`, as module
/// `module`; `source` names the sheet in the file's first comment.
pub fn translate(text: &str, module: &str, source: &str) -> Result<String, GdlError> {
    let sheet = Sheet::read(&kif::read(text)?)?;
    check::check(&sheet)?;
    Ok(emit::rule_file(&sheet, module, source))
}

/// The module name of a rule sheet's translation, from its file name: lower case,
/// letters, digits and `_`, starting with a letter (`tic-tac-toe.kif` gives
/// `tic_tac_toe`).
pub fn module_name(stem: &str) -> String {
    let mut name: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        name.insert_str(0, "gdl_");
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_names_are_plain_atoms() {
        assert_eq!(module_name("Tic-Tac-Toe"), "tic_tac_toe");
        assert_eq!(module_name("3d_ttt"), "gdl_3d_ttt");
        assert_eq!(module_name(""), "gdl_");
    }
}
