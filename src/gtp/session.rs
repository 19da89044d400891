//! One GTP session: the game on the board, the moves that can be taken back, and the
//! answer to each command.  Every failure is a GTP error (`? message`); nothing a
//! controller sends can end the session but `quit`.

use super::clock::{Clock, TimeSettings};
use super::protocol::{parse_line, response, Command};
use super::speech::{colour_letter, move_in, move_out, player_of, Dialect};
use crate::game::{
    Ending, Engine, EngineError, GameLine, GameOptions, Limits, Pos, Refusal, SearchSpec, PROVEN,
};

use crate::registry::{EngineSpec, OpenError};
use crate::render::render_ascii;
use crate::search::{choose_move, PlayerKind};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// How a GTP engine plays.
#[derive(Clone, Debug)]
pub struct GtpConfig {
    /// The game, its options, tier and rules, as given on the command line.
    pub spec: EngineSpec,
    /// Who chooses the moves of `genmove` (not a human); none: MCTS with RAVE where
    /// the engine plays its playouts in the host, else a shallow alpha-beta
    /// (`defaults::gtp_player`).
    pub player: Option<PlayerKind>,
    /// Seed of the random choices.
    pub seed: u64,
    /// Answer `resign` when the search proves the game lost.
    pub resign: bool,
    /// With MCTS, answer `resign` when the best move's win rate is under this
    /// percent (0: never).
    pub resign_below: u32,
}

/// The commands, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
    "hexgui-analyze_commands",
    "ludolog-position",
];

/// A GTP engine's state.
pub struct GtpSession {
    config: GtpConfig,
    /// Who chooses the moves of `genmove`: the configuration's player, or the
    /// engine's default.
    chooser: PlayerKind,
    /// The game being played (the command line's, resized by `boardsize`).
    spec: EngineSpec,
    /// Its name: `hex`, `contactix`, `replica`, …
    game: String,
    dialect: Dialect,
    /// The positions from `clear_board` on, over the engine that holds them.
    line: GameLine,
    /// The two players' names, in turn order.
    names: [String; 2],
    /// The time control, and each side's clock under it (none: no time limit).
    clocks: Option<(TimeSettings, [Clock; 2])>,
    rng: SmallRng,
    quit: bool,
}

/// What `genmove` decided.
enum Decision {
    Play(String),
    Resign,
}

impl GtpSession {
    /// Opens the game of `config` on an empty board.
    pub fn new(config: GtpConfig) -> Result<GtpSession, OpenError> {
        if config.player == Some(PlayerKind::Human) {
            return Err(OpenError::Other(
                "a GTP engine chooses its own moves: --player cannot be human".into(),
            ));
        }
        let spec = config.spec.clone();
        let game = spec.game_name();
        let mut engine = spec.open()?;
        let start = engine.initial()?;
        let names = player_names(engine.as_mut(), start)?;
        let chooser = match config.player {
            Some(p) => p,
            None => crate::game::defaults::gtp_player(
                engine.playouts_in_host(),
                spec.effective_tier() == crate::game::Tier::Native,
            )
            .parse()
            .map_err(OpenError::Other)?,
        };
        Ok(GtpSession {
            chooser,
            rng: SmallRng::seed_from_u64(config.seed),
            dialect: Dialect::of(&game),
            config,
            spec,
            game,
            line: GameLine::at(engine, start, None),
            names,
            clocks: None,
            quit: false,
        })
    }

    /// Whether `quit` was received.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// Who chooses the moves of `genmove`.
    pub fn chooser(&self) -> PlayerKind {
        self.chooser
    }

    /// The response to one line of input; `None` for a line with no command.
    pub fn handle(&mut self, line: &str) -> Option<String> {
        let command = parse_line(line)?;
        let result = self.answer(&command);
        Some(response(command.id, &result))
    }

