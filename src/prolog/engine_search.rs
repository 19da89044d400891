//! `RulesEngine`'s search, run by the rule file's own search.pl: alpha-beta to a depth,
//! iterative deepening within a time, and the steps of MCTS (one request a playout).

use super::*;

impl RulesEngine {
    /// Alpha-beta to `depth` plies in the rule file's own search (search.pl).
    pub(super) fn best_at_depth(&mut self, pos: Pos, depth: u32) -> Result<BestMove, EngineError> {
        let t = self.work(&format!("best({}, {depth})", self.slot(pos)?))?;
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
                "{}: bad search answer {}",
                self.path,
                crate::prolog::term::shown(other)
            ))),
        }
    }

    /// One step of a tree search held on this side: the position the moves `path`
    /// reach from `root` (each the K-th legal move, from 0, in legal/2's order), who
    /// made the last of them, how many legal moves it has, and the outcome of one
    /// random playout from it (`win(red)`, `draw`, or `none` when it is cut off after
    /// `max_plies`).  One request, whatever the depth: no position is kept.
    pub(in crate::prolog) fn mcts_leaf(
        &mut self,
        root: Pos,
        path: &[usize],
        seed: u64,
        max_plies: u64,
    ) -> Result<crate::search::Leaf, EngineError> {
        let ks: Vec<String> = path.iter().map(usize::to_string).collect();
        let t = self.work(&format!(
            "mcts_leaf({}, [{}], {}, {max_plies})",
            self.slot(root)?,
            ks.join(","),
            seed & 0x7fff_ffff
        ))?;
        match &t {
            Term::Compound(f, args) if f == "leaf" && args.len() == 3 => Ok(crate::search::Leaf {
                mover: self.text_of(&args[0])?,
                moves: usize::try_from(self.integer(&args[1])?).unwrap_or(usize::MAX),
                outcome: self.text_of(&args[2])?,
            }),
            other => Err(EngineError::Rules(format!(
                "{}: bad tree search answer {}",
                self.path,
                crate::prolog::term::shown(other)
            ))),
        }
    }

    /// Iterative deepening until `time` is spent: each depth is one search, and the
    /// next is begun only if it should end in time (it is taken to cost at least
    /// twice the last, or as much more as the last cost more than the one before);
    /// the deepest finished search answers.  A proven result ends it early.
    pub(super) fn best_in_time(
        &mut self,
        pos: Pos,
        time: std::time::Duration,
        most: Option<u32>,
    ) -> Result<BestMove, EngineError> {
        let start = std::time::Instant::now();
        let most = most.unwrap_or(crate::game::MAX_SEARCH_DEPTH).max(1);
        let mut best = self.best_at_depth(pos, 1)?;
        let mut last = start.elapsed();
        let mut before = last;
        let mut nodes = best.nodes;
        for depth in 2..=most {
            if best.mv.is_none() || best.verdict.is_some() {
                break;
            }
            let growth = if before.is_zero() {
                2.0
            } else {
                (last.as_secs_f64() / before.as_secs_f64()).max(2.0)
            };
            let expected = last.mul_f64(growth);
            if start.elapsed() + expected > time {
                break;
            }
            let began = std::time::Instant::now();
            let found = self.best_at_depth(pos, depth)?;
            before = last;
            last = began.elapsed();
            nodes += found.nodes;
            best = found;
        }
        best.nodes = nodes;
        Ok(best)
    }
}

impl RulesEngine {
    /// MCTS in the host, for a game whose turns the rule file states in the board
    /// library's words, in the accelerated tier: the turns are played natively
    /// (`foreign::turn_game`), every playout in the host as its random playouts are,
    /// with RAVE when asked and on `threads` trees.  The move it picks is legal/2's
    /// move at the same place in the list.  `None` when the game or the tier has no
    /// such turns (the search then asks the rule file a request a playout).
    pub(super) fn native_mcts(
        &mut self,
        root: Pos,
        (playouts, deadline): (u64, Option<std::time::Instant>),
        seed: u64,
        (threads, rave): (usize, bool),
    ) -> Result<Option<BestMove>, EngineError> {
        let Some(game) = self.turn_game(root)? else {
            return Ok(None);
        };
        let r = crate::search::mcts_root_parallel(&game, playouts, seed, (threads, rave), deadline);
        let mv = match r.best.and_then(|m| game.index_of(m)) {
            Some(k) => Some(self.legal_at(root, k)?),
            None => None,
        };
        Ok(Some(BestMove {
            pv: mv.iter().cloned().collect(),
            score: r.score,
            verdict: None,
            depth: 0,
            nodes: if mv.is_some() { r.nodes } else { 0 },
            mv,
        }))
    }

    /// `solve` in the host for a game whose turns are data (see `native_mcts`): the
    /// proof-number search walks the turns natively; the root's text and its moves'
    /// texts are the rule file's.  `None` as for `native_mcts`.
    pub(super) fn native_solve(
        &mut self,
        root: Pos,
        spec: &crate::game::SolveSpec,
    ) -> Result<Option<crate::game::Solution>, EngineError> {
        let Some(game) = self.turn_game(root)? else {
            return Ok(None);
        };
        let legal = self.describe(root)?.legal;
        let game = game.with_texts(self.text(root)?, legal);
        let tree = crate::solve::GameTree::new(&game).with_knowledge(!spec.plain);
        crate::solve::solve(tree, &game, spec).map(Some)
    }

    /// The position as a native game of turns (`foreign::turn_game`), when the rule
    /// file states its turns in the board library's words and the tier is the
    /// accelerated one (one request: the host's copy of the board, and the turns).
    pub(super) fn turn_game(
        &mut self,
        pos: Pos,
    ) -> Result<Option<crate::foreign::turn_game::TurnGame>, EngineError> {
        let t = self.request(&format!("turn_board({})", self.slot(pos)?))?;
        let Term::Compound(f, args) = &t else {
            return Ok(None);
        };
        if f != "turns" || args.len() != 4 {
            return Ok(None);
        }
        let (handle, id) = (self.integer(&args[0])?, self.integer(&args[1])?);
        let players = [self.text_of(&args[2])?, self.text_of(&args[3])?];
        Ok(crate::foreign::turn_game::turn_game(
            handle as i64,
            id as i64,
            players,
        ))
    }

    /// The text of legal/2's `k`-th move (from 0) at `pos`.
    fn legal_at(&mut self, pos: Pos, k: usize) -> Result<String, EngineError> {
        self.describe(pos)?.legal.get(k).cloned().ok_or_else(|| {
            EngineError::Rules(format!(
                "{}: legal/2 gives fewer moves than the turns it states",
                self.path
            ))
        })
    }
}
