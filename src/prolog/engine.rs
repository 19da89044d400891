//! `RulesEngine`: a rule file run by the embedded Prolog engine, as an `Engine` over
//! positions held by the Prolog host (one term per slot, see host.pl; the slots of
//! released positions are reused, so a long run holds a bounded number of them).

use super::machine::{LoadError, PrologMachine, QueryError};
use super::rules::{RuleFile, RuleSet};
use super::term::{quote_atom, quote_string, term_integer, term_text};
use super::view_term::view_from_term;
use crate::game::defaults::INFERENCE_LIMIT;
use crate::game::{
    verdict, BestMove, Ending, Engine, EngineError, GameOptions, OptionValue, OptionValues, Player,
    Pos, PositionError, PositionInfo, Reason, Refusal, SearchSpec, Tier, View,
};
use rustc_hash::FxHashMap;
use scryer_prolog::Term;

#[path = "engine_perft.rs"]
mod perft_steps;
#[path = "engine_reply.rs"]
mod reply;
#[path = "engine_search.rs"]
mod search;

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

/// When the queries of a machine have left this many bytes in scryer's arena, an
/// engine that runs no user queries moves to a fresh machine (see `recycle`).
const RECYCLE_AT_BYTES: usize = 8 << 20;
/// The growth of the memory its thread holds at which a machine is replaced: each
/// request leaves some 20 KB behind in scryer (measured on Tactigon's playout
/// requests), which the arena estimate does not see; a fresh machine gives it back.
/// (At 64 MB the reloads cost accelerated Hex 11 about 3% of its playouts; at 128 MB
/// about 1%.)
const RECYCLE_AT_GROWTH: isize = 128 << 20;

/// A rule file in a Prolog machine, answering the `Engine` interface.
pub struct RulesEngine {
    machine: PrologMachine,
    /// The files loaded, to load them again into a fresh machine.
    rules: RuleSet,
    /// Whether the machine holds state of its own besides the held positions (a
    /// user's queries may have defined predicates): then it is never replaced.
    pinned: bool,
    /// Whether loading checks that the game defines every protocol predicate (a
    /// fresh machine is loaded the same way).
    check_protocol: bool,
    /// The arena size at which the machine is replaced (`RECYCLE_AT_BYTES`).
    recycle_at: usize,
    /// What its thread held when the machine was made (see `RECYCLE_AT_GROWTH`).
    held_at_load: isize,
    module: String,
    path: String,
    options: RuleOptions,
    tier: Tier,
    /// The inference limit of each request about a position.
    limit: u64,
    /// The inference limit of the work a user sized (perft, playouts, search):
    /// none unless one was set, since counting costs time.
    work_limit: Option<u64>,
    /// The next handle to give out (handles are never reused; slots are).
    next: u64,
    /// The host's slot of each held position.
    slots: FxHashMap<u64, u64>,
    /// Slots free for reuse, and how many slots there are.
    free: Vec<u64>,
    slot_count: u64,
    /// The last position described, and its description: what `reread` gives
    /// when the state read back from its text is that very state.
    described: Option<(u64, PositionInfo)>,
}

impl RulesEngine {
    /// Loads the rules into a fresh machine, in the spec or accelerated tier.
    pub fn new(
        rules: &RuleSet,
        options: RuleOptions,
        tier: Tier,
    ) -> Result<RulesEngine, LoadError> {
        RulesEngine::load(rules, options, tier, true)
    }