    fn answer(&mut self, c: &Command) -> Result<String, String> {
        let args: Vec<&str> = c.args.iter().map(String::as_str).collect();
        match (c.name.as_str(), args.as_slice()) {
            ("protocol_version", []) => Ok("2".into()),
            ("name", []) => Ok("ludolog".into()),
            ("version", []) => Ok(env!("CARGO_PKG_VERSION").into()),
            ("known_command", [name]) => Ok(COMMANDS.contains(name).to_string()),
            ("list_commands", []) => Ok(COMMANDS.join("\n")),
            ("quit", []) => {
                self.quit = true;
                Ok(String::new())
            }
            ("boardsize", [size]) => self.boardsize(size, size),
            ("boardsize", [cols, rows]) => self.boardsize(cols, rows),
            ("clear_board", []) => self.clear_board(),
            // Hex and the other games have no komi: accepted, as GTP v2 requires, and ignored
            ("komi", [value]) => match value.parse::<f64>() {
                Ok(k) if k.is_finite() => Ok(String::new()),
                _ => Err(format!(
                    "syntax error: `{}` is not a komi (a number)",
                    cut(value)
                )),
            },
            ("play", [colour, vertex]) => self.play(colour, vertex),
            ("genmove", [colour]) => self.genmove(colour),
            ("undo", []) => self.undo(),
            ("showboard", []) => self.showboard(),
            ("final_score", []) => self.final_score(),
            ("time_settings", args) => {
                self.clocks = TimeSettings::parse(args)?.map(|s| (s, [s.start(); 2]));
                Ok(String::new())
            }
            ("time_left", [colour, left, stones]) => {
                let player = self.player(colour)?;
                // a clock the controller keeps without time_settings: its time alone
                let settings = TimeSettings {
                    main: 0.0,
                    period: 0.0,
                    stones: 0,
                };
                let (_, clocks) = self.clocks.get_or_insert((settings, [settings.start(); 2]));
                clocks[player].set_left(left, stones)?;
                Ok(String::new())
            }
            ("hexgui-analyze_commands", []) => Ok(String::new()),
            ("ludolog-position", []) => self.line.text().map_err(|e| e.to_string()),
            (name, _) if COMMANDS.contains(&name) => Err(format!("syntax error: {}", usage(name))),
            ("", _) => Err("syntax error: a command id with no command".into()),
            _ => Err("unknown command".into()),
        }
    }

    /// The player a colour names, or a syntax error.
    fn player(&self, colour: &str) -> Result<usize, String> {
        player_of(colour, &self.names).ok_or_else(|| {
            format!(
                "syntax error: invalid color `{colour}` (black, white, {} or {})",
                self.names[0], self.names[1]
            )
        })
    }

    fn boardsize(&mut self, cols: &str, rows: &str) -> Result<String, String> {
        let side = |s: &str| {
            s.parse::<usize>()
                .map_err(|_| format!("syntax error: `{s}` is not a board size"))
        };
        let (c, r) = (side(cols)?, side(rows)?);
        let spec = self.sized_spec(c, r)?;
        let mut engine = spec.open().map_err(|e| format!("unacceptable size: {e}"))?;
        let start = engine
            .initial()
            .map_err(|e| format!("unacceptable size: {e}"))?;
        let names = player_names(engine.as_mut(), start).map_err(|e| e.to_string())?;
        self.game = spec.game_name();
        self.dialect = Dialect::of(&self.game);
        self.spec = spec;
        self.line = GameLine::at(engine, start, None);
        self.names = names;
        Ok(String::new())
    }

    /// The game on a `cols` x `rows` board: Hex when it is square, else Con-Tac-Tix
    /// (Hex on any rectangle, red joining top and bottom, no swap rule); other games
    /// keep the one size they have.
    fn sized_spec(&mut self, cols: usize, rows: usize) -> Result<EngineSpec, String> {
        let base = &self.config.spec;
        let with = |spec: &EngineSpec, game: &str, set: &[(&str, String)], drop: &[&str]| {
            let mut items: Vec<String> = spec
                .options
                .pairs()
                .iter()
                .filter(|(k, _)| !set.iter().any(|(s, _)| s == k) && !drop.contains(&k.as_str()))
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            items.extend(set.iter().map(|(k, v)| format!("{k}={v}")));
            GameOptions::parse(&items).map(|options| EngineSpec {
                game: game.to_string(),
                options,
                ..spec.clone()
            })
        };
        let base_game = base.game_name();
        let spec = match base_game.as_str() {
            "hex" if cols == rows => with(base, &base.game, &[("size", cols.to_string())], &[]),
            "hex" if base.descriptor().is_some() && base.rules.is_none() => with(
                base,
                "contactix",
                &[("cols", cols.to_string()), ("rows", rows.to_string())],
                &["size", "swap"],
            ),
            "hex" => return Err("unacceptable size: Hex boards are square".into()),
            "contactix" => with(
                base,
                &base.game,
                &[("cols", cols.to_string()), ("rows", rows.to_string())],
                &[],
            ),
            _ => {
                let view = self.view().map_err(|e| e.to_string())?;
                return if (view.cols, view.rows) == (cols, rows) {
                    Ok(self.spec.clone())
                } else {
                    Err(format!(
                        "unacceptable size: {} is played on {}x{}",
                        self.game, view.cols, view.rows
                    ))
                };
            }
        };
        spec.map_err(|e| format!("unacceptable size: {e}"))
    }

    fn clear_board(&mut self) -> Result<String, String> {
        self.line.restart().map_err(|e| e.to_string())?;
        if let Some((settings, clocks)) = &mut self.clocks {
            *clocks = [settings.start(); 2];
        }
        Ok(String::new())
    }

