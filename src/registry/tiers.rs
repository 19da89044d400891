//! Which tiers a game runs in, and which one runs when none is named: the one place
//! that says a command's default tier, the REPL's query tier, and the tiers `bench`
//! and `check` take when they are not told.

use super::EngineSpec;
use crate::game::Tier;

impl EngineSpec {
    /// Every tier this game can run in: the built-in game's (the native engine, too,
    /// with `--rules`), or a rule file's (accelerated when it requires a library with
    /// foreign bindings).
    pub fn offered_tiers(&self) -> Vec<Tier> {
        match self.descriptor() {
            Some(d) => d.tiers(),
            None => match self.resolve() {
                Ok(r) if r.rules.accelerators.len() > 1 => vec![Tier::Spec, Tier::Accelerated],
                _ => vec![Tier::Spec],
            },
        }
    }

    /// The tiers that run the rule file: the offered ones but native.
    pub fn rule_tiers(&self) -> Vec<Tier> {
        let mut tiers = self.offered_tiers();
        tiers.retain(|&t| t != Tier::Native);
        tiers
    }

    /// The tiers a command measures or runs when none is named: all that are
    /// offered, but with `--rules` only those that run the given rules.
    pub fn default_tiers(&self) -> Vec<Tier> {
        if self.rules.is_some() {
            self.rule_tiers()
        } else {
            self.offered_tiers()
        }
    }

    /// The tier that runs when none is named: the fastest of `default_tiers`
    /// (native, else accelerated, else spec).
    pub fn effective_tier(&self) -> Tier {
        match self.tier {
            Some(t) => t,
            None => self.default_tiers().last().copied().unwrap_or(Tier::Spec),
        }
    }

    /// The rule tier that answers queries and draws the board beside the tier that
    /// plays: the playing tier itself, or the fastest rule tier beside a native one.
    pub fn query_tier(&self) -> Tier {
        match self.effective_tier() {
            Tier::Native => self.rule_tiers().last().copied().unwrap_or(Tier::Spec),
            tier => tier,
        }
    }

    /// The two tiers `check` compares when none are named: the rule file against the
    /// fastest other tier; a game that runs in the spec tier only is checked against
    /// itself, and the note says so.
    pub fn check_tiers(&self) -> (Vec<Tier>, Option<String>) {
        let offered = self.offered_tiers();
        match offered.last() {
            Some(&fastest) if fastest != Tier::Spec => (vec![Tier::Spec, fastest], None),
            _ => (
                vec![Tier::Spec, Tier::Spec],
                Some(format!(
                    "{} runs in the spec tier only: checking it against itself \
                     (its position text at every ply; --perft N compares perft too)",
                    self.game_name()
                )),
            ),
        }
    }
}
