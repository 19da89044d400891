//! One game of the web front end: its `GameLine` over the engine of its tier, which
//! runs in a worker process of its own (built-in games too: a limit reached, a crash
//! or a hang ends that worker, and the game goes on in a new one), and what the page
//! asks of it (its state with the board as SVG, what each legal move changes on the
//! board, why a move is refused, a computer's move, its record).  A `ServedGame`
//! lives on its session's own thread.

use super::caps::{open_capped, MAX_SERVED_DEPTH, MAX_SERVED_PLAYOUTS, MAX_SERVED_SECONDS};
use super::footprints::{changed_cells, Feet, Footprints};
use super::game_error::start_error;
pub use super::game_error::GameError;
use super::tiers::TierCheck;
use crate::game::{defaults, Engine, GameLine, Pos, TextOps, View};
use crate::record::{self, Format, Record};
use crate::registry::EngineSpec;
use crate::render::render_svg;
use crate::search::{choose_move, PlayerKind};
use crate::worker::{Stopper, WorkerEngine};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde::Serialize;
use std::collections::BTreeMap;

/// What the page shows of a game.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GameState {
    /// The session's id: unguessable, as it is all a page needs to play the game.
    pub id: String,
    pub game: String,
    pub options: BTreeMap<String, String>,
    pub tier: String,
    /// The two players, the first to move first.
    pub players: Vec<String>,
    /// The canonical position text.
    pub position: String,
    pub to_move: crate::game::Player,
    /// `win(P)` or `draw` once the game is over.
    pub outcome: Option<crate::game::Ending>,
    /// How it ended, in the rule file's words (its view's `ending`: "joined top and
    /// bottom"), where it says.
    pub ending: Option<String>,
    pub legal: Vec<String>,
    /// The moves from the start, and those `redo` would play again (next first).
    pub moves: Vec<String>,
    pub redo: Vec<String>,
    /// The start position's text, when it is not the game's own start.
    pub start: Option<String>,
    /// The board, as `ludolog render --svg` draws it; every cell's element carries
    /// `data-cell`.
    pub svg: String,
    /// The cells the last move changed (the page marks them).
    pub last: Vec<String>,
    /// Whether the game's rule files are on disk and reloaded when they change.
    pub watching: bool,
    /// What happened since the last state: the rule files reloaded and the moves
    /// replayed, or why they no longer load.
    pub note: Option<String>,
    /// `Some(k)`: a look back at the history (`GET …?at=k`): the position, side to
    /// move, outcome, legal moves, board and last move are those after the first `k`
    /// moves, while `moves` and `redo` are still the game's.  `None`: the game now.
    pub at: Option<usize>,
    /// The game's version: it changes whenever its moves, start, redo list or rules
    /// do, as the live updates (`…/events`) announce it.
    pub version: String,
}

/// A game a session plays.
pub struct ServedGame {
    id: String,
    spec: EngineSpec,
    players: Vec<String>,
    /// The moves, on the game's engine in its worker (which also draws the board and
    /// says why a move is refused).
    line: GameLine<WorkerEngine>,
    /// Stops the worker's running request from another thread (*Stop*).
    stopper: Stopper,
    rng: SmallRng,
    /// The rule files on disk and their text when last loaded (none for built-ins).
    watched: Vec<(std::path::PathBuf, Option<String>)>,
    /// How many times the rule files were reloaded.
    reloads: u64,
    /// The footprints of the positions asked about last.
    footprints: Footprints,
}

impl ServedGame {
    /// Opens `spec` at its start.
    pub fn open(id: String, spec: EngineSpec) -> Result<ServedGame, GameError> {
        let engine = open_engine(&spec)?;
        let stopper = engine.stopper();
        let mut line = GameLine::new(Box::new(engine))?;
        let players = players(&mut line)?;
        Ok(ServedGame {
            id,
            players,
            line,
            stopper,
            rng: SmallRng::seed_from_u64(defaults::SEED),
            watched: disk_texts(&spec),
            reloads: 0,
            footprints: Footprints::default(),
            spec,
        })
    }

