//! `RulesEngine`'s perft on a rule file from disk, step by step: one request a
//! position (its outcome, its legal moves and the positions they lead to; at the
//! last ply, its count), each within the limits of a request on one position. A
//! perft the user sized is never cut short as a whole by the time limit, and a
//! `legal/2` or `play/3` that runs away still stops, named, at the position it
//! ran away on.

use super::*;

impl RulesEngine {
    /// Whether a work request on this rule file counts step by step: a rule file
    /// from disk, whose whole work request the time limit would otherwise bound.
    pub(super) fn counts_by_steps(&self) -> bool {
        self.work_limit.is_none() && self.machine.is_untrusted()
    }

    /// The perft counts of depths 1 to `depth` below `pos`, one request a position.
    pub(super) fn perft_by_steps(&mut self, pos: Pos, depth: u32) -> Result<Vec<u64>, EngineError> {
        let slot = self.slot(pos)?;
        let mut counts = vec![0; depth as usize];
        // the children are held in slots above every other, freed as a stack: the
        // machine is not replaced on the way (it would not know them)
        let pinned = std::mem::replace(&mut self.pinned, true);
        let counted = self.count_below(slot, &mut counts);
        self.pinned = pinned;
        counted.map(|()| counts)
    }

    /// Adds to `counts[k]` the positions `k + 1` plies below the one in `slot`
    /// (a finished game counts once at every depth below it).
    fn count_below(&mut self, slot: u64, counts: &mut [u64]) -> Result<(), EngineError> {
        match counts.len() {
            0 => return Ok(()),
            1 => {
                let t = self.request(&format!("perft({slot}, 1)"))?;
                counts[0] += self.integer(&t)?;
                return Ok(());
            }
            _ => {}
        }
        let first = self.slot_count + 1;
        let t = self.request(&format!("expand({slot}, {first})"))?;
        if matches!(&t, Term::Atom(a) if a == "over") {
            counts.iter_mut().for_each(|c| *c += 1);
            return Ok(());
        }
        let n = self.integer(&t)?;
        self.slot_count += n;
        counts[0] += n;
        let mut below = Ok(());
        for child in first..first + n {
            below = self.count_below(child, &mut counts[1..]);
            if below.is_err() {
                break;
            }
        }
        let freed = self.request(&format!("release_from({first}, {n})"));
        self.slot_count -= n;
        below.and(freed.map(|_| ()))
    }
}
