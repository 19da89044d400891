//! ludolog as an external engine (`ludolog engine GAME`): the engine protocol
//! answered on standard input and output by any tier of a game, so that two tiers or
//! two builds can be checked through it, and other tools can drive ludolog.

use super::MoveTable;
use crate::game::{Ending, Engine, GameLine, GameOptions};
use crate::registry::EngineSpec;
use serde_json::{json, Value};
use std::io::{BufRead, Write};

/// Answers the requests of `input`, one JSON object a line, on `out`, until `quit`
/// or the end of the input; every failure is an `{"error": …}` answer.  With a
/// table, the game's name, moves and players are said as the table says them (and
/// read back so), no position text is given, and `new` keeps the options this
/// engine was opened with: two languages of one game.
pub fn speak(
    spec: &EngineSpec,
    table: Option<&MoveTable>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    // the game's name too is said as the table says it
    let game = table.map_or_else(|| spec.protocol_name(), |t| t.ours(&spec.protocol_name()));
    let mut line: Option<GameLine> = None;
    // the options the engine of `line` was opened with: a `new` with the same ones
    // starts that engine's game again instead of loading the rules again (a
    // thousand-game check sends a thousand)
    let mut opened_with: Option<Vec<String>> = None;
    for text in input.lines() {
        let text = text?;
        if text.trim().is_empty() {
            continue;
        }
        let answer = match serde_json::from_str::<Value>(&text) {
            Ok(request) if request.get("op") == Some(&json!("quit")) => return Ok(()),
            Ok(request) => answer(spec, table, &game, &mut line, &mut opened_with, &request),
            Err(e) => json!({"error": format!("not a JSON request: {e}")}),
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    Ok(())
}

fn error(what: impl std::fmt::Display) -> Value {
    json!({"error": what.to_string()})
}

fn answer(
    spec: &EngineSpec,
    table: Option<&MoveTable>,
    game: &str,
    line: &mut Option<GameLine>,
    opened_with: &mut Option<Vec<String>>,
    request: &Value,
) -> Value {
    let op = request.get("op").and_then(Value::as_str).unwrap_or("");
    match op {
        "hello" => json!({
            "protocol": 1,
            "name": format!("ludolog {game} ({})", spec.effective_tier()),
            "games": [game],
            "features": ["undo"],
        }),
        "new" => {
            if request.get("game").and_then(Value::as_str) != Some(game) {
                return error(format!("this engine plays {game}"));
            }
            let mut items: Vec<String> = spec
                .options
                .pairs()
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            let asked = request.get("options").filter(|_| table.is_none());
            if let Some(Value::Object(o)) = asked {
                for (k, v) in o {
                    let v = v.as_str().map_or_else(|| v.to_string(), str::to_string);
                    items.retain(|i| !i.starts_with(&format!("{k}=")));
                    items.push(format!("{k}={v}"));
                }
            }
            items.sort();
            if let Some(l) = line
                .as_mut()
                .filter(|_| opened_with.as_ref() == Some(&items))
            {
                return match l.restart() {
                    Ok(()) => json!({"ok": true}),
                    Err(e) => {
                        *line = None;
                        error(e)
                    }
                };
            }
            *opened_with = None;
            let opened = GameOptions::parse(&items)
                .map_err(|e| e.to_string())
                .and_then(|options| {
                    let s = EngineSpec {
                        options,
                        ..spec.clone()
                    };
                    let mut engine: Box<dyn Engine> = s.open().map_err(|e| e.to_string())?;
                    let start = engine.initial().map_err(|e| e.to_string())?;
                    Ok(GameLine::at(engine, start, None))
                });
            match opened {
                Ok(l) => {
                    *line = Some(l);
                    *opened_with = Some(items);
                    json!({"ok": true})
                }
                Err(e) => error(e),
            }
        }
        _ => {
            let Some(l) = line.as_mut() else {
                return error("no game: send new first");
            };
            match op {
                "play" => match request.get("move").and_then(Value::as_str) {
                    Some(mv) => match theirs(table, l, mv).and_then(|m| l.play(&m)) {
                        Ok(()) => json!({"ok": true}),
                        Err(e) => error(e),
                    },
                    None => error("play needs a move"),
                },
                "undo" => match l.undo() {
                    Some(_) => json!({"ok": true}),
                    None => error("no move to undo"),
                },
                "state" => match l.describe() {
                    Ok(info) => {
                        let ours = |t: &str| table.map_or_else(|| t.to_string(), |m| m.ours(t));
                        let outcome = match &info.outcome {
                            None => Value::Null,
                            Some(Ending::Draw) => json!("draw"),
                            Some(Ending::Win(w)) => json!({"win": ours(w)}),
                            Some(Ending::Scores(s)) => json!({"scores": s
                                .iter()
                                .map(|(p, v)| (ours(p), *v))
                                .collect::<Vec<_>>()}),
                        };
                        let mut said = json!({
                            "to_move": ours(&info.to_move),
                            "legal": info.legal.iter().map(|m| ours(m)).collect::<Vec<_>>(),
                            "outcome": outcome,
                        });
                        if table.is_none() {
                            said["position"] = json!(info.position);
                        }
                        said
                    }
                    Err(e) => error(e),
                },
                other => error(format!("unknown op {}", crate::game::elide(other))),
            }
        }
    }
}

/// The engine's own text of a move the checker names (`mv` itself without a table):
/// the legal move the table says as `mv`, so that a table needs no way back.
fn theirs(
    table: Option<&MoveTable>,
    line: &mut GameLine,
    mv: &str,
) -> Result<String, crate::game::EngineError> {
    let Some(table) = table else {
        return Ok(mv.to_string());
    };
    let legal = line.describe()?.legal;
    Ok(legal
        .into_iter()
        .find(|m| table.ours(m) == mv)
        .unwrap_or_else(|| mv.to_string()))
}