    /// Reloads the rule files if one changed on disk since they were loaded, and
    /// replays the game on them; says what happened (`None`: nothing changed).  When
    /// the new files do not load, the game goes on with the old ones and says why.
    fn refresh(&mut self) -> Option<String> {
        // built-in rules have no files to watch: nothing to read on every request
        if self.watched.is_empty() {
            return None;
        }
        let now = disk_texts(&self.spec);
        if now == self.watched {
            return None;
        }
        self.watched = now;
        self.reloads += 1;
        self.footprints.clear();
        let engine = match open_engine(&self.spec) {
            Ok(engine) => Box::new(engine),
            Err(e) => {
                return Some(format!(
                    "the rule files changed but do not load; playing on with the old ones:\n{e}"
                ))
            }
        };
        let moves = self.line.moves().to_vec();
        let start = self.line.start_text().map(String::from);
        let mut line = match GameLine::new(engine) {
            Ok(l) => l,
            Err(e) => {
                return Some(format!(
                    "the rule files changed and the game does not start: {e}"
                ))
            }
        };
        let replayed = line.replay(start.as_deref(), &moves);
        let note = match (replayed.start_lost, replayed.stopped) {
            (Some(e), _) => format!(
                "the rule files changed: reloaded; the start position no longer reads, so the game starts again: {e}"
            ),
            (None, None) => format!(
                "the rule files changed: reloaded, and all {} moves replayed",
                moves.len()
            ),
            (None, Some((i, e))) => format!(
                "the rule files changed: reloaded; the moves stop applying at move {} ({}): {e}",
                i + 1,
                moves[i]
            ),
        };
        self.stopper = line.engine().stopper();
        self.line = line;
        Some(format!("{note}{}", self.lint_notes()))
    }

    /// `ludolog lint`'s static findings on the game's rule file from disk, one line
    /// each at its `file:line` (empty when it has none).
    fn lint_notes(&self) -> String {
        // the game's own file is the last of its rule set
        let Some((path, _)) = self.watched.last() else {
            return String::new();
        };
        let plan = crate::authoring::Playouts {
            games: 0,
            seed: defaults::SEED,
            max_plies: defaults::MAX_PLIES,
            budget: None,
        };
        let report = crate::worker::lint_file(
            path,
            &self.spec.options,
            plan,
            self.spec.limit,
            crate::game::Tier::Spec,
        );
        report.findings.iter().map(|f| format!("\n{f}")).collect()
    }

    /// What every other tier of the game makes of the current position (`at`: of
    /// the one after the game's first `at` moves).
    pub fn check_tiers(&mut self, at: Option<usize>) -> Result<Vec<TierCheck>, GameError> {
        let here = self.line.describe_after(self.ply(at)?)?;
        Ok(super::tiers::check(&self.spec, &here))
    }

    fn view(&mut self, position: &str) -> Result<View, GameError> {
        Ok(self.line.engine().view_text(position)?)
    }

    /// The named strengths of the player menu, timed on the game's start.
    /// Kept once timed: the same game, options, tier and start are not timed again.
    pub fn levels(&mut self) -> Result<Vec<super::levels::Level>, GameError> {
        let start = self.position(Some(0))?;
        let tier = self.spec.effective_tier();
        let text = self.line.engine().text(start)?;
        let key = format!(
            "{} {} {tier} {text}",
            self.spec.game_name(),
            self.spec.options
        );
        let engine = self.line.engine();
        Ok(super::levels::kept_levels(key, || {
            super::levels::levels(tier, engine, start)
        }))
    }

    /// What stops the game's running request from another thread.
    pub fn stopper(&self) -> Stopper {
        self.stopper.clone()
    }

    /// The game as the page shows it.
    pub fn state(&mut self) -> Result<GameState, GameError> {
        self.state_at(None)
    }

    /// The game as the page shows it, at the position after its first `at` moves
    /// (`None`: the game now), looked at without taking a move back.
    pub fn state_at(&mut self, at: Option<usize>) -> Result<GameState, GameError> {
        let note = self.refresh();
        let k = self.ply(at)?;
        let info = self.line.describe_after(k)?;
        let view = self.view(&info.position)?;
        let svg = render_svg(&view);
        let ending = view.info("ending").map(String::from);
        let last = match k.checked_sub(1).and_then(|i| self.line.position_after(i)) {
            Some(before) => {
                let text = self.line.engine().text(before)?;
                changed_cells(&self.view(&text)?, &view)
            }
            None => Vec::new(),
        };
        Ok(GameState {
            id: self.id.clone(),
            game: self.spec.game_name(),
            options: self.played_options().pairs().iter().cloned().collect(),
            tier: self.spec.effective_tier().name().to_string(),
            players: self.players.clone(),
            position: info.position,
            to_move: info.to_move,
            outcome: info.outcome,
            ending,
            legal: info.legal,
            moves: self.line.moves().to_vec(),
            redo: self.line.redoable().map(String::from).collect(),
            start: self.line.start_text().map(String::from),
            svg,
            last,
            watching: !self.watched.is_empty(),
            note,
            at,
            version: self.version(),
        })
    }