    /// As `new`; `check_protocol` false loads a game that lacks protocol predicates
    /// (for `ludolog lint`, which reports them with their lines).
    pub fn load(
        rules: &RuleSet,
        options: RuleOptions,
        tier: Tier,
        check_protocol: bool,
    ) -> Result<RulesEngine, LoadError> {
        let accelerated = match tier {
            Tier::Spec => false,
            Tier::Accelerated => true,
            Tier::Native => {
                return Err(LoadError(
                    "a rule file cannot run in the native tier".into(),
                ))
            }
        };
        let mut machine = PrologMachine::load_with(rules, accelerated, check_protocol)?;
        let game = rules.game();
        machine
            .set_acceleration(accelerated)
            .map_err(|e| LoadError(format!("{}: {e}", game.path)))?;
        Ok(RulesEngine {
            machine,
            rules: rules.clone(),
            pinned: false,
            check_protocol,
            recycle_at: RECYCLE_AT_BYTES,
            held_at_load: crate::foreign::memory::thread_held(),
            module: game.module.clone(),
            path: game.path.clone(),
            options,
            tier,
            limit: INFERENCE_LIMIT,
            work_limit: None,
            next: 1,
            slots: FxHashMap::default(),
            free: Vec::new(),
            slot_count: 0,
            described: None,
        })
    }

    /// Replaces the options initial/2 receives (e.g. once the file's own
    /// declarations have validated them).
    pub fn set_options(&mut self, options: RuleOptions) {
        self.options = options;
    }

    /// Starts over with other options in the same machine: every position held is
    /// released (their handles are no longer good) and initial/2 receives `options`.
    /// A request, where loading the rules again takes a quarter of a second.
    pub fn restart(&mut self, options: RuleOptions) -> Result<(), EngineError> {
        if self.slot_count > 0 {
            self.request(&format!("release_from(1, {})", self.slot_count))?;
        }
        self.slots.clear();
        self.free.clear();
        self.slot_count = 0;
        self.described = None;
        self.options = options;
        // the limits a fresh engine has (the caller sets its own after)
        self.limit = INFERENCE_LIMIT;
        self.work_limit = None;
        Ok(())
    }

    /// Whether another spec of the same rules may start over in this engine's
    /// machine: it loaded with the protocol check, holds nothing of its own (a REPL's
    /// definitions pin it) and is not broken.
    pub fn reusable(&self) -> bool {
        self.check_protocol && !self.pinned && !self.is_broken()
    }

    /// Whether another spec that loads `files` in `tier` may start over in this
    /// engine's machine (`reusable`, and the same files and tier).
    pub fn reusable_for(&self, files: &[RuleFile], tier: Tier) -> bool {
        self.reusable() && self.tier == tier && self.rules.files == files
    }

    /// The files loaded, each before the files that require it (the game's own last).
    pub fn files(&self) -> &[RuleFile] {
        &self.rules.files
    }

    /// The modules of the games loaded: the game's own, and those it builds on.
    pub fn game_modules(&self) -> &[String] {
        &self.rules.games
    }

    /// The options initial/2 receives, as a Prolog list.
    pub fn options_term(&self) -> String {
        self.options.term_text()
    }

    /// Sets the inference limit of each request, the work requests' too.
    pub fn set_limit(&mut self, limit: u64) {
        self.limit = limit;
        self.work_limit = Some(limit);
    }

    /// Replaces the machine once its queries have left `bytes` in scryer's arena
    /// (tests use a small number to see it happen).
    pub fn set_recycle_at(&mut self, bytes: usize) {
        self.recycle_at = bytes;
    }

    /// The module name of the game.
    pub fn module(&self) -> &str {
        &self.module
    }

    /// Whether the machine is unusable (a panic inside scryer broke it).
    pub fn is_broken(&self) -> bool {
        self.machine.is_broken()
    }

    /// The path of the game's rule file, as messages show it.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The tier it runs in.
    pub fn tier(&self) -> Tier {
        self.tier
    }

    /// The Prolog machine, for queries of one's own (the engine then keeps this
    /// machine for good: see `recycle`).
    pub fn machine(&mut self) -> &mut PrologMachine {
        self.pinned = true;
        &mut self.machine
    }

