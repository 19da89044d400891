//! The positions an engine worker holds for its parent, as the parent names them:
//! each handle keeps how its position was made (the start, a text, a move from
//! another), so that a worker that died (a limit, a crash, a *Stop*) costs one
//! request, and the next worker makes the position again when it is next asked.

use crate::game::Pos;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// How a position was made, from the start or a text.
#[derive(Debug)]
pub enum Recipe {
    Initial,
    Parse(String),
    SetToMove(Rc<Recipe>, String),
    Play(Rc<Recipe>, String),
    PlayAll(Rc<Recipe>, Vec<String>),
}

/// A handle given out: its recipe, and the worker's own handle for it in the worker
/// of one generation.
struct Held {
    recipe: Rc<Recipe>,
    remote: Option<(u64, u64)>,
}

/// The handles given out, by the number the parent knows them by.
#[derive(Default)]
pub struct Handles {
    held: FxHashMap<u64, Held>,
    next: u64,
}

impl Handles {
    /// Gives out a new handle for a position the worker of `generation` holds as
    /// `remote`.
    pub fn give(&mut self, recipe: Rc<Recipe>, generation: u64, remote: u64) -> Pos {
        self.next += 1;
        self.held.insert(
            self.next,
            Held {
                recipe,
                remote: Some((generation, remote)),
            },
        );
        Pos(self.next)
    }

    /// The recipe of a handle, if it was given and not released.
    pub fn recipe(&self, pos: Pos) -> Option<Rc<Recipe>> {
        self.held.get(&pos.0).map(|h| h.recipe.clone())
    }

    /// The worker's handle for `pos` in the worker of `generation`, if it has one.
    pub fn remote(&self, pos: Pos, generation: u64) -> Option<u64> {
        match self.held.get(&pos.0)?.remote {
            Some((g, r)) if g == generation => Some(r),
            _ => None,
        }
    }

    /// Notes the worker's handle for `pos` made again in the worker of `generation`.
    pub fn set_remote(&mut self, pos: Pos, generation: u64, remote: u64) {
        if let Some(h) = self.held.get_mut(&pos.0) {
            h.remote = Some((generation, remote));
        }
    }

    /// Forgets a handle; gives its worker handle (generation, handle) if it had one.
    pub fn release(&mut self, pos: Pos) -> Option<(u64, u64)> {
        self.held.remove(&pos.0).and_then(|h| h.remote)
    }

    /// How many handles are given out.
    pub fn len(&self) -> usize {
        self.held.len()
    }
}
