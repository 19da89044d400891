//! A table from one game's texts to another's (`ludolog engine GAME --moves FILE`):
//! a GDL sheet's moves and roles said as a rule file says them, so that `check`
//! can hold two languages of the same game to each other, move by move.

use std::collections::HashMap;
use std::path::Path;

/// Texts of the engine's game (theirs) and what the checker calls them (ours).
#[derive(Clone, Debug, Default)]
pub struct MoveTable {
    ours: HashMap<String, String>,
}

impl MoveTable {
    /// Reads a table: a line `THEIRS OURS` for each text, OURS its last word (a GDL
    /// move holds spaces: `(drop 1) a`); `#` starts a comment.
    pub fn read(path: &Path) -> Result<MoveTable, String> {
        let shown = path.display();
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{shown}: cannot read the table: {e}"))?;
        MoveTable::parse(&text).map_err(|(line, what)| format!("{shown}:{line}: {what}"))
    }

    /// The table of a text, or the line and what is wrong with it.
    pub fn parse(text: &str) -> Result<MoveTable, (usize, String)> {
        let mut ours = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let Some((theirs, our)) = line.rsplit_once(char::is_whitespace) else {
                return Err((i + 1, "a line is THEIRS OURS".to_string()));
            };
            if ours
                .insert(theirs.trim().to_string(), our.to_string())
                .is_some()
            {
                return Err((i + 1, format!("{} is in the table twice", theirs.trim())));
            }
        }
        if ours.is_empty() {
            return Err((1, "no texts in the table".to_string()));
        }
        Ok(MoveTable { ours })
    }

    /// What the checker calls a text of the engine's game (itself when the table
    /// does not name it).
    pub fn ours(&self, theirs: &str) -> String {
        self.ours
            .get(theirs)
            .cloned()
            .unwrap_or_else(|| theirs.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::MoveTable;

    #[test]
    fn a_table_says_their_texts_as_ours() {
        let t =
            MoveTable::parse("# Connect Four\n(drop 1) a\n(drop 2)  b # two\nxplayer x\n").unwrap();
        assert_eq!(t.ours("(drop 2)"), "b");
        assert_eq!(t.ours("xplayer"), "x");
        assert_eq!(t.ours("(drop 9)"), "(drop 9)");
        assert_eq!(MoveTable::parse("a\n").unwrap_err().0, 1);
        assert_eq!(MoveTable::parse("a b\na c\n").unwrap_err().0, 2);
        assert!(MoveTable::parse("# nothing\n").is_err());
    }
}
