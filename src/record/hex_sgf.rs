//! Hex's conventions of SGF (GM[11]), read and written for Hex and Con-Tac-Tix.
//!
//! `SZ[n]` or `SZ[c:r]`; `;B[a1]` and `;W[b2]` (column letter, row number from the
//! top); Black moves first and joins top and bottom: Black is the first player (red in
//! Hex), White the second.  `swap-pieces` is this program's swap (the first stone
//! mirrored in the long diagonal and recoloured, then Black moves), `swap-sides` has
//! the players change colours: it is read as the same swap with the rest of the game
//! mirrored, so every record becomes a game of the fixed-colour rules.  `AB`/`AW`/`PL`
//! set up a position before the first move; `RE[B+]`, `PB`, `PW`, `DT` carry the result,
//! the players and the date.
//!
//! Read leniently, saying what was read unusually: Little Golem's files have no `GM`,
//! write the first player's moves as `W` (while `PB` and `RE` still name the first
//! player Black), use Go-style cells (`mf`: column m, row f), `swap` for swap-pieces,
//! and URL-encoded names; HexGui up to 0.9 wrote `swap-pieces` for swap-sides.

use super::sgf::{self, Node};
use super::{Record, RecordError};
use crate::game::GameOptions;

/// The largest board side (Hex and Con-Tac-Tix cells are lettered a to z).
const MAX_SIDE: usize = 26;

/// Whether a game's records may be SGF (GM[11]).
pub fn speaks_sgf(game: &str) -> bool {
    matches!(game, "hex" | "contactix")
}

/// The two player names of `game` with the user's options (Con-Tac-Tix names its colours).
fn player_names(game: &str, options: &GameOptions) -> [String; 2] {
    match game {
        "contactix" => [
            options.get("vertical").unwrap_or("red").to_string(),
            options.get("horizontal").unwrap_or("blue").to_string(),
        ],
        _ => ["red".to_string(), "blue".to_string()],
    }
}

/// A tag name for a player: `red` → `Red` (names with capitals stay as they are).
pub fn player_tag(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if name.chars().all(|c| !c.is_ascii_uppercase()) => {
            c.to_ascii_uppercase().to_string() + chars.as_str()
        }
        _ => name.to_string(),
    }
}

fn invalid(line: usize, what: String) -> RecordError {
    RecordError::Syntax { line, what }
}

/// The name of cell (c, r) in `game`'s notation: `a1` in Hex, `A1` in Con-Tac-Tix.
fn cell_text(game: &str, c: usize, r: usize) -> String {
    let name = format!("{}{}", (b'a' + c as u8) as char, r + 1);
    if game == "contactix" {
        name.to_uppercase()
    } else {
        name
    }
}

/// A cell of an SGF move or setup value: `a1` (Hex's notation) or `mf` (Go's, as Little
/// Golem writes); whether it was Go-style.
fn read_cell(value: &str, cols: usize, rows: usize) -> Result<((usize, usize), bool), String> {
    let v = value.trim().to_ascii_lowercase();
    let b = v.as_bytes();
    let letter = |x: u8| {
        (x as char)
            .is_ascii_lowercase()
            .then(|| (x - b'a') as usize)
    };
    let cell = match b {
        [x, y] if letter(*y).is_some() => letter(*x).zip(letter(*y)).map(|c| (c, true)),
        [x, digits @ ..] if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) => {
            let r: usize = v[1..].parse().unwrap_or(0);
            letter(*x)
                .filter(|_| r >= 1 && digits[0] != b'0')
                .map(|c| ((c, r - 1), false))
        }
        _ => None,
    };
    match cell {
        Some(((c, r), go)) if c < cols && r < rows => Ok(((c, r), go)),
        Some(_) => Err(format!("`{value}` is off the {cols}x{rows} board")),
        None => Err(format!("`{value}` is not a cell like a1 (or mf)")),
    }
}

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

/// A Hex or Con-Tac-Tix position text read for writing: size, stones, side, names.
struct Board {
    cols: usize,
    rows: usize,
    /// (column, row, player) of each stone, row by row.
    stones: Vec<(usize, usize, usize)>,
    to_move: usize,
    names: [String; 2],
}

/// Reads `CxR ROWS SIDE[ swap| X*Y]` (rules/hex.pl and rules/contactix.pl).
fn read_board(text: &str) -> Option<Board> {
    let words: Vec<&str> = text.split(' ').collect();
    let (c, r) = words.first()?.split_once('x')?;
    let (cols, rows) = (c.parse().ok()?, r.parse().ok()?);
    let (names, letters) = match words.get(3) {
        Some(pair) if pair.contains('*') => {
            let (x, y) = pair.split_once('*')?;
            ([x.to_string(), y.to_string()], ['x', 'y'])
        }
        _ => (["red".to_string(), "blue".to_string()], ['r', 'b']),
    };
    let side = *words.get(2)?;
    let to_move = names.iter().position(|n| n == side)?;
    let mut stones = Vec::new();
    for (r, row) in words.get(1)?.split('/').enumerate() {
        let mut c = 0;
        let mut run = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            c += std::mem::take(&mut run);
            stones.push((c, r, letters.iter().position(|&l| l == ch)?));
            c += 1;
        }
    }
    Some(Board {
        cols,
        rows,
        stones,
        to_move,
        names,
    })
}

