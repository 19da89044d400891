//! `RulesEngine`: a rule file run by the embedded Prolog engine, as an `Engine` over
//! positions held by the Prolog host (`host:held/2`, one term per handle).

use super::machine::{LoadError, PrologMachine, QueryError, DEFAULT_INFERENCE_LIMIT};
use super::rules::RuleSet;
use super::term::{quote_atom, quote_string, term_integer, term_text};
use super::view_term::view_from_term;
use crate::game::{
    verdict, BestMove, Engine, EngineError, GameOptions, OptionValue, OptionValues, Pos,
    PositionInfo, SearchSpec, Tier, View,
};
use scryer_prolog::Term;

/// The options a rule file's initial/2 receives.
#[derive(Clone, Debug)]
pub enum RuleOptions {
    /// Every option of a game with a descriptor, validated, defaults filled in.
    Values(OptionValues),
    /// The options as the user gave them, for a rule file with no descriptor
    /// (a value that reads as an integer is one, anything else an atom).
    Raw(GameOptions),
}

impl RuleOptions {
    /// The options as a Prolog list, `[size(11), swap(false)]`, built from quoted data.
    fn term_text(&self) -> String {
        let items: Vec<String> = match self {
            RuleOptions::Values(v) => v
                .pairs()
                .iter()
                .map(|(k, v)| {
                    let value = match v {
                        OptionValue::Int(i) => i.to_string(),
                        OptionValue::Bool(b) => b.to_string(),
                        OptionValue::Word(w) => quote_atom(w),
                    };
                    format!("{}({value})", quote_atom(k))
                })
                .collect(),
            RuleOptions::Raw(o) => o
                .pairs()
                .iter()
                .map(|(k, v)| {
                    let value = match v.parse::<i64>() {
                        Ok(i) => i.to_string(),
                        Err(_) => quote_atom(v),
                    };
                    format!("{}({value})", quote_atom(k))
                })
                .collect(),
        };
        format!("[{}]", items.join(","))
    }
}

/// A rule file in a Prolog machine, answering the `Engine` interface.
pub struct RulesEngine {
    machine: PrologMachine,
    module: String,
    path: String,
    options: RuleOptions,
    tier: Tier,
    limit: u64,
    next: u64,
    held: usize,
}

impl RulesEngine {
    /// Loads the rules into a fresh machine, in the spec or accelerated tier.
    pub fn new(
        rules: &RuleSet,
        options: RuleOptions,
        tier: Tier,
    ) -> Result<RulesEngine, LoadError> {
        let mut machine = PrologMachine::load(rules)?;
        let game = rules.game();
        let accelerated = match tier {
            Tier::Spec => false,
            Tier::Accelerated => true,
            Tier::Native => {
                return Err(LoadError(
                    "a rule file cannot run in the native tier".into(),
                ))
            }
        };
        machine
            .set_acceleration(accelerated)
            .map_err(|e| LoadError(format!("{}: {e}", game.path)))?;
        Ok(RulesEngine {
            machine,
            module: game.module.clone(),
            path: game.path.clone(),
            options,
            tier,
            limit: DEFAULT_INFERENCE_LIMIT,
            next: 1,
            held: 0,
        })
    }

    /// Sets the inference limit of each request.
    pub fn set_limit(&mut self, limit: u64) {
        self.limit = limit;
    }

    /// The module name of the game.
    pub fn module(&self) -> &str {
        &self.module
    }

    /// The path of the game's rule file, as messages show it.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The tier it runs in.
    pub fn tier(&self) -> Tier {
        self.tier
    }

    /// The Prolog machine, for queries of one's own.
    pub fn machine(&mut self) -> &mut PrologMachine {
        &mut self.machine
    }

    /// A fresh handle number.
    fn fresh(&mut self) -> u64 {
        let id = self.next;
        self.next += 1;
        id
    }