    /// The current position with `player` to move, or an illegal-move error.
    fn turn_of(&mut self, player: usize) -> Result<Pos, String> {
        let (name, current) = (self.names[player].clone(), self.line.current());
        self.line
            .engine()
            .set_to_move(current, &crate::game::Player::new(name))
            .map_err(|e| format!("illegal move: {}", plain(e)))
    }

    fn play(&mut self, colour: &str, vertex: &str) -> Result<String, String> {
        let player = self.player(colour)?;
        if self.dialect == Dialect::Hex && vertex.eq_ignore_ascii_case("swap-sides") {
            return self.swap_sides(player);
        }
        let at = self.turn_of(player)?;
        let engine = self.line.engine();
        let played = engine.describe(at).and_then(|info| {
            let mv = move_in(self.dialect, vertex, &info.legal);
            engine.play(at, &mv).map(|next| (mv, next))
        });
        engine.release(at);
        match played {
            Ok((mv, next)) => {
                self.line.push(mv, next);
                Ok(String::new())
            }
            Err(EngineError::Move(m)) => Err(format!("syntax error: {m}")),
            Err(e) => Err(format!("illegal move: {}", plain(e))),
        }
    }

    /// `swap-sides`: the players trade colours and the board stays as it is, so the
    /// position only loses its pie rule (the ` swap` of a Hex position text).
    fn swap_sides(&mut self, player: usize) -> Result<String, String> {
        let at = self.turn_of(player)?;
        let engine = self.line.engine();
        let next = engine
            .describe(at)
            .and_then(|info| match without_pie_rule(&info.position) {
                Some(text) if info.legal.iter().any(|m| m == "swap") => engine.parse(&text),
                _ => Err(EngineError::from(Refusal::words(
                    "swap-sides: a swap is not legal now",
                ))),
            });
        engine.release(at);
        let next = next.map_err(|e| format!("illegal move: {}", plain(e)))?;
        self.line.push("swap-sides".into(), next);
        Ok(String::new())
    }

    fn genmove(&mut self, colour: &str) -> Result<String, String> {
        let player = self.player(colour)?;
        // after the end the loser resigns and the winner has nothing to play
        let info = self.line.describe().map_err(plain)?;
        if let Some(o) = &info.outcome {
            let winner = self.names.iter().position(|n| o.winner() == Some(n));
            return Ok(match winner {
                Some(w) if w != player => "resign".to_string(),
                _ => "pass".to_string(),
            });
        }
        let at = self.turn_of(player)?;
        let started = Instant::now();
        let budget = self
            .clocks
            .as_ref()
            .map(|(_, clocks)| clocks[player].budget(info.legal.len()));
        let decided = self.decide(at, budget);
        if let Some((_, clocks)) = &mut self.clocks {
            clocks[player].spend(started.elapsed());
        }
        let answer = match decided {
            Ok(Decision::Play(mv)) => self.line.engine().play(at, &mv).map(|next| {
                let out = move_out(self.dialect, &mv);
                self.line.push(mv, next);
                out
            }),
            Ok(Decision::Resign) => Ok("resign".to_string()),
            Err(e) => Err(e),
        };
        self.line.engine().release(at);
        answer.map_err(plain)
    }

    /// The move the player chooses in `at` (whose turn it is), a search within
    /// `budget` when the clock gives one.
    fn decide(&mut self, at: Pos, budget: Option<Duration>) -> Result<Decision, EngineError> {
        let info = self.line.engine().describe(at)?;
        if let Some(o) = info.outcome {
            return Err(EngineError::from(Refusal::words(format!(
                "the game is over: {o}"
            ))));
        }
        if info.legal.is_empty() {
            return Err(EngineError::from(Refusal::words(format!(
                "{} has no legal move",
                info.to_move
            ))));
        }
        let found = match within(self.chooser, budget) {
            PlayerKind::AlphaBeta(limits) => {
                Some(self.line.engine().best(at, SearchSpec::AlphaBeta(limits))?)
            }
            PlayerKind::Mcts {
                playouts,
                time,
                rave,
            } => {
                let seed = self.rng.gen();
                Some(self.line.engine().best(
                    at,
                    SearchSpec::Mcts {
                        playouts,
                        seed,
                        threads: 1,
                        time,
                        rave,
                    },
                )?)
            }
            _ => None,
        };
        let mcts = matches!(self.chooser, PlayerKind::Mcts { .. });
        let mv = match found {
            Some(best) if self.config.resign && best.score < -PROVEN => {
                return Ok(Decision::Resign)
            }
            // MCTS scores a move by its win rate in thousandths
            Some(best) if mcts && best.score < self.config.resign_below as i32 * 10 => {
                return Ok(Decision::Resign)
            }
            Some(best) => best.mv,
            None => choose_move(self.chooser, self.line.engine(), at, &mut self.rng)?,
        };
        mv.map(Decision::Play).ok_or_else(|| {
            EngineError::from(Refusal::words(format!("{} found no move", info.to_move)))
        })
    }

