//! Tests of the host's stack turns: reading them, their moves, their playouts.

use super::*;
use crate::foreign::board_table::with_table;
use crate::foreign::board_turns::tests::square3;

/// A pair of turns of stacks on the 3 x 3 square: a piece (w, b) stacked or lifted
/// onto a cell not topped by W or B, then the player's W (or B) hops onto a cell
/// topped by its w (b), relocating the other's pieces it vaulted over.
const TURNS: &str = "[turn,white,1,then,2,stack,w,8,3,e,w,b,lift,w,3,e,w,b,1,hop,W,1,w,2,W,B,1,relocate,B,1,b,\
2,gather,W,0,stuck,turn,black,1,then,2,stack,b,8,3,e,w,b,lift,b,3,e,w,b,1,hop,B,1,b,2,W,B,1,relocate,W,1,w,\
2,gather,B,0,stuck]";

#[test]
fn stack_turns_read_or_are_refused() {
    let id = register(TURNS).unwrap();
    assert!(id >= FIRST_ID);
    assert_eq!(register(TURNS), Ok(id));
    for bad in [
        "[turn,x,1,stack,xy,8,0,0]",
        "[turn,x,1,stack,e,8,0,0]",
        "[turn,x,1,hop,W,0,0,1,fly,1,0]",
        "[turn,x,1,lift,w,0,1,gather,W]",
        "[turn,x,1,lift,w,0,1,lose,lose,stuck]",
        "[turn,x,2,lift,w,0,lift,b,0,0]",
        "[turn,x,1,then,1,then,1,lift,w,0,1,lift,w,0,1,lift,w,0,0]",
        "[turn,x,1,hop,W,0,0,2,still,1,still,2,0]",
        "[turn,x,1,hop,W,0,0,2,guard,B,1,guard,B,2,0]",
    ] {
        assert_eq!(register(bad), Err(Refused::Bad), "{bad}");
    }
}

#[test]
fn a_hop_vaults_a_line_and_relocates_what_it_passed() {
    with_table(|t| {
        let g = t.grid(&square3()).unwrap();
        let b = t.board(g, "e e e e e e e e e").unwrap();
        let grid = t.view(b).unwrap().grid.clone();
        // W on w on cell 1, B on b on cell 2, a w on cell 3, a b on cell 9
        let cells: Vec<Vec<u8>> = ["wW", "bB", "w", "", "", "", "", "", "b"]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect();
        let hop = Hop {
            x: b'W',
            onto: vec![b'w'],
            over: vec![b'W', b'B'],
            still: 0,
            guards: Vec::new(),
            relocate: Some((b'B', vec![b'b'])),
        };
        let mut out = Vec::new();
        hops(&grid, &cells, &hop, &mut out);
        // over cell 2 to cell 3; the B goes to 9 (its own cell 2 is a candidate as
        // the vaulted cell, but the set [2] is the B staying: left out)
        assert_eq!(
            out,
            vec![vec![Step::Hop {
                k: 1,
                j: 3,
                vs: vec![2],
                ts: vec![9],
                y: b'B'
            }]]
        );
        let mut after = cells.clone();
        make(&mut after, &out[0][0]);
        assert_eq!(after[0], b"w".to_vec());
        assert_eq!(after[1], b"b".to_vec());
        assert_eq!(after[2], b"wW".to_vec());
        assert_eq!(after[8], b"bB".to_vec());
        // guarded on cell 2's marks: no hop
        let guarded = Hop {
            guards: vec![(b'B', 0)],
            ..hop
        };
        out.clear();
        hops(&grid, &cells, &guarded, &mut out);
        assert_eq!(out.len(), 1, "a guard on no mark guards nothing");
    });
}

#[test]
fn playouts_of_stack_turns_end_and_repeat() {
    let id = register(TURNS).unwrap();
    with_table(|t| {
        let g = t.grid(&square3()).unwrap();
        let b = t.board(g, "wW e e e e e e e bB").unwrap();
        for seed in 0..20 {
            let first = playout_on(t, b, id, seed, 200).unwrap();
            assert_eq!(playout_on(t, b, id, seed, 200).unwrap(), first);
            assert!(first.0 <= 200);
        }
        assert_eq!(playout_on(t, b, id + 1000, 1, 10), Err(Refused::Bad));
    });
}

#[test]
fn a_listing_past_the_bound_is_refused_for_the_pure_definition() {
    // a row of 255 cells: W hops a line of 20 B onto the w after them, and each B may
    // go to any of the 230 cells topped by b: C(250, 20) sets, far past the bound
    let mut cells: Vec<Vec<u8>> = vec![b"wW".to_vec()];
    cells.extend((0..20).map(|_| b"bB".to_vec()));
    cells.push(b"w".to_vec());
    cells.extend((0..233).map(|_| b"b".to_vec()));
    let steps: Vec<String> = (1..=255i64)
        .map(|k| {
            format!(
                "{} {}",
                if k < 255 { k + 1 } else { 0 },
                if k > 1 { k - 1 } else { 0 }
            )
        })
        .collect();
    let text = format!("255 2{} {}", " 0".repeat(255), steps.join(" "));
    let id = register("[turn,white,1,hop,W,1,w,1,B,1,relocate,B,1,b,1,stuck]").unwrap();
    with_table(|t| {
        let g = t.grid(&text).unwrap();
        let names: Vec<String> = cells
            .iter()
            .map(|c| {
                if c.is_empty() {
                    "e".into()
                } else {
                    String::from_utf8_lossy(c).into_owned()
                }
            })
            .collect();
        let b = t.board(g, &names.join(" ")).unwrap();
        let v = t.view(b).unwrap();
        let mut out = Vec::new();
        kinds_moves(
            v.grid,
            &stacks(&v, t),
            &turns_of(id).unwrap()[0].kinds,
            &mut out,
        );
        assert_eq!(out.len(), MAX_MOVES, "the listing stops at the bound");
        assert_eq!(move_numbers(&v, t, id), Err(Refused::Bad));
        assert_eq!(move_count(&v, t, id), Err(Refused::Bad), "the count too");
        assert_eq!(playout_on(t, b, id, 1, 10), Err(Refused::Bad));
    });
}
