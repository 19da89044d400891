//! `Mismatch`: the first place two engines disagree, or an engine disagrees with its
//! own position text.

/// The first disagreement found, after shrinking.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Mismatch {
    /// The moves from the start that reach the disagreement.
    pub moves: Vec<String>,
    /// The position reached (as engine A prints it).
    pub position: String,
    /// What differs, in words.
    pub what: Vec<String>,
    /// When an engine's position text loses part of the state: the fields lost
    /// (`position text`, `side to move`, `outcome`, `legal moves`).
    pub lost: Vec<String>,
    /// Legal moves only engine A lists.
    pub only_a: Vec<String>,
    /// Legal moves only engine B lists.
    pub only_b: Vec<String>,
    pub outcome_a: Option<crate::game::Ending>,
    pub outcome_b: Option<crate::game::Ending>,
    /// The move an engine was playing when it failed (stopped, stayed silent, broke
    /// the protocol), after `moves`.
    #[serde(default)]
    pub on_move: Option<String>,
    /// The last lines of the failed engine's standard error.
    #[serde(default)]
    pub stderr: Vec<String>,
}

impl Mismatch {
    /// A mismatch at `position` after `moves`, described by `what`.
    pub fn new(moves: &[String], position: &str, what: String) -> Mismatch {
        Mismatch {
            moves: moves.to_vec(),
            position: position.to_string(),
            what: vec![what],
            lost: vec![],
            only_a: vec![],
            only_b: vec![],
            outcome_a: None,
            outcome_b: None,
            on_move: None,
            stderr: vec![],
        }
    }

    /// The moves to replay to see it again: `moves`, then the move an engine failed
    /// on, if any.
    pub fn line(&self) -> Vec<String> {
        let mut line = self.moves.clone();
        line.extend(self.on_move.clone());
        line
    }
}
