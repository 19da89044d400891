//! Footprints: what each legal move of a position changes on the board (the cells
//! whose contents differ), which is how a click picks a move in any rule file.
//! Finding them plays every legal move and draws its board (seconds on a big board
//! in a rule tier), so a game keeps those of the positions it was last asked about:
//! the history walked back and forth, a second page on the same game, a page drawn
//! again, ask for them once.

use crate::game::View;
use std::collections::{BTreeMap, VecDeque};

/// How many positions' footprints a game keeps.
pub const KEPT: usize = 32;

/// Each legal move and the cells it changes.
pub type Feet = BTreeMap<String, Vec<String>>;

/// The footprints of the positions asked about last, by position text.
#[derive(Default)]
pub struct Footprints {
    held: VecDeque<(String, Feet)>,
}

impl Footprints {
    /// Those of `position`, if kept.
    pub fn get(&self, position: &str) -> Option<Feet> {
        self.held
            .iter()
            .find(|(p, _)| p == position)
            .map(|(_, f)| f.clone())
    }

    /// Keeps those of `position` (the oldest kept goes past `KEPT`).
    pub fn put(&mut self, position: String, feet: Feet) {
        self.held.retain(|(p, _)| *p != position);
        if self.held.len() >= KEPT {
            self.held.pop_front();
        }
        self.held.push_back((position, feet));
    }

    /// Forgets them all (the rules changed).
    pub fn clear(&mut self) {
        self.held.clear();
    }
}

/// The names of the cells whose contents differ between two views of one board.
pub fn changed_cells(before: &View, after: &View) -> Vec<String> {
    let mut out: Vec<String> = after
        .cells
        .iter()
        .filter(|c| {
            before
                .cells
                .iter()
                .find(|b| b.name == c.name)
                .is_none_or(|b| b.pieces != c.pieces)
        })
        .map(|c| c.name.clone())
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_positions_are_kept_and_the_oldest_goes_first() {
        let mut f = Footprints::default();
        let feet = |m: &str| Feet::from([(m.to_string(), vec![m.to_string()])]);
        for i in 0..=KEPT {
            f.put(format!("p{i}"), feet(&format!("m{i}")));
        }
        assert_eq!(f.get("p0"), None);
        assert_eq!(f.get("p1"), Some(feet("m1")));
        // asked again, a position is the newest
        f.put("p1".into(), feet("m1"));
        f.put("q".into(), feet("q"));
        assert!(f.get("p1").is_some() && f.get("p2").is_none());
        f.clear();
        assert_eq!(f.get("q"), None);
    }
}