    /// Sends a request and unpacks `ok(Value)`, turning `error(Kind, Text)` into an `EngineError`.
    fn request(&mut self, request: &str) -> Result<Term, EngineError> {
        let reply = self
            .machine
            .request(&self.module, self.limit, request)
            .map_err(|e: QueryError| EngineError::Rules(format!("{}: {e}", self.path)))?;
        match reply {
            Term::Compound(f, mut args) if f == "ok" && args.len() == 1 => Ok(args.remove(0)),
            Term::Compound(f, args) if f == "error" && args.len() == 2 => {
                let kind = match &args[0] {
                    Term::Atom(k) => k.clone(),
                    _ => String::new(),
                };
                let text = term_text(&args[1]).unwrap_or_else(|| format!("{:?}", args[1]));
                Err(match kind.as_str() {
                    "position" => EngineError::Position(text),
                    "move" => EngineError::Move(text),
                    "illegal" => EngineError::Illegal(text),
                    "options" => EngineError::Options(text),
                    "limit" => EngineError::Limit(format!("{}: {text}", self.path)),
                    "handle" => EngineError::Rules(format!("{}: {text}", self.path)),
                    _ => EngineError::Rules(format!("{}: {text}", self.path)),
                })
            }
            other => Err(EngineError::Rules(format!(
                "{}: unexpected reply {other:?}",
                self.path
            ))),
        }
    }

    /// Sends a request that makes a new held position under a fresh handle.
    fn request_new(&mut self, make: impl FnOnce(u64) -> String) -> Result<Pos, EngineError> {
        let id = self.fresh();
        self.request(&make(id))?;
        self.held += 1;
        Ok(Pos(id))
    }

    fn text_of(&self, t: &Term) -> Result<String, EngineError> {
        term_text(t)
            .ok_or_else(|| EngineError::Rules(format!("{}: expected a text, got {t:?}", self.path)))
    }

    fn integer(&self, t: &Term) -> Result<u64, EngineError> {
        term_integer(t)
            .and_then(|i| u64::try_from(i).ok())
            .ok_or_else(|| {
                EngineError::Rules(format!("{}: expected a count, got {t:?}", self.path))
            })
    }

    fn texts(&self, t: &Term) -> Result<Vec<String>, EngineError> {
        match t {
            Term::List(items) => items.iter().map(|m| self.text_of(m)).collect(),
            Term::Atom(a) if a == "[]" => Ok(Vec::new()),
            other => Err(EngineError::Rules(format!(
                "{}: expected a list, got {other:?}",
                self.path
            ))),
        }
    }

    /// The rule file's `view/2` of a held position.
    pub fn view(&mut self, pos: Pos) -> Result<View, EngineError> {
        let t = self.request(&format!("view({})", pos.0))?;
        view_from_term(&t).map_err(|why| {
            EngineError::Rules(format!(
                "{}: view/2 gave a term of the wrong shape: {why}",
                self.path
            ))
        })
    }

    /// The view of a position text (read, drawn, released).
    pub fn view_text(&mut self, text: &str) -> Result<View, EngineError> {
        let p = self.parse(text)?;
        let v = self.view(p);
        self.release(p);
        v
    }
}

impl Engine for RulesEngine {
    fn label(&self) -> String {
        format!("{} ({})", self.module, self.tier)
    }

    fn initial(&mut self) -> Result<Pos, EngineError> {
        let options = self.options.term_text();
        self.request_new(|id| format!("initial({options}, {id})"))
    }

    fn parse(&mut self, text: &str) -> Result<Pos, EngineError> {
        let text = quote_string(text);
        self.request_new(|id| format!("parse({text}, {id})"))
    }

    fn release(&mut self, pos: Pos) {
        if let Ok(t) = self.request(&format!("release({})", pos.0)) {
            if t == Term::atom("true") {
                self.held = self.held.saturating_sub(1);
            }
        }
    }

    fn held(&self) -> usize {
        self.held
    }

    fn copy(&mut self, pos: Pos) -> Result<Pos, EngineError> {
        self.request_new(|id| format!("copy({}, {id})", pos.0))
    }

    fn text(&mut self, pos: Pos) -> Result<String, EngineError> {
        let t = self.request(&format!("text({})", pos.0))?;
        self.text_of(&t)
    }