    /// The game's version: a digest of its start, moves, redo list and reloads of
    /// its rules, which any change of the game changes.
    pub fn version(&self) -> String {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.line.start_text().hash(&mut h);
        self.line.moves().hash(&mut h);
        self.line.redoable().for_each(|m| m.hash(&mut h));
        self.reloads.hash(&mut h);
        format!("{:016x}", h.finish())
    }

    /// How many of the game's moves lead to the position `at` names (`None`: all of
    /// them); a position past the game's last move is a request made for a game that
    /// has moved on (or back) since.
    fn ply(&self, at: Option<usize>) -> Result<usize, GameError> {
        let played = self.line.moves().len();
        match at {
            None => Ok(played),
            Some(k) if k <= played => Ok(k),
            Some(k) => Err(GameError::Stale(format!(
                "the game has {played} moves now: there is no position after move {k}"
            ))),
        }
    }

    /// The position after the first `at` moves (`None`: the game now).
    fn position(&self, at: Option<usize>) -> Result<Pos, GameError> {
        let k = self.ply(at)?;
        self.line
            .position_after(k)
            .ok_or_else(|| GameError::Engine(format!("the line holds no position after move {k}")))
    }

    /// What the game is and where it stands: its spec, its start's text (`None`: the
    /// game's own start) and its moves (`at`: its first `at` moves only, an earlier
    /// position looked at) — what the REPL pane is put on.
    pub fn line(
        &self,
        at: Option<usize>,
    ) -> Result<(EngineSpec, Option<String>, Vec<String>), GameError> {
        let k = self.ply(at)?;
        Ok((
            self.spec.clone(),
            self.line.start_text().map(String::from),
            self.line.moves()[..k].to_vec(),
        ))
    }

    /// What the analysis pane analyses: the game's spec, the text of the position
    /// after its first `at` moves (`None`: the game now), and its players.
    pub fn analysis_target(
        &mut self,
        at: Option<usize>,
    ) -> Result<(EngineSpec, String, Vec<String>), GameError> {
        let p = self.position(at)?;
        let text = self.line.engine().text(p)?;
        Ok((self.spec.clone(), text, self.players.clone()))
    }

    /// Plays a move from the position after the first `at` moves (`None`: the game
    /// now): from an earlier one, the moves after it are dropped, as taking them
    /// back and then playing would; gives the moves dropped.  A refused move says
    /// why and changes nothing.
    pub fn play_at(&mut self, at: Option<usize>, mv: &str) -> Result<Vec<String>, GameError> {
        let k = self.ply(at)?;
        Ok(self.line.branch(k, mv)?)
    }

    /// Refuses a request made for position `seen` (the text the page showed) when
    /// the game is no longer there; `None`: the client did not say, and is served.
    pub fn expect_at(&mut self, seen: Option<&str>) -> Result<(), GameError> {
        self.expect_after(None, seen)
    }

    /// As `expect_at`, for the position after the first `at` moves (`None`: the
    /// game now): refused when the game has no such position, or another there.
    pub fn expect_after(&mut self, at: Option<usize>, seen: Option<&str>) -> Result<(), GameError> {
        let Some(seen) = seen else { return Ok(()) };
        let there = self.position(at);
        let now = match there {
            Ok(p) => Some(self.line.engine().text(p)?),
            Err(_) => None,
        };
        if now.as_deref() == Some(seen.trim()) {
            return Ok(());
        }
        let info = self.line.describe()?;
        let whose = match &info.outcome {
            Some(o) => format!("the game is over ({o})"),
            None => format!("{} is to move", info.to_move),
        };
        Err(GameError::Stale(format!(
            "not played: the board you played on is out of date (the game has {} moves now and {whose}); the board now shows the game as it is",
            self.line.moves().len()
        )))
    }

