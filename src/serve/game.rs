//! One game of the web front end: its `GameLine` over the engine of its tier, the
//! rule file that draws it, and what the page asks of it (its state with the board
//! as SVG, what each legal move changes on the board, why a move is refused, a
//! computer's move, its record).  A `ServedGame` lives on its session's own thread.

use crate::authoring::WhyTool;
use crate::game::{defaults, EngineError, GameLine, Tier, View};
use crate::prolog::RulesEngine;
use crate::record::{self, Format, Record};
use crate::registry::EngineSpec;
use crate::render::render_svg;
use crate::search::{choose_move, PlayerKind};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde::Serialize;
use std::collections::BTreeMap;

/// What the page shows of a game.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GameState {
    pub id: u64,
    pub game: String,
    pub options: BTreeMap<String, String>,
    pub tier: String,
    /// The two players, the first to move first.
    pub players: Vec<String>,
    /// The canonical position text.
    pub position: String,
    pub to_move: String,
    /// `win(P)` or `draw` once the game is over.
    pub outcome: Option<String>,
    pub legal: Vec<String>,
    /// The moves from the start, and those `redo` would play again (next first).
    pub moves: Vec<String>,
    pub redo: Vec<String>,
    /// The start position's text, when it is not the game's own start.
    pub start: Option<String>,
    /// The board, as `ludolog render --svg` draws it; every cell's element carries
    /// `data-cell`.
    pub svg: String,
}

/// A game a session plays.
pub struct ServedGame {
    id: u64,
    spec: EngineSpec,
    players: Vec<String>,
    line: GameLine,
    /// The rule file in the spec tier: it draws the board.
    viewer: RulesEngine,
    why: WhyTool,
    rng: SmallRng,
}

/// Why a request about a game failed: a move or text the game refuses (the page
/// shows it), or the engine failing.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error("{0}")]
    Refused(String),
    #[error("{0}")]
    Engine(String),
}

impl From<EngineError> for GameError {
    fn from(e: EngineError) -> GameError {
        match e {
            EngineError::Illegal(_) | EngineError::Move(_) | EngineError::Position(_) => {
                GameError::Refused(e.to_string())
            }
            other => GameError::Engine(other.to_string()),
        }
    }
}

impl ServedGame {
    /// Opens `spec` at its start.
    pub fn open(id: u64, spec: EngineSpec) -> Result<ServedGame, GameError> {
        let fail = |e: crate::registry::OpenError| GameError::Refused(e.to_string());
        let engine = spec.open().map_err(fail)?;
        let viewer = spec.open_rules(Tier::Spec).map_err(fail)?;
        let mut line = GameLine::new(engine)?;
        let players = players(&mut line)?;
        Ok(ServedGame {
            id,
            players,
            line,
            viewer,
            why: WhyTool::default(),
            rng: SmallRng::seed_from_u64(defaults::SEED),
            spec,
        })
    }

    fn view(&mut self, position: &str) -> Result<View, GameError> {
        Ok(self.viewer.view_text(position)?)
    }

    /// The game as the page shows it.
    pub fn state(&mut self) -> Result<GameState, GameError> {
        let info = self.line.describe()?;
        let svg = render_svg(&self.view(&info.position)?);
        Ok(GameState {
            id: self.id,
            game: self.spec.game_name(),
            options: self.spec.options.pairs().iter().cloned().collect(),
            tier: self.spec.effective_tier().name().to_string(),
            players: self.players.clone(),
            position: info.position,
            to_move: info.to_move,
            outcome: info.outcome,
            legal: info.legal,
            moves: self.line.moves().to_vec(),
            redo: self.line.redoable().map(String::from).collect(),
            start: self.line.start_text().map(String::from),
            svg,
        })
    }

    /// Plays a move; a refused one says why.
    pub fn play(&mut self, mv: &str) -> Result<(), GameError> {
        Ok(self.line.play(mv)?)
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
    /// cell selects, for any rule file, with no code of the game's.
    pub fn footprints(&mut self) -> Result<BTreeMap<String, Vec<String>>, GameError> {
        let info = self.line.describe()?;
        let before = self.view(&info.position)?;
        let at = self.line.current();
        let mut out = BTreeMap::new();
        for mv in info.legal {
            let engine = self.line.engine();
            let next = engine.play(at, &mv)?;
            let text = engine.text(next);
            engine.release(next);
            let after = self.view(&text?)?;
            out.insert(mv, changed_cells(&before, &after));
        }
        Ok(out)
    }

    /// Why a move is refused here, or what it does (as `ludolog why` says it).
    pub fn why(&mut self, mv: &str) -> Result<String, GameError> {
        let position = self.line.text()?;
        Ok(self.why.answer(&self.spec, &position, mv))
    }

    /// Lets `player` choose a move for the side to move and plays it; gives the move
    /// (`None` when the game is over).
    pub fn computer(&mut self, player: PlayerKind) -> Result<Option<String>, GameError> {
        if player == PlayerKind::Human {
            return Err(GameError::Refused("a computer player is random, greedy, alphabeta:N, alphabeta:Ns or mcts:N".into()));
        }
        let at = self.line.current();
        let chosen = choose_move(player, self.line.engine(), at, &mut self.rng)?;
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
            options: self.spec.options.clone(),
            start: Some(start),
            moves: self.line.moves().to_vec(),
            result: outcome,
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
            .map_err(|e| GameError::Refused(e.to_string()))?;
        self.line.restart_at(start, record.start.clone());
        self.line
            .play_all(&record.moves)
            .map_err(|(i, e)| GameError::Refused(format!("move {}: {e}", i + 1)))
    }
}

/// The two players: who moves at the start, and who moves after a first move.
fn players(line: &mut GameLine) -> Result<Vec<String>, GameError> {
    let info = line.describe()?;
    let mut names = vec![info.to_move];
    if let Some(first) = info.legal.first() {
        let at = line.current();
        let engine = line.engine();
        let next = engine.play(at, first)?;
        let name = engine.describe(next).map(|i| i.to_move);
        engine.release(next);
        names.push(name?);
    }
    Ok(names)
}

/// The names of the cells whose contents differ between two views of one board.
fn changed_cells(before: &View, after: &View) -> Vec<String> {
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
