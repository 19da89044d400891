//! `ludolog why` and the REPL's `:why`: why a move is refused — the game's
//! explain_illegal/3 where it has one, else the deepest goal of play/3 that failed,
//! with its file:line (why.pl's meta-interpreter over the rule files' clauses) — or,
//! when the move is legal, what it does: pieces moved, placed, captured, relocated,
//! and the outcome.

use super::view_diff::effects;
use super::workbench::Workbench;
use crate::game::{Engine, EngineError, Pos};
use crate::prolog::{quote_atom, quote_string, term_integer, term_text};
use crate::registry::EngineSpec;
use scryer_prolog::Term;
use std::fmt;

/// What `why` says about a move in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    /// The text names no move of the game.
    NotAMove { mv: String, legal: Vec<String> },
    /// The move is legal: what it does, who moves next, and the outcome if it ends the game.
    Legal {
        mv: String,
        effects: Vec<String>,
        to_move: String,
        outcome: Option<crate::game::Ending>,
    },
    /// The game's explain_illegal/3 says why (defined at file:line).
    Reason {
        mv: String,
        reason: String,
        file: String,
        line: usize,
    },
    /// The deepest goal of play/3 that failed, in a clause of `pred` at file:line
    /// (line 0: play/3 itself, no clause of which matches).
    Deepest {
        mv: String,
        goal: String,
        file: String,
        line: usize,
        pred: String,
        /// The line of the goal itself, when the clause's text shows it.
        goal_line: Option<usize>,
        /// Whether legal/2 lists the move that play/3 refuses.
        listed: bool,
    },
    /// play/3 refuses the move, and nothing the interpreter sees failed.
    Unknown { mv: String, listed: bool },
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Explanation::NotAMove { mv, legal } => {
                write!(
                    f,
                    "{mv} is not a move of this game (move//1 does not read it)"
                )?;
                if !legal.is_empty() {
                    write!(f, "\nlegal moves ({}): {}", legal.len(), legal.join(" "))?;
                }
                Ok(())
            }
            Explanation::Legal {
                mv,
                effects,
                to_move,
                outcome,
            } => {
                write!(f, "{mv} is legal")?;
                for e in effects {
                    write!(f, "\n  {e}")?;
                }
                match outcome {
                    Some(o) => write!(f, "\n  the game is over: {o}"),
                    None => write!(f, "\n  then {to_move} moves"),
                }
            }
            Explanation::Reason {
                mv,
                reason,
                file,
                line,
            } => write!(
                f,
                "{mv} is illegal: {reason}\n  (explain_illegal/3, {file}:{line})"
            ),
            Explanation::Deepest {
                mv,
                goal,
                file,
                line,
                pred,
                goal_line,
                listed,
            } => {
                write!(f, "{mv} is illegal: play/3 fails")?;
                match (line, goal_line) {
                    (0, _) => write!(f, "\n  {goal} ({file})")?,
                    (_, Some(at)) if at != line => write!(
                        f,
                        "\n  the deepest goal that failed: {goal}\n  at {file}:{at}, in the clause of {pred} at line {line}"
                    )?,
                    _ => write!(
                        f,
                        "\n  the deepest goal that failed: {goal}\n  in a clause of {pred} at {file}:{line}"
                    )?,
                }
                if *listed {
                    write!(f, "\n  yet legal/2 lists {mv}: legal/2 and play/3 disagree")?;
                }
                Ok(())
            }
            Explanation::Unknown { mv, listed } => {
                write!(f, "{mv} is illegal: play/3 fails")?;
                if *listed {
                    write!(f, "\n  yet legal/2 lists {mv}: legal/2 and play/3 disagree")?;
                }
                Ok(())
            }
        }
    }
}

fn text(t: &Term) -> String {
    term_text(t).unwrap_or_else(|| crate::prolog::shown(t))
}