    /// Moves to a fresh machine, taking every held position along through its
    /// text (lossless by the protocol's contract, which `check` asserts).  scryer
    /// 0.10 never frees the stream each query is read from, so a machine that
    /// answers millions of requests (a long `check`, a long playout bench) would
    /// grow without end; a fresh one every ~30,000 requests keeps memory flat.
    fn recycle(&mut self) -> Result<(), EngineError> {
        let fail = |e: String| EngineError::Rules(format!("{}: {e}", self.path));
        let accelerated = self.tier == Tier::Accelerated;
        let mut fresh = PrologMachine::load_with(&self.rules, accelerated, self.check_protocol)
            .map_err(|e| fail(e.to_string()))?;
        fresh
            .set_acceleration(self.tier == Tier::Accelerated)
            .map_err(|e| fail(e.to_string()))?;
        for &slot in self.slots.values() {
            let text = self
                .machine
                .request(&self.module, self.limit, &format!("text({slot})"))
                .map_err(|e| fail(e.to_string()))?;
            let Term::Compound(f, args) = &text else {
                return Err(fail(format!("slot {slot} has no text: {text:?}")));
            };
            let text = match (f.as_str(), args.first().and_then(term_text)) {
                ("ok", Some(t)) => t,
                _ => return Err(fail(format!("slot {slot} has no text: {text:?}"))),
            };
            let parse = format!("parse({}, {slot})", quote_string(&text));
            let reply = fresh
                .request(&self.module, self.limit, &parse)
                .map_err(|e| fail(e.to_string()))?;
            if !matches!(&reply, Term::Compound(f, _) if f == "ok") {
                return Err(fail(format!("{text:?} does not read back: {reply:?}")));
            }
        }
        self.machine = fresh;
        self.held_at_load = crate::foreign::memory::thread_held();
        // the positions are now states read from their texts: a lossy text has
        // changed one, and its description is to be asked of the new state
        self.described = None;
        Ok(())
    }

    /// The host's slot of a held position (`host:held(Slot, State)` in Prolog, for
    /// the tools that query a held position themselves).
    pub fn slot(&self, pos: Pos) -> Result<u64, EngineError> {
        self.slots
            .get(&pos.0)
            .copied()
            .ok_or(EngineError::Handle(pos.0))
    }

    /// A slot for a new position: a free one, or a new one.
    fn free_slot(&mut self) -> u64 {
        self.free.pop().unwrap_or_else(|| {
            self.slot_count += 1;
            self.slot_count
        })
    }

    /// Sends a request and unpacks `ok(Value)`, turning `error(Kind, Text)` into an `EngineError`.
    pub(super) fn request(&mut self, request: &str) -> Result<Term, EngineError> {
        self.request_within(self.limit, request)
    }

    /// A work request (perft, playouts, search): within the work limit, if any.
    /// With no work limit, on a rule file from disk, the position's moves are first
    /// asked for within the limits of a request on one position, so that a legal/2
    /// that never ends stops at once, named (the built-in rules need no such probe).
    fn work(&mut self, request: &str) -> Result<Term, EngineError> {
        if self.work_limit.is_none() && self.machine.is_untrusted() {
            let slot = request
                .split_once('(')
                .and_then(|(_, rest)| rest.split([',', ')']).next());
            if let Some(slot) = slot {
                self.request(&format!("legal_count({slot})"))?;
            }
        }
        self.request_within(self.work_limit.unwrap_or(0), request)
    }

    /// Sends a request with an inference limit (0: none).
    fn request_within(&mut self, limit: u64, request: &str) -> Result<Term, EngineError> {
        if !self.pinned
            && (self.machine.arena_bytes() > self.recycle_at
                || crate::foreign::memory::thread_held() - self.held_at_load > RECYCLE_AT_GROWTH)
        {
            self.recycle()?;
        }
        let reply = self
            .machine
            .request(&self.module, limit, request)
            .map_err(|e: QueryError| EngineError::Rules(format!("{}: {e}", self.path)))?;
        match reply {
            Term::Compound(f, mut args) if f == "ok" && args.len() == 1 => Ok(args.remove(0)),
            Term::Compound(f, args) if f == "error" && args.len() == 2 => {
                Err(self.error_reply(&args[0], &args[1]))
            }
            other => Err(EngineError::Rules(format!(
                "{}: unexpected reply {}",
                self.path,
                super::shown(&other)
            ))),
        }
    }

