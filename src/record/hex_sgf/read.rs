//! Reading Hex SGF: the moves of the main line in the fixed-colour rules, setup
//! stones, players, date and result, with notes on every liberty taken.

use super::{cell_text, invalid, player_names, player_tag, read_cell, MAX_SIDE};
use crate::game::GameOptions;
use crate::record::sgf::{self, Node};
use crate::record::{Record, RecordError};

/// `%20` and the like decoded (Little Golem writes names URL-encoded).
fn percent_decode(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |x: u8| (x as char).to_digit(16);
        match (
            b[i],
            b.get(i + 1).and_then(|&x| hex(x)),
            b.get(i + 2).and_then(|&x| hex(x)),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (x, _, _) => {
                out.push(x);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A move read from the record, in the fixed-colour rules.
enum Step {
    Cell(usize, usize),
    Swap,
}

/// Reads an SGF text as a record of `game` (hex or contactix), with the user's options
/// (for Con-Tac-Tix's colour names); notes say what was ignored or read leniently.
pub fn read(
    text: &str,
    game: &str,
    options: &GameOptions,
) -> Result<(Record, Vec<String>), RecordError> {
    let (tree, mut notes) = sgf::parse(text)?;
    let (nodes, skipped) = tree.main_line();
    if skipped > 0 {
        notes.push(format!(
            "followed the main line: {skipped} other variation{} ignored",
            if skipped == 1 { "" } else { "s" }
        ));
    }
    let root = nodes[0];
    let value = |p: &sgf::Prop| p.values[0].trim().to_string();
    if let Some(p) = root.get("FF") {
        if !matches!(value(p).as_str(), "1" | "2" | "3" | "4") {
            notes.push(format!(
                "line {}: FF[{}] is no SGF version: ignored",
                p.line,
                value(p)
            ));
        }
    }
    match root.get("GM") {
        None => notes.push("no GM[11]: read as Hex".into()),
        Some(p) if value(p) == "11" => {}
        Some(p) => {
            return Err(invalid(
                p.line,
                format!("GM[{}] is not Hex (GM[11])", value(p)),
            ))
        }
    }
    let sz = root.get("SZ").ok_or_else(|| {
        RecordError::Invalid("the record has no SZ: the board size is unknown".into())
    })?;
    let (cols, rows) = read_size(&value(sz)).ok_or_else(|| {
        invalid(
            sz.line,
            format!("SZ[{}] is not a size like 11 or 7:9 (1 to 26)", value(sz)),
        )
    })?;
    if game == "hex" && cols != rows {
        return Err(invalid(
            sz.line,
            format!("SZ[{cols}:{rows}]: Hex is played on square boards; read it as contactix"),
        ));
    }
    let names = player_names(game, options);
    let old_hexgui = root
        .get("AP")
        .is_some_and(|p| old_hexgui_version(&value(p)));

    let mut record = Record {
        game: game.to_string(),
        ..Record::default()
    };
    let mut go_style = false;
    // the setup, before the first move
    let first_move = nodes
        .iter()
        .position(|n| n.get("B").is_some() || n.get("W").is_some())
        .unwrap_or(nodes.len());
    for node in &nodes[..first_move] {
        for p in &node.props {
            let player = match p.id.as_str() {
                "AB" => 0,
                "AW" => 1,
                "AE" => {
                    return Err(invalid(
                        p.line,
                        "AE (removing stones) is not supported".into(),
                    ))
                }
                "PL" => {
                    record.setup_to_move = Some(
                        names[colour(&value(p)).ok_or_else(|| {
                            invalid(p.line, format!("PL[{}] is neither B nor W", value(p)))
                        })?]
                        .clone(),
                    );
                    continue;
                }
                _ => continue,
            };
            for v in &p.values {
                let ((c, r), go) = read_cell(v, cols, rows).map_err(|w| invalid(p.line, w))?;
                go_style |= go;
                record
                    .setup
                    .push((names[player].clone(), cell_text(game, c, r)));
            }
        }
    }
    if !record.setup.is_empty() && record.setup_to_move.is_none() {
        // no PL: the side with fewer stones moves, Black when they have as many
        let blacks = record.setup.iter().filter(|(p, _)| *p == names[0]).count();
        let side = usize::from(2 * blacks > record.setup.len());
        record.setup_to_move = Some(names[side].clone());
    }
    for node in &nodes[first_move..] {
        if let Some(p) = node.get("AB").or(node.get("AW")).or(node.get("AE")) {
            return Err(invalid(
                p.line,
                format!("{} after the first move is not supported", p.id),
            ));
        }
    }
    let moves: Vec<(usize, &sgf::Prop)> = nodes[first_move..]
        .iter()
        .filter_map(|n| move_of(n))
        .collect();
    // Little Golem: the first player's moves are written W
    let lg_labels = record.setup.is_empty()
        && record.setup_to_move.is_none()
        && moves.first().is_some_and(|(label, _)| *label == 1);
    if lg_labels {
        notes.push(
            "the first move is W's: W read as the first player (Little Golem writes its games so)"
                .into(),
        );
    }
    let mut flip = usize::from(lg_labels);
    let mut sides_swapped = false;
    let mut to_move = match &record.setup_to_move {
        Some(n) if *n == names[1] => 1,
        _ => 0,
    };
    let mut steps = Vec::new();
    let mut ended: Option<(usize, &str)> = None;
    for (k, (label, p)) in moves.iter().enumerate() {
        let v = value(p).to_ascii_lowercase();
        if ended.is_some() {
            notes.push(format!(
                "line {}: ignored the moves after the game ended",
                p.line
            ));
            break;
        }
        let player = label ^ flip;
        let said = format!("move {}: {}[{}]", k + 1, ["B", "W"][*label], value(p));
        let word = match v.as_str() {
            "resign" => Some("resigned"),
            "forfeit" => Some("forfeited"),
            _ => None,
        };
        if let Some(w) = word {
            ended = Some((player, w));
            continue;
        }
        if player != to_move {
            return Err(invalid(
                p.line,
                format!("{said} is out of turn ({} is to move)", names[to_move]),
            ));
        }
        let sides = v == "swap-sides" || (v == "swap-pieces" && old_hexgui);
        match v.as_str() {
            _ if sides => {
                if old_hexgui && v == "swap-pieces" {
                    notes.push(format!(
                        "line {}: swap-pieces read as swap-sides (HexGui up to 0.9 wrote it so)",
                        p.line
                    ));
                }
                steps.push(Step::Swap);
                sides_swapped = !sides_swapped;
                flip ^= 1;
            }
            "swap-pieces" => steps.push(Step::Swap),
            "swap" => {
                notes.push(format!(
                    "line {}: `swap` read as swap-pieces (Little Golem mirrors the stone)",
                    p.line
                ));
                steps.push(Step::Swap);
            }
            "pass" | "" | "tt" => return Err(invalid(p.line, format!("{said}: Hex has no pass"))),
            _ => {
                let ((c, r), go) = read_cell(&v, cols, rows)
                    .map_err(|w| invalid(p.line, format!("{said}: {w}")))?;
                go_style |= go;
                steps.push(if sides_swapped {
                    Step::Cell(r, c)
                } else {
                    Step::Cell(c, r)
                });
            }
        }
        to_move ^= 1;
    }
    if go_style {
        notes.push("cells written Go-style (mf = column m, row f) as Little Golem does".into());
    }
    let swapped = steps.iter().any(|s| matches!(s, Step::Swap));
    if swapped && game != "hex" {
        return Err(RecordError::Invalid(format!("{game} has no swap rule")));
    }
    record.options = match game {
        "hex" if swapped => {
            GameOptions::from_pairs(&[("size", &cols.to_string()), ("swap", "true")])
        }
        "hex" => GameOptions::from_pairs(&[("size", &cols.to_string())]),
        _ => GameOptions::from_pairs(&[("cols", &cols.to_string()), ("rows", &rows.to_string())]),
    };
    record.moves = steps
        .iter()
        .map(|s| match s {
            Step::Cell(c, r) => cell_text(game, *c, *r),
            Step::Swap => "swap".to_string(),
        })
        .collect();
    // players, date, result
    for (i, id) in ["PB", "PW"].iter().enumerate() {
        if let Some(p) = root.get(id) {
            let name = percent_decode(&value(p));
            if name != value(p) {
                notes.push(format!(
                    "line {}: {id}[{}] URL-decoded to `{name}`",
                    p.line,
                    value(p)
                ));
            }
            record.tags.push((player_tag(&names[i]), name));
        }
    }
    if let Some(p) = root.get("DT") {
        record.date = Some(value(p).replace('-', "."));
    }
    let said = nodes
        .iter()
        .find_map(|n| n.get("RE"))
        .map(|p| (p.line, value(p)));
    let re = said.as_ref().and_then(|(_, v)| read_result(v));
    if let Some((loser, how)) = ended {
        let winner = 1 - loser;
        if let (Some((line, v)), Some((w, _))) = (&said, re) {
            if w ^ usize::from(sides_swapped) != winner {
                notes.push(format!(
                    "line {line}: RE[{v}] disagrees with the game ({} {how}): kept the game",
                    names[loser]
                ));
            }
        }
        record.result = Some(format!("win({})", names[winner]));
        record.termination = Some(format!("{} {how}", names[loser]));
    } else if let Some((w, how)) = re {
        let winner = w ^ usize::from(sides_swapped);
        record.result = Some(format!("win({})", names[winner]));
        record.termination = how.map(|h| format!("{} {h}", names[1 - winner]));
    }
    Ok((record, notes))
}

/// The move of a node: (0 for B or 1 for W, the property).
fn move_of(node: &Node) -> Option<(usize, &sgf::Prop)> {
    node.get("B")
        .map(|p| (0, p))
        .or_else(|| node.get("W").map(|p| (1, p)))
}

/// `B` → 0, `W` → 1.
fn colour(v: &str) -> Option<usize> {
    match v.to_ascii_uppercase().as_str() {
        "B" | "BLACK" => Some(0),
        "W" | "WHITE" => Some(1),
        _ => None,
    }
}

/// `11` or `7:9`, each side 1 to 26.
fn read_size(v: &str) -> Option<(usize, usize)> {
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_SIDE).contains(n))
    };
    match v.split_once(':') {
        Some((c, r)) => Some((side(c)?, side(r)?)),
        None => side(v).map(|n| (n, n)),
    }
}

