//! A game line: where a game started, the moves played since, the positions they
//! reach, and the moves taken back that can be played again — one history that
//! `play`, `gtp`, the REPL and `serve` keep over the engine that holds the positions.
//!
//! The line owns its engine and every position it holds; dropping the line (or
//! moving it to a new start) gives the positions back.  Inside, a position is a
//! held `Pos`; text comes in only as a start the user set or a move typed, and
//! goes out only when asked for.

use super::engine::{Engine, EngineError, Pos, PositionInfo};

/// What `GameLine::replay` could not carry over.
#[derive(Debug, Default)]
pub struct Replayed {
    /// Why the start position's text no longer reads (the line starts at the game's
    /// start instead).
    pub start_lost: Option<EngineError>,
    /// The first move that no longer plays (its index) and why; the moves before it
    /// are played.
    pub stopped: Option<(usize, EngineError)>,
}

/// The start, the moves and the positions of one game, over the engine that holds them.
pub struct GameLine<E: Engine + ?Sized = dyn Engine> {
    engine: Box<E>,
    /// The start position's text as the user gave it (`None`: the game's own start).
    start_text: Option<String>,
    /// `positions[i]` is the position after `moves[..i]` (never empty).
    positions: Vec<Pos>,
    moves: Vec<String>,
    /// Moves taken back, the last taken back last, with the positions they reached.
    undone: Vec<(String, Pos)>,
}

impl<E: Engine + ?Sized> GameLine<E> {
    /// A line at the game's start position.
    pub fn new(mut engine: Box<E>) -> Result<GameLine<E>, EngineError> {
        let start = engine.initial()?;
        Ok(GameLine::at(engine, start, None))
    }