/// Explains the move `mv` in the position held under `pos` by the workbench's engine.
pub fn explain(wb: &mut Workbench, pos: Pos, mv: &str) -> Result<Explanation, EngineError> {
    let mv = mv.trim().to_string();
    let module = wb.module().to_string();
    let q = format!(
        "why:explain({}, {}, {}, {}, R).",
        quote_atom(&module),
        wb.engine.slot(pos)?,
        quote_string(&mv),
        wb.engine.machine().trust_atom()
    );
    let reply = wb.ask(&q, "R")?;
    match reply {
        Term::Atom(a) if a == "not_a_move" => {
            let legal = wb.engine.describe(pos)?.legal;
            Ok(Explanation::NotAMove { mv, legal })
        }
        Term::Atom(a) if a == "legal" => {
            let info = wb.engine.describe(pos)?;
            let before = wb.engine.view(pos)?;
            let next = wb.engine.play(pos, &mv)?;
            let after = wb.engine.view(next);
            let next_info = wb.engine.describe(next);
            wb.engine.release(next);
            let (after, next_info) = (after?, next_info?);
            Ok(Explanation::Legal {
                effects: effects(&before, &after, &info.to_move),
                mv,
                to_move: next_info.to_move.into(),
                outcome: next_info.outcome,
            })
        }
        Term::Compound(f, args) if f == "reason" && args.len() == 1 => {
            let q = format!(
                "lint:pred_line({}, explain_illegal/3, L).",
                quote_atom(&module)
            );
            let line = term_integer(&wb.ask(&q, "L")?).unwrap_or(0).max(0) as usize;
            Ok(Explanation::Reason {
                reason: text(&args[0]),
                file: wb.path_of(&module),
                line,
                mv,
            })
        }
        Term::Compound(f, args) if f == "deepest" && args.len() == 4 => {
            let in_module = match &args[1] {
                Term::Atom(m) => m.clone(),
                other => text(other),
            };
            let (goal, file) = (text(&args[0]), wb.path_of(&in_module));
            let line = term_integer(&args[2]).unwrap_or(0).max(0) as usize;
            let goal_line = std::fs::read_to_string(&file)
                .ok()
                .and_then(|t| crate::prolog::syntax_hint::goal_line(&t, line, &goal));
            Ok(Explanation::Deepest {
                listed: wb.engine.describe(pos)?.legal.contains(&mv),
                goal,
                file,
                line,
                pred: text(&args[3]),
                goal_line,
                mv,
            })
        }
        Term::Compound(f, args) if f == "refused" && args.len() == 1 => Err(EngineError::Rules(
            format!("{}: {}", wb.path_of(&module), text(&args[0])),
        )),
        _ => Ok(Explanation::Unknown {
            listed: wb.engine.describe(pos)?.legal.contains(&mv),
            mv,
        }),
    }
}

/// `why` on positions given by text, for a front end that keeps its own engines
/// (the REPL's `:why`, `serve`): the rule file opened once more with the authoring
/// tools, on first use.
#[derive(Default)]
pub struct WhyTool {
    bench: Option<Workbench>,
}

impl WhyTool {
    /// Why `mv` is refused in the position `position` (a position text), or what it
    /// does; an error said as `error: …`.
    pub fn answer(&mut self, spec: &EngineSpec, position: &str, mv: &str) -> String {
        match self.explain(spec, position, mv) {
            Ok(a) => a,
            Err(e) => format!("error: {e}"),
        }
    }

    /// `answer`, with its error apart.
    pub fn explain(
        &mut self,
        spec: &EngineSpec,
        position: &str,
        mv: &str,
    ) -> Result<String, EngineError> {
        let bench = match &mut self.bench {
            Some(b) => b,
            None => {
                let b = Workbench::open(spec).map_err(|e| EngineError::Rules(e.to_string()))?;
                self.bench.insert(b)
            }
        };
        explain_text(bench, position, mv)
    }
}

/// Why `mv` is refused in the position `position` (a position text), or what it does,
/// on a workbench.
pub fn explain_text(
    bench: &mut Workbench,
    position: &str,
    mv: &str,
) -> Result<String, EngineError> {
    let at = bench.engine.parse(position)?;
    let answer = explain(bench, at, mv);
    bench.engine.release(at);
    Ok(answer?.to_string())
}