    fn describe(&mut self, pos: Pos) -> Result<PositionInfo, EngineError> {
        let t = self.request(&format!("describe({})", pos.0))?;
        match t {
            Term::Compound(f, args) if f == "d" && args.len() == 4 => {
                let outcome = match &args[2] {
                    Term::Atom(a) if a == "none" => None,
                    other => Some(self.text_of(other)?),
                };
                Ok(PositionInfo {
                    position: self.text_of(&args[0])?,
                    to_move: self.text_of(&args[1])?,
                    outcome,
                    legal: self.texts(&args[3])?,
                })
            }
            other => Err(EngineError::Rules(format!(
                "{}: bad description {other:?}",
                self.path
            ))),
        }
    }

    fn play(&mut self, pos: Pos, mv: &str) -> Result<Pos, EngineError> {
        let mv = quote_string(mv.trim());
        self.request_new(|id| format!("play({}, {mv}, {id})", pos.0))
    }

    fn play_all(&mut self, pos: Pos, moves: &[String]) -> Result<Pos, EngineError> {
        let list: Vec<String> = moves.iter().map(|m| quote_string(m.trim())).collect();
        let list = list.join(",");
        self.request_new(|id| format!("after({}, [{list}], {id})", pos.0))
    }

    fn perft(&mut self, pos: Pos, depth: u32) -> Result<u64, EngineError> {
        let t = self.request(&format!("perft({}, {depth})", pos.0))?;
        self.integer(&t)
    }

    fn perft_counts(&mut self, pos: Pos, depth: u32) -> Result<Vec<u64>, EngineError> {
        let t = self.request(&format!("perft_counts({}, {depth})", pos.0))?;
        match &t {
            Term::List(items) => items.iter().map(|i| self.integer(i)).collect(),
            Term::Atom(a) if a == "[]" => Ok(Vec::new()),
            other => Err(EngineError::Rules(format!(
                "{}: expected a list of counts, got {other:?}",
                self.path
            ))),
        }
    }

    fn best(&mut self, pos: Pos, how: SearchSpec) -> Result<BestMove, EngineError> {
        let limits = match how {
            SearchSpec::AlphaBeta(l) => l,
            SearchSpec::Mcts { .. } => {
                return Err(EngineError::Options(
                    "MCTS runs on native engines only (use --tier native)".into(),
                ))
            }
        };
        let depth = limits.depth.unwrap_or(2).max(1);
        let t = self.request(&format!("best({}, {depth})", pos.0))?;
        match &t {
            Term::Atom(a) if a == "none" => Ok(BestMove {
                mv: None,
                score: 0,
                verdict: None,
                pv: vec![],
                depth,
                nodes: 0,
            }),
            Term::Compound(f, args) if f == "b" && args.len() == 3 => {
                let mv = self.text_of(&args[0])?;
                let score = term_integer(&args[1]).unwrap_or(0) as i32;
                Ok(BestMove {
                    mv: Some(mv.clone()),
                    score,
                    verdict: verdict(score),
                    pv: vec![mv],
                    depth,
                    nodes: self.integer(&args[2])?,
                })
            }
            other => Err(EngineError::Rules(format!(
                "{}: bad search answer {other:?}",
                self.path
            ))),
        }
    }

    fn evaluate(&mut self, pos: Pos, player: &str) -> Result<i32, EngineError> {
        let t = self.request(&format!("evaluate({}, {})", pos.0, quote_string(player)))?;
        term_integer(&t)
            .map(|i| i as i32)
            .ok_or_else(|| EngineError::Rules(format!("{}: evaluate/3 gave {t:?}", self.path)))
    }

    fn playouts(
        &mut self,
        pos: Pos,
        count: u64,
        seed: u64,
        max_plies: u64,
    ) -> Result<u64, EngineError> {
        let seed = seed % (1 << 31);
        let t = self.request(&format!(
            "playouts({}, {count}, {seed}, {max_plies})",
            pos.0
        ))?;
        self.integer(&t)
    }
}
