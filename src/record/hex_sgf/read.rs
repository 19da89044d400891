//! Reading Hex SGF: the moves of the main line in the fixed-colour rules, setup
//! stones, players, date and result, with notes on every liberty taken.

use super::dialect::{SwapKind, Writer};
use super::{cell_text, invalid, player_names, player_tag, read_cell, MAX_SIDE};
use crate::game::{elide, GameOptions};
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

/// The first value of a property, trimmed.
fn value(p: &sgf::Prop) -> String {
    p.values[0].trim().to_string()
}

/// The first value of a property as a message shows it: cut to 40 characters,
/// control characters escaped.
fn said(p: &sgf::Prop) -> String {
    elide(&value(p))
}

/// What reading one record needs to know and says.
struct Reading {
    game: String,
    names: [String; 2],
    cols: usize,
    rows: usize,
    /// Who wrote the file, as far as it matters to reading it.
    writer: Writer,
    /// Whether some cell was written Go-style.
    go_style: bool,
    notes: Vec<String>,
}

/// The moves of the main line, read.
struct Played {
    steps: Vec<Step>,
    /// (the player, `resigned` or `forfeited`) when the record ends so.
    ended: Option<(usize, &'static str)>,
    /// Whether a swap-sides left the colours traded.
    sides_swapped: bool,
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
    let mut r = Reading::header(nodes[0], game, options, notes)?;
    let mut record = Record {
        game: game.to_string(),
        ..Record::default()
    };
    let first_move = nodes
        .iter()
        .position(|n| move_of(n).is_some())
        .unwrap_or(nodes.len());
    r.setup(&nodes[..first_move], &mut record)?;
    let mut moves: Vec<(usize, &sgf::Prop)> = Vec::new();
    for n in &nodes[first_move..] {
        if let Some(p) = n.get("AB").or(n.get("AW")).or(n.get("AE")) {
            return Err(invalid(
                p.line,
                format!(
                    "{} after the first move: stones added or removed during a game are no \
                     moves of Hex (set up a position before the first move)",
                    p.id
                ),
            ));
        }
        let found = moves_of(n);
        if found.len() > 1 {
            r.notes.push(format!(
                "line {}: B and W in one node: read as two moves, in the order written",
                found[1].1.line
            ));
        }
        moves.extend(found);
    }
    let played = r.moves(&moves, &mut record)?;
    if r.go_style {
        r.notes
            .push("cells written Go-style (mf = column m, row f) as Little Golem does".into());
    }
    let swapped = played.steps.iter().any(|s| matches!(s, Step::Swap));
    let (c, rows) = (r.cols.to_string(), r.rows.to_string());
    record.options = match game {
        "hex" if swapped => GameOptions::from_pairs(&[("size", &c), ("swap", "true")]),
        "hex" => GameOptions::from_pairs(&[("size", &c)]),
        _ if swapped => return Err(RecordError::Invalid(format!("{game} has no swap rule"))),
        _ => GameOptions::from_pairs(&[("cols", &c), ("rows", &rows)]),
    };
    record.moves = played
        .steps
        .iter()
        .map(|s| match s {
            Step::Cell(c, r) => cell_text(game, *c, *r),
            Step::Swap => "swap".to_string(),
        })
        .collect();
    r.about(&nodes, &played, &mut record);
    Ok((record, r.notes))
}

impl Reading {
    /// The root's FF, GM, SZ and AP.
    fn header(
        root: &Node,
        game: &str,
        options: &GameOptions,
        mut notes: Vec<String>,
    ) -> Result<Reading, RecordError> {
        if let Some(p) = root.get("FF") {
            if !matches!(value(p).as_str(), "1" | "2" | "3" | "4") {
                notes.push(format!(
                    "line {}: FF[{}] is no SGF version: ignored",
                    p.line,
                    said(p)
                ));
            }
        }
        match root.get("GM") {
            None => notes.push("no GM[11]: read as Hex".into()),
            Some(p) if value(p) == "11" => {}
            Some(p) => {
                return Err(invalid(
                    p.line,
                    format!("GM[{}] is not Hex (GM[11])", said(p)),
                ))
            }
        }
        let sz = root.get("SZ").ok_or_else(|| {
            RecordError::Invalid("the record has no SZ: the board size is unknown".into())
        })?;
        let (cols, rows) = read_size(&value(sz)).ok_or_else(|| {
            let why = if read_size_up_to(&value(sz), usize::MAX).is_some() {
                "ludolog reads boards up to 26 (cells are lettered a to z; HexGui allows 63)"
            } else {
                "it is not a size like 11 or 7:9"
            };
            invalid(sz.line, format!("SZ[{}]: {why}", said(sz)))
        })?;
        if game == "hex" && cols != rows {
            return Err(invalid(
                sz.line,
                format!("SZ[{cols}:{rows}]: Hex is played on square boards; read it as contactix"),
            ));
        }
        Ok(Reading {
            game: game.to_string(),
            names: player_names(game, options),
            cols,
            rows,
            writer: Writer::of(root),
            go_style: false,
            notes,
        })
    }

