//! `RulesEngine`: a rule file run by the embedded Prolog engine, as a text-level `Engine`.

use super::machine::{LoadError, PrologMachine, QueryError, DEFAULT_INFERENCE_LIMIT};
use super::rules::RuleSet;
use super::term::{quote_string, term_integer, term_text};
use crate::game::{BestMove, Engine, EngineError, GameOptions, PositionInfo, SearchSpec};
use crate::search::{PROVEN, WIN};
use scryer_prolog::Term;
use std::fmt;
use std::str::FromStr;

/// How a game runs: the pure rule file, the rule file with native helpers, or a native engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tier {
    Spec,
    Accelerated,
    Native,
}

impl Tier {
    pub const ALL: [Tier; 3] = [Tier::Spec, Tier::Accelerated, Tier::Native];

    pub fn name(self) -> &'static str {
        match self {
            Tier::Spec => "spec",
            Tier::Accelerated => "accelerated",
            Tier::Native => "native",
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Tier {
    type Err = String;
    fn from_str(s: &str) -> Result<Tier, String> {
        Tier::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| format!("unknown tier `{s}` (spec, accelerated or native)"))
    }
}

/// The answer to a query typed at the REPL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryReply {
    /// The answers' texts, and whether that is all of them.
    Answers(Vec<String>, bool),
    /// A syntax error, an exception or a runaway query, as one line.
    Error(String),
}

/// A rule file in a Prolog machine, answering the `Engine` interface.
pub struct RulesEngine {
    machine: PrologMachine,
    module: String,
    path: String,
    options: GameOptions,
    tier: Tier,
    limit: u64,
}

impl RulesEngine {
    /// Loads the rules into a fresh machine, in the spec or accelerated tier.
    pub fn new(
        rules: &RuleSet,
        options: GameOptions,
        tier: Tier,
    ) -> Result<RulesEngine, LoadError> {
        let mut machine = PrologMachine::load(rules)?;
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
            .map_err(|e| LoadError(format!("{}: {e}", rules.game.path)))?;
        Ok(RulesEngine {
            machine,
            module: rules.game.module.clone(),
            path: rules.game.path.clone(),
            options,
            tier,
            limit: DEFAULT_INFERENCE_LIMIT,
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

    /// The Prolog machine, for queries of one's own.
    pub fn machine(&mut self) -> &mut PrologMachine {
        &mut self.machine
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
                    _ => EngineError::Rules(format!("{}: {text}", self.path)),
                })
            }
            other => Err(EngineError::Rules(format!(
                "{}: unexpected reply {other:?}",
                self.path
            ))),
        }
    }

    fn text(&self, t: &Term) -> Result<String, EngineError> {
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

    fn option_pairs(&self) -> String {
        let items: Vec<String> = self
            .options
            .pairs()
            .iter()
            .map(|(k, v)| format!("{}-{}", quote_string(k), quote_string(v)))
            .collect();
        format!("[{}]", items.join(","))
    }

    /// Runs a query typed by a user (as data, never as query syntax) with
    /// `current(S)` bound to `position`; at most `max` answers.
    pub fn user_query(
        &mut self,
        text: &str,
        position: &str,
        limit: u64,
        max: usize,
    ) -> Result<QueryReply, EngineError> {
        let q = format!(
            "host:user_query({}, {}, {}, {limit}, {max}, R).",
            crate::prolog::quote_atom(&self.module),
            quote_string(text),
            quote_string(position)
        );
        let reply = self
            .machine
            .answer(&q, "R")
            .map_err(|e| EngineError::Rules(format!("{}: {e}", self.path)))?;
        match reply {
            Term::Compound(f, args) if f == "answers" && args.len() == 2 => {
                let texts = match &args[0] {
                    Term::List(items) => items
                        .iter()
                        .map(|t| self.text(t))
                        .collect::<Result<Vec<_>, _>>()?,
                    _ => Vec::new(),
                };
                Ok(QueryReply::Answers(texts, args[1] == Term::atom("true")))
            }
            Term::Compound(f, args)
                if args.len() == 1 && ["syntax", "error", "limit"].contains(&f.as_str()) =>
            {
                let t = self.text(&args[0])?;
                Ok(QueryReply::Error(if f == "limit" {
                    format!("error: {t}")
                } else {
                    t
                }))
            }
            other => Err(EngineError::Rules(format!(
                "{}: unexpected query reply {other:?}",
                self.path
            ))),
        }
    }

    /// The rule file's `view/2` of a position.
    pub fn view(&mut self, position: &str) -> Result<crate::render::View, EngineError> {
        let t = self.request(&format!("view({})", quote_string(position)))?;
        crate::render::View::from_term(&t).ok_or_else(|| {
            EngineError::Rules(format!(
                "{}: view/2 gave a term of the wrong shape",
                self.path
            ))
        })
    }

    /// The start position after a list of moves, in one request.
    pub fn replay(&mut self, moves: &[String]) -> Result<String, EngineError> {
        let list: Vec<String> = moves.iter().map(|m| quote_string(m.trim())).collect();
        let t = self.request(&format!(
            "replay({}, [{}])",
            self.option_pairs(),
            list.join(",")
        ))?;
        self.text(&t)
    }
}