    /// The game's options as its position has them: those it was opened with, and
    /// where a start position set since says otherwise (another size), the
    /// position's — what a record of the game must say.
    fn played_options(&self) -> crate::game::GameOptions {
        let mut options = self.spec.options.clone();
        if let (Some(d), Some(start)) = (self.spec.descriptor(), self.line.start_text()) {
            for (key, value) in (d.position_options)(start) {
                options.set(key, &value);
            }
        }
        options
    }

    /// Puts the game on this line (a start, `None` for the game's own, and moves
    /// from it): where the REPL pane's `:play`, `:undo` or `:position` moved it.
    pub fn follow(&mut self, start: Option<String>, moves: &[String]) -> Result<(), GameError> {
        let first = match &start {
            Some(text) => self.line.engine().parse(text)?,
            None => self.line.engine().initial()?,
        };
        self.line.restart_at(first, start);
        self.line
            .play_all(moves)
            .map_err(|(i, e)| GameError::Refused(format!("move {}: {e}", i + 1)))
    }

    /// Takes back the last move (nothing at the start).
    pub fn undo(&mut self) {
        self.line.undo();
    }

    /// Plays again the last move taken back (nothing if there is none).
    pub fn redo(&mut self) {
        self.line.redo();
    }

    /// Starts again from a position text (refused if the game does not read it).
    pub fn set_position(&mut self, text: &str) -> Result<(), GameError> {
        let start = self.line.engine().parse(text)?;
        self.line.restart_at(start, Some(text.trim().to_string()));
        Ok(())
    }

    /// Back to the game's start.
    pub fn restart(&mut self) -> Result<(), GameError> {
        Ok(self.line.restart()?)
    }

    /// For each legal move, the cells whose contents it changes: what clicking a
    /// cell selects, for any rule file, with no code of the game's.  Drawing every
    /// move's board takes seconds on a big board in a rule tier: once `give_way`
    /// says another request waits (a click's move), it stops and says so.
    /// `at`: of the position after the game's first `at` moves (`None`: now).
    pub fn footprints(
        &mut self,
        at: Option<usize>,
        give_way: impl Fn() -> bool,
    ) -> Result<Feet, GameError> {
        let info = self.line.describe_after(self.ply(at)?)?;
        if let Some(kept) = self.footprints.get(&info.position) {
            return Ok(kept);
        }
        // each board drawn from the position held, not from its text read again:
        // three requests to the engine a move instead of six
        let at = self.position(at)?;
        let before = self.line.engine().view(at)?;
        let mut out = BTreeMap::new();
        for mv in info.legal {
            if give_way() {
                return Err(GameError::Stale(
                    "the footprints gave way to a request that came after them".into(),
                ));
            }
            let engine = self.line.engine();
            let next = engine.play(at, &mv)?;
            let after = engine.view(next);
            engine.release(next);
            out.insert(mv, changed_cells(&before, &after?));
        }
        self.footprints.put(info.position, out.clone());
        Ok(out)
    }

    /// Why a move is refused here (`at`: after the game's first `at` moves), or what
    /// it does (as `ludolog why` says it).
    pub fn why(&mut self, at: Option<usize>, mv: &str) -> Result<String, GameError> {
        let p = self.position(at)?;
        let position = self.line.engine().text(p)?;
        Ok(self.line.engine().why(&position, mv)?)
    }

    /// Lets `player` choose a move for the side to move and plays it; gives the move
    /// (`None` when the game is over).
    /// `stopped` says whether a *Stop* came since the request was made: then no
    /// search starts, and a move chosen is not played.
    pub fn computer(
        &mut self,
        player: PlayerKind,
        stopped: impl Fn() -> bool,
    ) -> Result<Option<String>, GameError> {
        let refused =
            || GameError::Stale("the computer was stopped; it played no move".to_string());
        if player == PlayerKind::Human {
            return Err(GameError::Refused(
                "a computer player is random, greedy, alphabeta:N, alphabeta:Ns, mcts:N, mcts:Ns, rave:N or rave:Ns"
                    .into(),
            ));
        }
        let player = capped(player)?;
        if stopped() {
            return Err(refused());
        }
        let at = self.line.current();
        let chosen = choose_move(player, self.line.engine(), at, &mut self.rng);
        if stopped() {
            return Err(refused());
        }
        let chosen = chosen?;
        if let Some(mv) = &chosen {
            self.line.play(mv)?;
        }
        Ok(chosen)
    }