/// `AP[HexGui:0.9.GIT]` and earlier: the versions that wrote swap-pieces for swap-sides.
fn old_hexgui_version(ap: &str) -> bool {
    let Some(v) = ap.strip_prefix("HexGui:0.") else {
        return false;
    };
    let mut chars = v.chars();
    chars.next().is_some_and(|c| c.is_ascii_digit())
        && !chars.next().is_some_and(|c| c.is_ascii_digit())
}

/// `RE`: the winning colour (0 Black, 1 White) and how the loser lost, if it says.
fn read_result(v: &str) -> Option<(usize, Option<&'static str>)> {
    let (who, how) = v.split_once('+').unwrap_or((v, ""));
    let winner = colour(who.trim())?;
    let how = match how.trim().to_ascii_uppercase().as_str() {
        "R" | "RESIGN" => Some("resigned"),
        "T" | "TIME" => Some("lost on time"),
        "F" | "FORFEIT" => Some("forfeited"),
        _ => None,
    };
    Some((winner, how))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(options: &str) -> GameOptions {
        GameOptions::parse(&options.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn a_hexgui_record_with_a_swap() {
        let text = "(;FF[4]AP[HexGui:0.10]GM[11]SZ[4]PB[me]PW[you]RE[W+]\n;B[b2];W[swap-pieces];B[c3];W[a4])";
        let (r, notes) = read(text, "hex", &GameOptions::default()).unwrap();
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(r.moves, vec!["b2", "swap", "c3", "a4"]);
        assert_eq!(r.options.to_string(), "size=4 swap=true");
        assert_eq!(r.result.as_deref(), Some("win(blue)"));
        assert_eq!(r.player("red"), Some("me"));
    }

    #[test]
    fn swap_sides_mirrors_the_rest_of_the_game() {
        let text = "(;FF[4]GM[11]SZ[4];B[b1];W[swap-sides];W[c2];B[d4]RE[W+])";
        let (r, _) = read(text, "hex", &GameOptions::default()).unwrap();
        // after the swap White (now the first person) plays c2: red plays b3 here
        assert_eq!(r.moves, vec!["b1", "swap", "b3", "d4"]);
        let old = "(;FF[4]AP[HexGui:0.9.GIT]GM[11]SZ[4];B[b1];W[swap-pieces];W[c2])";
        let (r, notes) = read(old, "hex", &GameOptions::default()).unwrap();
        assert_eq!(r.moves, vec!["b1", "swap", "b3"]);
        assert!(
            notes[0].contains("swap-pieces read as swap-sides"),
            "{notes:?}"
        );
    }

    #[test]
    fn setup_stones_and_the_side_to_move() {
        let text = "(;FF[4]GM[11]SZ[3:4]AB[a1][b2]AW[c3]PL[W];W[a2])";
        let (r, _) = read(text, "contactix", &hex("vertical=x horizontal=y")).unwrap();
        assert_eq!(
            r.setup,
            vec![
                ("x".into(), "A1".into()),
                ("x".into(), "B2".into()),
                ("y".into(), "C3".into())
            ]
        );
        assert_eq!(r.setup_to_move.as_deref(), Some("y"));
        assert_eq!(r.moves, vec!["A2"]);
        assert_eq!(r.options.to_string(), "cols=3 rows=4");
    }

    #[test]
    fn records_that_do_not_fit_are_refused() {
        let refuse = |text: &str, game: &str| {
            read(text, game, &GameOptions::default())
                .unwrap_err()
                .to_string()
        };
        assert!(refuse("(;GM[1]SZ[9])", "hex").contains("GM[1] is not Hex"));
        assert!(refuse("(;GM[11]SZ[3:4])", "hex").contains("read it as contactix"));
        assert!(refuse("(;GM[11])", "hex").contains("no SZ"));
        assert!(refuse("(;GM[11]SZ[3];B[a1];B[b2])", "hex").contains("out of turn"));
        assert!(refuse("(;GM[11]SZ[3];B[a1];W[])", "hex").contains("no pass"));
        assert!(refuse("(;GM[11]SZ[3];B[a1];W[swap-pieces])", "contactix").contains("no swap"));
    }
}