    /// A cell of the board, or why the value is none.
    fn cell(&mut self, v: &str) -> Result<(usize, usize), String> {
        let (cell, go) = read_cell(v, self.cols, self.rows)?;
        self.go_style |= go;
        Ok(cell)
    }

    /// The setup before the first move: `AB`, `AW` and `PL` (without `PL`, the side
    /// with fewer stones moves, Black when they have as many).
    fn setup(&mut self, nodes: &[&Node], record: &mut Record) -> Result<(), RecordError> {
        for p in nodes.iter().flat_map(|n| n.props.iter()) {
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
                    let side = colour(&value(p)).ok_or_else(|| {
                        invalid(p.line, format!("PL[{}] is neither B nor W", said(p)))
                    })?;
                    record.setup_to_move = Some(self.names[side].clone());
                    continue;
                }
                _ => continue,
            };
            for v in &p.values {
                let (c, r) = self.cell(v).map_err(|w| invalid(p.line, w))?;
                let stone = (self.names[player].clone(), cell_text(&self.game, c, r));
                record.setup.push(stone);
            }
        }
        if !record.setup.is_empty() && record.setup_to_move.is_none() {
            let blacks = record.setup.iter().filter(|(p, _)| *p == self.names[0]);
            let side = usize::from(2 * blacks.count() > record.setup.len());
            record.setup_to_move = Some(self.names[side].clone());
        }
        Ok(())
    }

    /// The moves, (0 for B or 1 for W, the property), in the fixed-colour rules.
    fn moves(
        &mut self,
        moves: &[(usize, &sgf::Prop)],
        record: &mut Record,
    ) -> Result<Played, RecordError> {
        let first_is_w = record.setup.is_empty()
            && record.setup_to_move.is_none()
            && moves.first().is_some_and(|(label, _)| *label == 1);
        // Little Golem writes the first player's moves W; elsewhere White moved first
        let lg_labels = first_is_w && self.writer == Writer::LittleGolem;
        if lg_labels {
            self.notes.push(
                "the first move is W's: W read as the first player (Little Golem writes its games so)"
                    .into(),
            );
        }
        let mut to_move = usize::from(record.setup_to_move.as_ref() == Some(&self.names[1]));
        if first_is_w && !lg_labels {
            self.notes.push(format!(
                "the first move is W's: {} moves first, on a board set up with {} to move (as HexGui reads it)",
                self.names[1], self.names[1]
            ));
            record.setup_to_move = Some(self.names[1].clone());
            to_move = 1;
        }
        let mut flip = usize::from(lg_labels);
        let mut played = Played {
            steps: Vec::new(),
            ended: None,
            sides_swapped: false,
        };
        for (k, (label, p)) in moves.iter().enumerate() {
            if played.ended.is_some() {
                let note = format!("line {}: ignored the moves after the game ended", p.line);
                self.notes.push(note);
                break;
            }
            let v = value(p).to_ascii_lowercase();
            let player = label ^ flip;
            let written = format!("move {}: {}[{}]", k + 1, ["B", "W"][*label], said(p));
            let swapper_moves_next = moves.get(k + 1).is_some_and(|(next, _)| next == label);
            let swap = self.writer.swap(&v, swapper_moves_next);
            match v.as_str() {
                "resign" => played.ended = Some((player, "resigned")),
                "forfeit" => played.ended = Some((player, "forfeited")),
                _ if player != to_move => {
                    return Err(invalid(
                        p.line,
                        format!(
                            "{written} is out of turn ({} is to move): a colour moving twice is no \
                             game of Hex (HexGui places the stone; set such positions up with AB/AW)",
                            self.names[to_move]
                        ),
                    ))
                }
                _ if swap.is_some() => {
                    let kind = swap.unwrap_or(SwapKind::Pieces);
                    if let Some(why) = self.writer.swap_note(&v, kind) {
                        self.notes
                            .push(format!("line {}: {}[{}] {why}", p.line, ["B", "W"][*label], said(p)));
                    }
                    played.steps.push(Step::Swap);
                    if kind == SwapKind::Sides {
                        played.sides_swapped = !played.sides_swapped;
                        flip ^= 1;
                    }
                }
                "pass" | "" | "tt" => {
                    return Err(invalid(p.line, format!("{written}: Hex has no pass")))
                }
                _ => {
                    let (c, r) = self
                        .cell(&v)
                        .map_err(|w| invalid(p.line, format!("{written}: {w}")))?;
                    played.steps.push(if played.sides_swapped {
                        Step::Cell(r, c)
                    } else {
                        Step::Cell(c, r)
                    });
                }
            }
            if played.ended.is_none() {
                to_move ^= 1;
            }
        }
        Ok(played)
    }

    /// The players (`PB`, `PW`), the date (`DT`) and the result (`RE`, or a resignation).
    fn about(&mut self, nodes: &[&Node], played: &Played, record: &mut Record) {
        let root = nodes[0];
        for (i, id) in ["PB", "PW"].iter().enumerate() {
            if let Some(p) = root.get(id) {
                let name = percent_decode(&value(p));
                if name != value(p) {
                    self.notes.push(format!(
                        "line {}: {id}[{}] URL-decoded to `{}`",
                        p.line,
                        said(p),
                        elide(&name)
                    ));
                }
                record.tags.push((player_tag(&self.names[i]), name));
            }
        }
        if let Some(p) = root.get("DT") {
            record.date = Some(value(p).replace('-', "."));
        }
        let stated = nodes
            .iter()
            .find_map(|n| n.get("RE"))
            .map(|p| (p.line, value(p)));
        // RE names colours: after a swap-sides the first player holds White
        let re = stated
            .as_ref()
            .and_then(|(_, v)| read_result(v))
            .map(|(w, how)| (w ^ usize::from(played.sides_swapped), how));
        let names = &self.names;
        match (played.ended, re) {
            (Some((loser, how)), re) => {
                if let (Some((line, v)), Some((w, _))) = (&stated, re) {
                    if w == loser {
                        self.notes.push(format!(
                            "line {line}: RE[{}] disagrees with the game ({} {how}): kept the game",
                            elide(v),
                            names[loser]
                        ));
                    }
                }
                record.result = Some(format!("win({})", names[1 - loser]));
                record.termination = Some(format!("{} {how}", names[loser]));
            }
            (None, Some((winner, how))) => {
                record.result = Some(format!("win({})", names[winner]));
                record.termination = how.map(|h| format!("{} {h}", names[1 - winner]));
            }
            (None, None) => {}
        }
    }
}