    /// Sends a request that makes a new held position in a free slot.
    fn request_new(&mut self, make: impl FnOnce(u64) -> String) -> Result<Pos, EngineError> {
        let slot = self.free_slot();
        if let Err(e) = self.request(&make(slot)) {
            self.free.push(slot);
            return Err(e);
        }
        let id = self.next;
        self.next += 1;
        self.slots.insert(id, slot);
        Ok(Pos(id))
    }
}

impl Engine for RulesEngine {
    fn label(&self) -> String {
        format!("{} ({})", self.module, self.tier)
    }

    /// Whether the start position's turns are data the host plays (accelerated tier).
    fn playouts_in_host(&mut self) -> bool {
        let Ok(start) = self.initial() else {
            return false;
        };
        let found = matches!(self.turn_game(start), Ok(Some(_)));
        self.release(start);
        found
    }

    /// The rule file's `view/2` of a held position.
    fn view(&mut self, pos: Pos) -> Result<View, EngineError> {
        let t = self.request(&format!("view({})", self.slot(pos)?))?;
        view_from_term(&t).map_err(|why| {
            EngineError::Rules(format!(
                "{}: view/2 gave a term of the wrong shape: {why}",
                self.path
            ))
        })
    }

    fn refusal_words(&mut self, reason: &Reason) -> Option<String> {
        let t = self.request(&format!("words({reason})")).ok()?;
        term_text(&t).filter(|w| !w.is_empty())
    }

    fn initial(&mut self) -> Result<Pos, EngineError> {
        let options = self.options.term_text();
        self.request_new(|id| format!("initial({options}, {id})"))
    }

    fn parse(&mut self, text: &str) -> Result<Pos, EngineError> {
        let text = quote_string(text);
        self.request_new(|id| format!("parse({text}, {id})"))
    }

    fn set_to_move(&mut self, pos: Pos, player: &Player) -> Result<Pos, EngineError> {
        let slot = self.slot(pos)?;
        let player = quote_atom(player);
        self.request_new(|id| format!("set_to_move({slot}, {player}, {id})"))
    }

    fn release(&mut self, pos: Pos) {
        if let Some(slot) = self.slots.remove(&pos.0) {
            // the slot is reused only once the host has emptied it
            if self.request(&format!("release({slot})")).is_ok() {
                self.free.push(slot);
            }
        }
    }

    fn held(&self) -> usize {
        self.slots.len()
    }

    fn copy(&mut self, pos: Pos) -> Result<Pos, EngineError> {
        let from = self.slot(pos)?;
        self.request_new(|id| format!("copy({from}, {id})"))
    }

    fn text(&mut self, pos: Pos) -> Result<String, EngineError> {
        let t = self.request(&format!("text({})", self.slot(pos)?))?;
        self.text_of(&t)
    }

    fn describe(&mut self, pos: Pos) -> Result<PositionInfo, EngineError> {
        let t = self.request(&format!("describe({})", self.slot(pos)?))?;
        let info = self.description(t)?;
        self.described = Some((pos.0, info.clone()));
        Ok(info)
    }

    fn reread(&mut self, pos: Pos, _text: &str) -> Result<PositionInfo, EngineError> {
        // one request: the rule file prints and reads back its own text; `same`
        // when the state read back is the state held (==), whose description,
        // given just before, is then the answer (the rules answer alike for one
        // state: a rule file has no global state, the sandbox sees to that)
        let t = self.request(&format!("reread({})", self.slot(pos)?))?;
        match (t, self.described.take()) {
            (Term::Atom(a), Some((p, info))) if a == "same" && p == pos.0 => Ok(info),
            (Term::Atom(a), _) if a == "same" => self.describe(pos),
            (t, _) => self.description(t),
        }
    }

    fn play(&mut self, pos: Pos, mv: &str) -> Result<Pos, EngineError> {
        let (from, mv) = (self.slot(pos)?, quote_string(mv.trim()));
        self.request_new(|id| format!("play({from}, {mv}, {id})"))
    }