impl Engine for RulesEngine {
    fn label(&self) -> String {
        format!("{} ({})", self.module, self.tier)
    }

    fn initial(&mut self) -> Result<String, EngineError> {
        let t = self.request(&format!("initial({})", self.option_pairs()))?;
        self.text(&t)
    }

    fn normalize(&mut self, position: &str) -> Result<String, EngineError> {
        let t = self.request(&format!("normalize({})", quote_string(position)))?;
        self.text(&t)
    }

    fn describe(&mut self, position: &str) -> Result<PositionInfo, EngineError> {
        let t = self.request(&format!("describe({})", quote_string(position)))?;
        match t {
            Term::Compound(f, args) if f == "d" && args.len() == 4 => {
                let legal = match &args[3] {
                    Term::List(items) => items
                        .iter()
                        .map(|m| self.text(m))
                        .collect::<Result<Vec<_>, _>>()?,
                    Term::Atom(a) if a == "[]" => Vec::new(),
                    other => {
                        return Err(EngineError::Rules(format!(
                            "{}: bad move list {other:?}",
                            self.path
                        )))
                    }
                };
                let outcome = match &args[2] {
                    Term::Atom(a) if a == "none" => None,
                    other => Some(self.text(other)?),
                };
                Ok(PositionInfo {
                    position: self.text(&args[0])?,
                    to_move: self.text(&args[1])?,
                    outcome,
                    legal,
                })
            }
            other => Err(EngineError::Rules(format!(
                "{}: bad description {other:?}",
                self.path
            ))),
        }
    }

    fn play(&mut self, position: &str, mv: &str) -> Result<String, EngineError> {
        let t = self.request(&format!(
            "play({}, {})",
            quote_string(position),
            quote_string(mv.trim())
        ))?;
        self.text(&t)
    }

    fn play_all(&mut self, position: &str, moves: &[String]) -> Result<String, EngineError> {
        let list: Vec<String> = moves.iter().map(|m| quote_string(m.trim())).collect();
        let t = self.request(&format!(
            "after({}, [{}])",
            quote_string(position),
            list.join(",")
        ))?;
        self.text(&t)
    }

    fn perft(&mut self, position: &str, depth: u32) -> Result<u64, EngineError> {
        let t = self.request(&format!("perft({}, {depth})", quote_string(position)))?;
        self.integer(&t)
    }

    fn perft_counts(&mut self, position: &str, depth: u32) -> Result<Vec<u64>, EngineError> {
        let t = self.request(&format!(
            "perft_counts({}, {depth})",
            quote_string(position)
        ))?;
        match &t {
            Term::List(items) => items.iter().map(|i| self.integer(i)).collect(),
            Term::Atom(a) if a == "[]" => Ok(Vec::new()),
            other => Err(EngineError::Rules(format!(
                "{}: expected a list of counts, got {other:?}",
                self.path
            ))),
        }
    }

    fn best(&mut self, position: &str, how: SearchSpec) -> Result<BestMove, EngineError> {
        let limits = match how {
            SearchSpec::AlphaBeta(l) => l,
            SearchSpec::Mcts { .. } => {
                return Err(EngineError::Options(
                    "MCTS runs on native engines only (use --tier native)".into(),
                ))
            }
        };
        let depth = limits.depth.unwrap_or(2).max(1);
        let t = self.request(&format!("best({}, {depth})", quote_string(position)))?;
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
                let mv = self.text(&args[0])?;
                let score = term_integer(&args[1]).unwrap_or(0) as i32;
                let verdict = if score > PROVEN {
                    Some(format!("win in {}", WIN - score))
                } else if score < -PROVEN {
                    Some(format!("loss in {}", WIN + score))
                } else {
                    None
                };
                Ok(BestMove {
                    mv: Some(mv.clone()),
                    score,
                    verdict,
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

    fn evaluate(&mut self, position: &str, player: &str) -> Result<i32, EngineError> {
        let t = self.request(&format!(
            "evaluate({}, {})",
            quote_string(position),
            quote_string(player)
        ))?;
        term_integer(&t)
            .map(|i| i as i32)
            .ok_or_else(|| EngineError::Rules(format!("{}: evaluate/3 gave {t:?}", self.path)))
    }

    fn playouts(&mut self, position: &str, count: u64, seed: u64) -> Result<u64, EngineError> {
        let seed = seed % (1 << 31);
        let t = self.request(&format!(
            "playouts({}, {count}, {seed})",
            quote_string(position)
        ))?;
        self.integer(&t)
    }
}