/// The move of a node: (0 for B or 1 for W, the property).
fn move_of(node: &Node) -> Option<(usize, &sgf::Prop)> {
    moves_of(node).into_iter().next()
}

/// Every move of a node, in the order written: (0 for B or 1 for W, the property).
fn moves_of(node: &Node) -> Vec<(usize, &sgf::Prop)> {
    node.props
        .iter()
        .filter_map(|p| match p.id.as_str() {
            "B" => Some((0, p)),
            "W" => Some((1, p)),
            _ => None,
        })
        .collect()
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
    read_size_up_to(v, MAX_SIDE)
}

/// `11` or `7:9`, each side 1 to `most`.
fn read_size_up_to(v: &str, most: usize) -> Option<(usize, usize)> {
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=most).contains(n))
    };
    match v.split_once(':') {
        Some((c, r)) => Some((side(c)?, side(r)?)),
        None => side(v).map(|n| (n, n)),
    }
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
            notes[0].contains("W[swap-pieces] read as swap-sides"),
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
    fn little_golem_labels_results_and_resignations() {
        let text = "(;FF[4]PB[a%20b]PW[c]SZ[5]RE[W];W[cb];B[swap];W[ad];B[resign];W[ee])";
        let (r, notes) = read(text, "hex", &GameOptions::default()).unwrap();
        // the first player (W here) played c2; Blue swapped it to b3; red a4
        assert_eq!(r.moves, vec!["c2", "swap", "a4"]);
        assert_eq!(r.result.as_deref(), Some("win(red)"));
        assert_eq!(r.termination.as_deref(), Some("blue resigned"));
        assert_eq!(r.player("red"), Some("a b"));
        let said = notes.join("\n");
        assert!(
            said.contains("RE[W] disagrees with the game (blue resigned)"),
            "{said}"
        );
        assert!(
            said.contains("ignored the moves after the game ended"),
            "{said}"
        );
        assert!(said.contains("Go-style"), "{said}");
    }
}