    /// A line from `start` (held by `engine`, now the line's), whose text the user
    /// gave as `text` (`None` for the game's own start).
    pub fn at(engine: Box<E>, start: Pos, text: Option<String>) -> GameLine<E> {
        GameLine {
            engine,
            start_text: text,
            positions: vec![start],
            moves: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// A line from the position a text names.
    pub fn from_text(mut engine: Box<E>, text: &str) -> Result<GameLine<E>, EngineError> {
        let start = engine.parse(text)?;
        Ok(GameLine::at(engine, start, Some(text.to_string())))
    }

    /// The engine that holds the positions.
    pub fn engine(&mut self) -> &mut E {
        &mut self.engine
    }

    /// The position now.
    pub fn current(&self) -> Pos {
        self.positions[self.positions.len() - 1]
    }

    /// The position before the last move (`None` at the start).
    pub fn previous(&self) -> Option<Pos> {
        self.positions
            .len()
            .checked_sub(2)
            .map(|i| self.positions[i])
    }

    /// The position after the first `k` moves (`None` past the last move).
    pub fn position_after(&self, k: usize) -> Option<Pos> {
        self.positions.get(k).copied()
    }

    /// The position the line started from.
    pub fn start(&self) -> Pos {
        self.positions[0]
    }

    /// The start position's text as the user gave it; `None` for the game's start.
    pub fn start_text(&self) -> Option<&str> {
        self.start_text.as_deref()
    }

    /// The moves played from the start, in order.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The moves taken back that `redo` can play again, the next one first.
    pub fn redoable(&self) -> impl Iterator<Item = &str> {
        self.undone.iter().rev().map(|(m, _)| m.as_str())
    }

    /// Text, side to move, outcome and legal moves of the position now.
    pub fn describe(&mut self) -> Result<PositionInfo, EngineError> {
        self.describe_after(self.moves.len())
    }

    /// Text, side to move, outcome and legal moves of the position after the first
    /// `k` moves (an earlier position, looked at without taking moves back).
    pub fn describe_after(&mut self, k: usize) -> Result<PositionInfo, EngineError> {
        let at = self.position_after(k).ok_or_else(|| self.no_position(k))?;
        self.engine
            .describe(at)
            .map_err(|e| self.placed_in_game(e, k, None))
    }

    /// Why there is no position after `k` moves.
    fn no_position(&self, k: usize) -> EngineError {
        EngineError::Position(crate::game::PositionError::unreachable(format!(
            "the game has {} moves: there is no position after move {k}",
            self.moves.len()
        )))
    }

    /// An error of the rules, with where in the game it happened: the first `k`
    /// moves from the start, and the move being played.  Other errors stay as they
    /// are.
    fn placed_in_game(&self, e: EngineError, k: usize, playing: Option<&str>) -> EngineError {
        let before = &self.moves[..k.min(self.moves.len())];
        let place = match (playing, before.is_empty()) {
            (None, true) => return e,
            (None, false) => format!("after {} from the start", before.join(" ")),
            (Some(m), true) => format!("playing {m}, the first move"),
            (Some(m), false) => {
                format!("playing {m}, after {} from the start", before.join(" "))
            }
        };
        match e {
            EngineError::Rules(t) => EngineError::Rules(format!("{t}\n  ({place})")),
            EngineError::Limit(t) => EngineError::Limit(format!("{t}\n  ({place})")),
            other => other,
        }
    }

    /// The canonical text of the position now.
    pub fn text(&mut self) -> Result<String, EngineError> {
        let at = self.current();
        self.engine.text(at)
    }

    /// Plays a move; an error says why it is refused and changes nothing.  A new
    /// move forgets the moves that `redo` could have played.
    pub fn play(&mut self, mv: &str) -> Result<(), EngineError> {
        self.branch(self.moves.len(), mv).map(|_| ())
    }

    /// Plays a move from the position after the first `k` moves: the moves after
    /// them are dropped, as taking them back and then playing would (with the moves
    /// `redo` could have played); gives the moves dropped.  An error says why the
    /// move is refused and changes nothing.
    pub fn branch(&mut self, k: usize, mv: &str) -> Result<Vec<String>, EngineError> {
        let at = self.position_after(k).ok_or_else(|| self.no_position(k))?;
        let next = self
            .engine
            .play(at, mv)
            .map_err(|e| self.placed_in_game(e, k, Some(mv)))?;
        for p in self.positions.split_off(k + 1) {
            self.engine.release(p);
        }
        let dropped = self.moves.split_off(k);
        self.push(mv.to_string(), next);
        Ok(dropped)
    }

    /// Plays moves in order, keeping each that plays; the first refused stops it,
    /// given with its index.
    pub fn play_all(&mut self, moves: &[String]) -> Result<(), (usize, EngineError)> {
        for (i, m) in moves.iter().enumerate() {
            self.play(m).map_err(|e| (i, e))?;
        }
        Ok(())
    }

    /// Goes on to `next` (held by the engine, now the line's), reached by what
    /// `label` says: a move, or a change the engine made another way (a position set
    /// up by hand, GTP's `swap-sides`).
    pub fn push(&mut self, label: String, next: Pos) {
        self.forget_undone();
        self.positions.push(next);
        self.moves.push(label);
    }

    /// Takes back the last move; gives it, or `None` at the start.
    pub fn undo(&mut self) -> Option<String> {
        if self.positions.len() < 2 {
            return None;
        }
        let pos = self.positions.pop()?;
        let mv = self.moves.pop()?;
        self.undone.push((mv.clone(), pos));
        Some(mv)
    }

    /// Plays the last move taken back again; gives it, or `None` if there is none.
    pub fn redo(&mut self) -> Option<String> {
        let (mv, pos) = self.undone.pop()?;
        self.positions.push(pos);
        self.moves.push(mv.clone());
        Some(mv)
    }

    /// Starts the line again from `start` (held by the engine, now the line's),
    /// giving back every position held before.
    pub fn restart_at(&mut self, start: Pos, text: Option<String>) {
        self.forget_undone();
        for p in std::mem::take(&mut self.positions) {
            self.engine.release(p);
        }
        self.positions.push(start);
        self.moves.clear();
        self.start_text = text;
    }

    /// Starts the line again from the game's start position.
    pub fn restart(&mut self) -> Result<(), EngineError> {
        let start = self.engine.initial()?;
        self.restart_at(start, None);
        Ok(())
    }

    /// Carries a game over to this line (fresh, at the game's start, over a new
    /// engine: reloaded rules, a restarted process): sets its start to the position
    /// text `start` (`None`: the game's own) and plays `moves` from it as far as they
    /// still go (none when the start no longer reads: they were played from it).
    /// Says what did not carry over.
    pub fn replay(&mut self, start: Option<&str>, moves: &[String]) -> Replayed {
        let mut replayed = Replayed::default();
        if let Some(text) = start {
            match self.engine.parse(text) {
                Ok(p) => self.restart_at(p, Some(text.to_string())),
                Err(e) => {
                    // the moves were played from that position, not from this one
                    replayed.start_lost = Some(e);
                    return replayed;
                }
            }
        }
        if let Err(stop) = self.play_all(moves) {
            replayed.stopped = Some(stop);
        }
        replayed
    }

    /// Forgets the moves that `redo` could play, giving back their positions.
    fn forget_undone(&mut self) {
        for (_, p) in std::mem::take(&mut self.undone) {
            self.engine.release(p);
        }
    }
}

impl<E: Engine + ?Sized> Drop for GameLine<E> {
    fn drop(&mut self) {
        self.forget_undone();
        for p in std::mem::take(&mut self.positions) {
            self.engine.release(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::engine::{BestMove, SearchSpec};

    /// A counter game: the position is a number, a move `+` adds one; it counts
    /// what it holds.
    #[derive(Default)]
    struct Counter {
        held: std::collections::HashMap<u64, u64>,
        next: u64,
        /// How many positions are held, seen from outside the engine.
        live: std::rc::Rc<std::cell::Cell<usize>>,
    }

    impl Counter {
        fn hold(&mut self, n: u64) -> Pos {
            self.next += 1;
            self.held.insert(self.next, n);
            self.live.set(self.held.len());
            Pos(self.next)
        }
        fn get(&self, p: Pos) -> Result<u64, EngineError> {
            self.held.get(&p.0).copied().ok_or(EngineError::Handle(p.0))
        }
    }

    impl Engine for Counter {
        fn label(&self) -> String {
            "counter".into()
        }
        fn initial(&mut self) -> Result<Pos, EngineError> {
            Ok(self.hold(0))
        }
        fn parse(&mut self, text: &str) -> Result<Pos, EngineError> {
            let n = text
                .parse()
                .map_err(|_| EngineError::Position(crate::game::PositionError::unreadable(text)))?;
            Ok(self.hold(n))
        }
        fn release(&mut self, pos: Pos) {
            self.held.remove(&pos.0);
            self.live.set(self.held.len());
        }
        fn held(&self) -> usize {
            self.held.len()
        }
        fn text(&mut self, pos: Pos) -> Result<String, EngineError> {
            Ok(self.get(pos)?.to_string())
        }
        fn describe(&mut self, pos: Pos) -> Result<PositionInfo, EngineError> {
            Ok(PositionInfo {
                position: self.text(pos)?,
                to_move: "one".into(),
                outcome: None,
                legal: vec!["+".into()],
            })
        }
        fn play(&mut self, pos: Pos, mv: &str) -> Result<Pos, EngineError> {
            if mv != "+" {
                return Err(EngineError::from(crate::game::Refusal::words(mv)));
            }
            let n = self.get(pos)?;
            Ok(self.hold(n + 1))
        }
        fn copy(&mut self, pos: Pos) -> Result<Pos, EngineError> {
            let n = self.get(pos)?;
            Ok(self.hold(n))
        }
        fn perft(&mut self, _: Pos, _: u32) -> Result<u64, EngineError> {
            Ok(1)
        }
        fn best(&mut self, _: Pos, _: SearchSpec) -> Result<BestMove, EngineError> {
            Err(EngineError::Rules("no search".into()))
        }
        fn evaluate(&mut self, _: Pos, _: &crate::game::Player) -> Result<i32, EngineError> {
            Ok(0)
        }
        fn playouts(&mut self, _: Pos, _: u64, _: u64, _: u64) -> Result<u64, EngineError> {
            Ok(0)
        }
    }

    #[test]
    fn a_game_replayed_on_a_new_engine_keeps_what_still_plays() {
        let mut line = GameLine::new(Box::new(Counter::default())).unwrap();
        let moves: Vec<String> = ["+", "+", "-", "+"].iter().map(|m| m.to_string()).collect();
        let r = line.replay(Some("5"), &moves);
        assert!(r.start_lost.is_none());
        assert_eq!(r.stopped.as_ref().map(|(i, _)| *i), Some(2));
        assert_eq!(
            (line.text().unwrap(), line.start_text()),
            ("7".into(), Some("5"))
        );
        let mut line = GameLine::new(Box::new(Counter::default())).unwrap();
        let r = line.replay(Some("five"), &moves[..1]);
        assert!(r.start_lost.is_some() && r.stopped.is_none());
        assert_eq!(
            line.text().unwrap(),
            "0",
            "no move is played from another start"
        );
    }

    #[test]
    fn undo_and_redo_walk_the_line_and_a_new_move_forgets_the_redo() {
        let mut line = GameLine::new(Box::new(Counter::default())).unwrap();
        line.play_all(&["+".into(), "+".into(), "+".into()])
            .unwrap();
        assert_eq!(line.text().unwrap(), "3");
        assert_eq!(line.undo().as_deref(), Some("+"));
        assert_eq!(line.undo().as_deref(), Some("+"));
        assert_eq!(line.text().unwrap(), "1");
        assert_eq!(line.redoable().count(), 2);
        assert_eq!(line.redo().as_deref(), Some("+"));
        assert_eq!(line.text().unwrap(), "2");
        line.play("+").unwrap();
        assert_eq!(line.redoable().count(), 0);
        assert_eq!(line.moves().len(), 3);
        assert_eq!(line.engine().held(), 4, "positions after 0..=3 moves");
    }

    #[test]
    fn a_move_from_an_earlier_position_drops_the_later_moves() {
        let counter = Counter::default();
        let live = counter.live.clone();
        let mut line = GameLine::new(Box::new(counter)).unwrap();
        line.play_all(&["+".into(), "+".into(), "+".into()])
            .unwrap();
        line.undo();
        // earlier positions are looked at without taking moves back
        assert_eq!(line.describe_after(1).unwrap().position, "1");
        assert!(line.describe_after(3).is_err(), "no position after move 3");
        assert_eq!(line.moves().len(), 2);
        // a refused move changes nothing
        assert!(line.branch(1, "x").is_err());
        assert!(line.branch(3, "+").is_err());
        assert_eq!((line.moves().len(), line.redoable().count()), (2, 1));
        // as undo to move 1 and a move would: the later moves and the redo are gone
        assert_eq!(line.branch(1, "+").unwrap(), ["+"]);
        assert_eq!(line.moves().len(), 2);
        assert_eq!(line.redoable().count(), 0);
        assert_eq!(line.text().unwrap(), "2");
        assert_eq!(live.get(), 3, "positions after 0, 1 and 2 moves");
        // from the last position it is a move
        assert_eq!(line.branch(2, "+").unwrap(), Vec::<String>::new());
        assert_eq!(line.text().unwrap(), "3");
    }

    #[test]
    fn a_refused_move_changes_nothing_and_undo_stops_at_the_start() {
        let mut line = GameLine::from_text(Box::new(Counter::default()), "5").unwrap();
        assert!(line.play("x").is_err());
        assert_eq!(line.play_all(&["+".into(), "y".into()]).unwrap_err().0, 1);
        assert_eq!(line.moves(), ["+"]);
        assert_eq!(line.undo().as_deref(), Some("+"));
        assert_eq!(line.undo(), None);
        assert_eq!(line.start_text(), Some("5"));
        assert_eq!(line.text().unwrap(), "5");
    }

    #[test]
    fn positions_are_given_back_on_restart_and_when_dropped() {
        let counter = Counter::default();
        let live = counter.live.clone();
        let mut line = GameLine::new(Box::new(counter)).unwrap();
        line.play_all(&["+".into(), "+".into()]).unwrap();
        line.undo();
        assert_eq!(live.get(), 3, "the undone position is kept for redo");
        line.restart().unwrap();
        assert_eq!(live.get(), 1);
        line.play("+").unwrap();
        line.undo();
        assert_eq!(live.get(), 2);
        drop(line);
        assert_eq!(live.get(), 0);
    }
}