/// The SGF text of a Hex or Con-Tac-Tix record (its start position must be given).
pub fn write(record: &Record) -> Result<String, RecordError> {
    let start = record.start.as_deref().ok_or_else(|| {
        RecordError::Invalid("an SGF record needs the start position of the game".into())
    })?;
    let board = read_board(start).ok_or_else(|| {
        RecordError::Invalid(format!("`{start}` is not a Hex or Con-Tac-Tix position"))
    })?;
    let cell = |c: usize, r: usize| format!("{}{}", (b'a' + c as u8) as char, r + 1);
    let mut head = format!("(;FF[4]GM[11]AP[ludolog:{}]SZ[", env!("CARGO_PKG_VERSION"));
    head += &if board.cols == board.rows {
        board.cols.to_string()
    } else {
        format!("{}:{}", board.cols, board.rows)
    };
    head.push(']');
    for (i, id) in ["PB", "PW"].iter().enumerate() {
        if let Some(who) = record.player(&board.names[i]) {
            head += &format!("{id}[{}]", sgf::escape(who));
        }
    }
    if let Some(d) = &record.date {
        head += &format!("DT[{}]", sgf::escape(&d.replace('.', "-")));
    }
    if let Some(res) = &record.result {
        let winner = board
            .names
            .iter()
            .position(|n| res == &format!("win({n})"))
            .ok_or_else(|| RecordError::Invalid(format!("result {res} names no player")))?;
        let resigned = record
            .termination
            .as_deref()
            .is_some_and(|t| t.ends_with("resigned"));
        head += &format!(
            "RE[{}+{}]",
            ["B", "W"][winner],
            if resigned { "R" } else { "" }
        );
    }
    for (player, id) in [(0, "AB"), (1, "AW")] {
        let cells: Vec<String> = board
            .stones
            .iter()
            .filter(|s| s.2 == player)
            .map(|s| format!("[{}]", cell(s.0, s.1)))
            .collect();
        if !cells.is_empty() {
            head += &format!("{id}{}", cells.concat());
        }
    }
    if board.to_move == 1 {
        head += "PL[W]";
    }
    let mut lines = vec![head];
    let mut line = String::new();
    let mut to_move = board.to_move;
    for (i, m) in record.moves.iter().enumerate() {
        let v = if m.eq_ignore_ascii_case("swap") {
            "swap-pieces".to_string()
        } else {
            let ((c, r), _) = read_cell(m, board.cols, board.rows)
                .ok()
                .filter(|(_, go)| !go)
                .ok_or_else(|| {
                    RecordError::Invalid(format!("move {}: `{m}` is not a Hex move", i + 1))
                })?;
            cell(c, r)
        };
        let node = format!(";{}[{v}]", ["B", "W"][to_move]);
        if line.len() + node.len() > 72 {
            lines.push(std::mem::take(&mut line));
        }
        line += &node;
        to_move ^= 1;
    }
    line.push(')');
    lines.push(line);
    Ok(lines.join("\n") + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(options: &str) -> GameOptions {
        GameOptions::parse(&options.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn cells_are_read_either_way() {
        assert_eq!(read_cell("c2", 5, 5), Ok(((2, 1), false)));
        assert_eq!(read_cell("MF", 13, 13), Ok(((12, 5), true)));
        assert!(read_cell("f6", 5, 5)
            .unwrap_err()
            .contains("off the 5x5 board"));
        assert!(read_cell("a0", 5, 5).is_err());
        assert!(read_cell("swap", 5, 5).is_err());
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

    #[test]
    fn writes_what_it_reads() {
        let record = Record {
            game: "hex".into(),
            options: hex("size=4 swap=true"),
            start: Some("4x4 4/4/4/4 red swap".into()),
            moves: vec!["b2".into(), "swap".into(), "c3".into()],
            result: Some("win(red)".into()),
            termination: Some("blue resigned".into()),
            date: Some("2025.06.01".into()),
            tags: vec![("Red".into(), "alpha ] beta".into())],
            ..Record::default()
        };
        let text = write(&record).unwrap();
        assert!(
            text.contains("PB[alpha \\] beta]DT[2025-06-01]RE[B+R]"),
            "{text}"
        );
        assert!(text.ends_with(";B[b2];W[swap-pieces];B[c3])\n"), "{text}");
        let (back, notes) = read(&text, "hex", &GameOptions::default()).unwrap();
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(back.moves, record.moves);
        assert_eq!(back.result, record.result);
        assert_eq!(back.termination, record.termination);
        assert_eq!(back.player("red"), Some("alpha ] beta"));
        let setup = Record {
            start: Some("3x2 x1y/3 y x*y".into()),
            ..Record::default()
        };
        assert_eq!(
            write(&setup).unwrap().lines().next().unwrap(),
            format!(
                "(;FF[4]GM[11]AP[ludolog:{}]SZ[3:2]AB[a1]AW[c1]PL[W]",
                env!("CARGO_PKG_VERSION")
            )
        );
    }
}