    /// The game's record: the project's text format, or SGF for Hex and Con-Tac-Tix.
    pub fn record(&mut self, sgf: bool) -> Result<String, GameError> {
        let game = self.spec.game_name();
        if sgf && !record::speaks_sgf(&game) {
            return Err(GameError::Refused(format!(
                "SGF records are for Hex and Con-Tac-Tix, not {game}"
            )));
        }
        let first = self.line.start();
        let start = self.line.engine().text(first)?;
        let outcome = self.line.describe()?.outcome;
        let r = Record {
            game,
            options: self.played_options(),
            start: Some(start),
            moves: self.line.moves().to_vec(),
            result: outcome.map(|o| o.to_string()),
            date: Some(record::today()),
            ..Record::default()
        };
        let format = if sgf { Format::Sgf } else { Format::Text };
        r.render(format)
            .map_err(|e| GameError::Refused(e.to_string()))
    }

    /// Loads a record (text or SGF) of this game: its start and its moves.
    pub fn load_record(&mut self, text: &str) -> Result<(), GameError> {
        let game = self.spec.game_name();
        let loaded = record::parse(text, &game, &self.spec.options)
            .map_err(|e| GameError::Refused(e.to_string()))?;
        let record = loaded.record;
        let start = record
            .start_position(self.line.engine())
            .map_err(start_error)?;
        self.line.restart_at(start, record.start.clone());
        self.line
            .play_all(&record.moves)
            .map_err(|(i, e)| GameError::Refused(format!("move {}: {e}", i + 1)))
    }
}

/// The rule files of `spec` that come from disk, with their texts now.
fn disk_texts(spec: &EngineSpec) -> Vec<(std::path::PathBuf, Option<String>)> {
    let files = match spec.resolve() {
        Ok(r) => r.rules.files.into_iter().filter_map(|f| f.disk).collect(),
        Err(_) => Vec::new(),
    };
    files
        .into_iter()
        .map(|p: std::path::PathBuf| {
            let text = crate::prolog::read_rule_text(&p).ok();
            (p, text)
        })
        .collect()
}

/// A served game's engine: in a worker of its own, its work requests capped.
fn open_engine(spec: &EngineSpec) -> Result<WorkerEngine, GameError> {
    open_capped(spec).map_err(|e| GameError::Refused(e.to_string()))
}

/// A computer player within what a served game allows, or why not.
fn capped(player: PlayerKind) -> Result<PlayerKind, GameError> {
    let too_much = |what: String| {
        Err(GameError::Refused(format!(
            "{player} asks too much of a shared server: {what}"
        )))
    };
    match player {
        PlayerKind::AlphaBeta(l)
            if l.time
                .is_some_and(|t| t.as_secs_f64() > MAX_SERVED_SECONDS as f64) =>
        {
            too_much(format!("at most alphabeta:{MAX_SERVED_SECONDS}s"))
        }
        PlayerKind::AlphaBeta(l) if l.depth.is_some_and(|d| d > MAX_SERVED_DEPTH) => {
            too_much(format!("at most alphabeta:{MAX_SERVED_DEPTH}"))
        }
        PlayerKind::Mcts { time: Some(t), .. } if t.as_secs_f64() > MAX_SERVED_SECONDS as f64 => {
            too_much(format!("at most mcts:{MAX_SERVED_SECONDS}s"))
        }
        PlayerKind::Mcts {
            playouts,
            time: None,
            ..
        } if playouts > MAX_SERVED_PLAYOUTS => {
            too_much(format!("at most mcts:{MAX_SERVED_PLAYOUTS}"))
        }
        p => Ok(p),
    }
}

/// The two players: who moves at the start, and who moves after a first move.
fn players(line: &mut GameLine<WorkerEngine>) -> Result<Vec<String>, GameError> {
    let info = line.describe()?;
    let mut names = vec![String::from(info.to_move)];
    if let Some(first) = info.legal.first() {
        let at = line.current();
        let engine = line.engine();
        let next = engine.play(at, first)?;
        let name = engine.describe(next).map(|i| String::from(i.to_move));
        engine.release(next);
        names.push(name?);
    }
    Ok(names)
}
