//! The rule engine a thread keeps after describing a rule-only game, for the first
//! engine opened on the same rules: describing the game (its summary and options)
//! loads its rules into a machine, and the command that asked for the game opens an
//! engine on them right after, so it takes that machine over instead of loading the
//! rules a second time (a quarter of a second, half of a rule-only game's start).
//! The description is loaded in the tier the caller is about to open (`expecting`).

use crate::game::Tier;
use crate::prolog::{RuleFile, RulesEngine};
use std::cell::{Cell, RefCell};

thread_local! {
    /// One engine at most: a newer one replaces it.
    static SPARE: RefCell<Option<RulesEngine>> = const { RefCell::new(None) };
    /// The tier this thread is about to open, when it is known.
    static EXPECTED: Cell<Option<Tier>> = const { Cell::new(None) };
}

/// While it lives, a description is loaded in the tier given (`None`: in the tier
/// already expected, else the default one).
pub(super) struct Expecting(Option<Tier>);

/// Expects `tier` (when given) until the guard is dropped.
pub(super) fn expecting(tier: Option<Tier>) -> Expecting {
    let before = EXPECTED.get();
    EXPECTED.set(tier.or(before));
    Expecting(before)
}

impl Drop for Expecting {
    fn drop(&mut self) {
        EXPECTED.set(self.0);
    }
}

/// The tier to describe a rule-only game in: the one expected, if the game has it,
/// else the one a command opens when none is named (accelerated when offered).
pub(super) fn describing_tier(accelerated: bool) -> Tier {
    match EXPECTED.get() {
        Some(Tier::Spec) => Tier::Spec,
        _ if accelerated => Tier::Accelerated,
        _ => Tier::Spec,
    }
}

/// Keeps `engine` for this thread's next `take` of the same rules and tier.
pub(super) fn keep(engine: RulesEngine) {
    if engine.reusable() {
        SPARE.with(|s| *s.borrow_mut() = Some(engine));
    }
}

/// The engine kept by this thread when it runs `files` in `tier`, handed over once;
/// an engine kept for other rules is dropped (it is for the open right after the
/// description, and a machine is too big to keep for nothing).
pub(super) fn take(files: &[RuleFile], tier: Tier) -> Option<RulesEngine> {
    SPARE
        .with(|s| s.borrow_mut().take())
        .filter(|e| e.reusable_for(files, tier))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Engine, GameOptions};
    use crate::prolog::machines_started_here;
    use crate::registry::{catalog, EngineSpec};

    /// Describes Connect Four afresh, as the first command on it in a process does
    /// (its descriptor cached first, so that opening it describes nothing more).
    fn describe_connect_four() {
        crate::registry::find_game("connect_four").expect("connect_four is a game");
        let (module, path, text) = catalog::rule_only_files()
            .into_iter()
            .find(|(m, _, _)| m == "connect_four")
            .expect("connect_four is a rule-only game");
        catalog::describe(&module, path, text).expect("described");
    }

    #[test]
    fn an_engine_opened_after_the_description_takes_its_machine_in_either_tier() {
        let spec = EngineSpec::new("connect_four", GameOptions::parse(&["cols=4"]).unwrap());
        for tier in [Tier::Spec, Tier::Accelerated] {
            let _expected = expecting(Some(tier));
            describe_connect_four();
            let started = machines_started_here();
            let mut engine = spec.open_rules(tier).unwrap();
            assert_eq!(
                machines_started_here(),
                started,
                "{tier}: a machine started"
            );
            // with the spec's options, not the description's
            let start = engine.initial().unwrap();
            assert_eq!(engine.describe(start).unwrap().legal.len(), 4, "{tier}");
            // handed over once: the next engine loads its own
            spec.open_rules(tier).unwrap();
            assert_eq!(machines_started_here(), started + 1, "{tier}");
        }
    }

    #[test]
    fn an_engine_of_another_tier_loads_its_own_and_the_spare_is_dropped() {
        let spec = EngineSpec::new("connect_four", GameOptions::default());
        {
            let _expected = expecting(Some(Tier::Accelerated));
            describe_connect_four();
        }
        let started = machines_started_here();
        let mut engine = spec.open_rules(Tier::Spec).unwrap();
        assert_eq!(engine.tier(), Tier::Spec);
        let start = engine.initial().unwrap();
        assert_eq!(engine.describe(start).unwrap().legal.len(), 7);
        assert_eq!(machines_started_here(), started + 1);
        assert!(SPARE.with(|s| s.borrow().is_none()), "the spare was kept");
    }
}