    fn undo(&mut self) -> Result<String, String> {
        match self.line.undo() {
            Some(_) => Ok(String::new()),
            None => Err("cannot undo".into()),
        }
    }

    /// The view of the current position.
    fn view(&mut self) -> Result<crate::game::View, Box<dyn std::error::Error>> {
        let at = self.line.current();
        Ok(self.line.engine().view(at)?)
    }

    fn showboard(&mut self) -> Result<String, String> {
        let text = self.line.text().map_err(|e| e.to_string())?;
        let view = self.view().map_err(|e| e.to_string())?;
        Ok(format!("\n{text}\n{}", render_ascii(&view, false)))
    }

    fn final_score(&mut self) -> Result<String, String> {
        let info = self.line.describe().map_err(|e| e.to_string())?;
        match &info.outcome {
            None => Err("cannot score: the game is not over".into()),
            Some(Ending::Draw) => Ok("0".into()),
            Some(o) => {
                let winner = self
                    .names
                    .iter()
                    .position(|n| o.winner() == Some(n))
                    .ok_or_else(|| format!("the outcome {o} names no player"))?;
                Ok(format!("{}+", colour_letter(winner, &self.names)))
            }
        }
    }
}

/// The two players' names: who moves at the start, and who moves after them.
fn player_names(engine: &mut dyn Engine, start: Pos) -> Result<[String; 2], EngineError> {
    let info = engine.describe(start)?;
    let second = match info.legal.first() {
        Some(m) => {
            let next = engine.play(start, m)?;
            let name = engine.describe(next).map(|i| String::from(i.to_move));
            engine.release(next);
            name?
        }
        None => String::new(),
    };
    Ok([info.to_move.into(), second])
}

/// A Hex position text without its ` swap` word (the pie rule), if it has one.
fn without_pie_rule(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split(' ').collect();
    let kept: Vec<&str> = words.iter().copied().filter(|w| *w != "swap").collect();
    (kept.len() + 1 == words.len()).then(|| kept.join(" "))
}

/// An engine error's message without its kind (`illegal move: …` says it already).
fn plain(e: EngineError) -> String {
    match e {
        EngineError::Illegal(r) => r.to_string(),
        EngineError::Move(m) => m,
        EngineError::Position(p) => p.message,
        other => other.to_string(),
    }
}

/// A controller's text cut to 40 characters for a message.
fn cut(text: &str) -> String {
    crate::game::elide(text)
}

/// How a command is written, for its syntax errors.
fn usage(name: &str) -> &'static str {
    match name {
        "known_command" => "known_command takes a command name",
        "boardsize" => "boardsize takes a size (boardsize 11) or two (boardsize 7 9)",
        "play" => "play takes a color and a move (play black a1)",
        "genmove" => "genmove takes a color (genmove white)",
        "komi" => "komi takes a number (komi 6.5)",
        "time_left" => "time_left takes a color, seconds and stones (time_left black 30 0)",
        _ => "this command takes no arguments",
    }
}

/// A player whose search also ends within `budget` (the clock's share for the move);
/// random and greedy players take no time to speak of.
fn within(player: PlayerKind, budget: Option<Duration>) -> PlayerKind {
    let Some(budget) = budget else {
        return player;
    };
    let cap = |t: Option<Duration>| Some(t.map_or(budget, |t| t.min(budget)));
    match player {
        PlayerKind::AlphaBeta(limits) => PlayerKind::AlphaBeta(Limits {
            time: cap(limits.time),
            ..limits
        }),
        PlayerKind::Mcts {
            playouts,
            time,
            rave,
        } => PlayerKind::Mcts {
            playouts,
            time: cap(time),
            rave,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_caps_the_search_and_leaves_a_shorter_one_as_it_is() {
        let second = Some(Duration::from_secs(1));
        let mcts = |playouts, time| PlayerKind::Mcts {
            playouts,
            time,
            rave: false,
        };
        assert_eq!(within(mcts(500, None), second), mcts(500, second));
        assert_eq!(
            within(mcts(500, Some(Duration::from_millis(300))), second),
            mcts(500, Some(Duration::from_millis(300)))
        );
        let depth = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        assert_eq!(
            within(PlayerKind::AlphaBeta(depth), second),
            PlayerKind::AlphaBeta(Limits {
                time: second,
                ..depth
            })
        );
        assert_eq!(within(PlayerKind::Random, second), PlayerKind::Random);
        assert_eq!(within(mcts(500, None), None), mcts(500, None));
    }
}
