//! Opening a game's engine where its rules may run: a native engine with its rule
//! file drawing it, a worker process for rules from disk, else the rules in this
//! process.  Above both the registry (which resolves what a spec names) and the
//! worker (which runs a spec in a process of its own).

mod drawn;

use crate::game::{Engine, EngineError, Tier};
use crate::prolog::SourceError;
use crate::registry::{find_game, is_path, EngineSpec, OpenError};
use crate::worker::WorkerEngine;
use drawn::Drawn;

impl EngineSpec {
    /// An engine that draws the game's positions (`Engine::view`): the rule file in
    /// the spec tier, in a worker for rules from disk.
    pub fn open_viewer(&self) -> Result<Box<dyn Engine>, OpenError> {
        self.in_tier(Tier::Spec).open()
    }

    /// Opens the engine and checks the options by computing the start position.
    pub fn open(&self) -> Result<Box<dyn Engine>, OpenError> {
        let tier = self.effective_tier();
        let name = self.descriptor().map_or(self.game.as_str(), |d| d.name);
        if let Some(d) = self.descriptor() {
            if !d.offers(tier) {
                let tiers: Vec<&str> = d.tiers().iter().map(|t| t.name()).collect();
                return Err(OpenError::Other(format!(
                    "{name} has no {tier} tier{} (it runs in {})",
                    if tier == Tier::Accelerated {
                        ": its rules have no native helpers"
                    } else {
                        ""
                    },
                    tiers.join(", ")
                )));
            }
        }
        if tier == Tier::Native {
            if self.rules.is_some() || is_path(&self.game) {
                return Err(OpenError::Other(
                    "the native tier does not read rule files; use --tier spec or accelerated"
                        .into(),
                ));
            }
            let d =
                find_game(&self.game).ok_or_else(|| SourceError::UnknownGame(self.game.clone()))?;
            let open = d.native.ok_or_else(|| {
                OpenError::Other(format!("{name} has no native engine; use --tier spec"))
            })?;
            // drawn by its rule file: every front end asks the engine for a view
            let engine = open(&d.values(&self.options)?)?;
            return Ok(Box::new(Drawn::new(engine, self.clone())));
        }
        if self.needs_worker() {
            return Ok(Box::new(WorkerEngine::open(self)?));
        }
        let mut engine = self.open_rules(tier)?;
        let start = engine.initial().map_err(|e| match e {
            EngineError::Rules(m) | EngineError::Options(m) => {
                OpenError::Other(if self.options.pairs().is_empty() {
                    m
                } else {
                    format!("with -O {}: {m}", self.options)
                })
            }
            other => OpenError::Engine(other),
        })?;
        engine.release(start);
        Ok(Box::new(engine))
    }
}