    fn play_all(&mut self, pos: Pos, moves: &[String]) -> Result<Pos, EngineError> {
        let list: Vec<String> = moves.iter().map(|m| quote_string(m.trim())).collect();
        let (from, list) = (self.slot(pos)?, list.join(","));
        self.request_new(|id| format!("after({from}, [{list}], {id})"))
    }

    fn perft(&mut self, pos: Pos, depth: u32) -> Result<u64, EngineError> {
        if self.counts_by_steps() {
            let counts = self.perft_by_steps(pos, depth)?;
            return Ok(counts.last().copied().unwrap_or(1));
        }
        let t = self.work(&format!("perft({}, {depth})", self.slot(pos)?))?;
        self.integer(&t)
    }

    fn perft_counts(&mut self, pos: Pos, depth: u32) -> Result<Vec<u64>, EngineError> {
        if self.counts_by_steps() {
            return self.perft_by_steps(pos, depth);
        }
        let t = self.work(&format!("perft_counts({}, {depth})", self.slot(pos)?))?;
        match &t {
            Term::List(items) => items.iter().map(|i| self.integer(i)).collect(),
            Term::Atom(a) if a == "[]" => Ok(Vec::new()),
            other => Err(EngineError::Rules(format!(
                "{}: expected a list of counts, got {}",
                self.path,
                super::shown(other)
            ))),
        }
    }

    fn best(&mut self, pos: Pos, how: SearchSpec) -> Result<BestMove, EngineError> {
        let limits = match how {
            SearchSpec::AlphaBeta(l) => l,
            SearchSpec::Mcts {
                playouts,
                seed,
                time,
                threads,
                rave,
            } => {
                // a time limit the user gave bounds the whole search, as it bounds
                // one request of perft or playouts
                let _deadline = super::limits::arm(
                    format!(
                        "the rules of module {} (a tree search of {playouts} playouts)",
                        self.module
                    ),
                    true,
                );
                let deadline = time.map(|t| std::time::Instant::now() + t);
                if let Some(best) =
                    self.native_mcts(pos, (playouts, deadline), seed, (threads, rave))?
                {
                    return Ok(best);
                }
                // else a request a playout
                let leaf: crate::search::LeafStep<Self> =
                    |e, root, path, seed, plies| e.mcts_leaf(root, path, seed, plies);
                return crate::search::engine_mcts(self, leaf, pos, (playouts, deadline), seed);
            }
        };
        if let Some(time) = limits.time {
            return self.best_in_time(pos, time, limits.depth);
        }
        let depth = limits
            .depth
            .unwrap_or(crate::game::defaults::RULES_SEARCH_DEPTH)
            .max(1);
        self.best_at_depth(pos, depth)
    }

    fn evaluate(&mut self, pos: Pos, player: &Player) -> Result<i32, EngineError> {
        let t = self.request(&format!(
            "evaluate({}, {})",
            self.slot(pos)?,
            quote_string(player)
        ))?;
        term_integer(&t).map(|i| i as i32).ok_or_else(|| {
            EngineError::Rules(format!(
                "{}: evaluate/3 gave {}",
                self.path,
                super::shown(&t)
            ))
        })
    }

    /// By proof-number search over the positions this engine holds.
    fn solve(
        &mut self,
        pos: Pos,
        spec: &crate::game::SolveSpec,
    ) -> Result<crate::game::Solution, EngineError> {
        if let Some(solution) = self.native_solve(pos, spec)? {
            return Ok(solution);
        }
        crate::solve::solve(crate::solve::EngineTree::new(self), &pos, spec)
    }

    fn playouts(
        &mut self,
        pos: Pos,
        count: u64,
        seed: u64,
        max_plies: u64,
    ) -> Result<u64, EngineError> {
        let seed = seed % (1 << 31);
        let t = self.work(&format!(
            "playouts({}, {count}, {seed}, {max_plies})",
            self.slot(pos)?
        ))?;
        self.integer(&t)
    }
}
