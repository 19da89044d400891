//! Tests of the host's board table: grids, boards by handle, the queries, and the
//! table of cell names.

use super::super::ring::{CAPACITY, NEW_CAPACITY};
use super::*;

/// A 3-cell line 1 - 2 - 3 (direction 1 rightwards, 2 leftwards), marks 1, 0, 2.
const LINE: &str = "3 2 1 0 2  2 0  3 1  0 2";

#[test]
fn boards_answer_by_handle_and_refuse_bad_input() {
    with_table(|t| {
        let g = t.grid(LINE).unwrap();
        assert_eq!(t.grid(LINE), Ok(g), "one grid per text");
        let b = t.board(g, "r e e").unwrap();
        let b1 = t.set(b, 3, "r").unwrap();
        let v = t.view(b1).unwrap();
        assert_eq!(v.cells_of(Some(0)), vec![2]);
        assert_eq!((v.count(Some(1)), v.nth(Some(1), 1)), (2, Ok(3)));
        assert_eq!(v.nth(Some(1), 2), Ok(0), "past the last");
        assert_eq!(v.nth(None, 0), Ok(0), "a name never seen");
        assert_eq!(v.nth(Some(1), -1), Err(Refused::Bad));
        assert_eq!(t.name(v.code_at(3).unwrap()), "r");
        assert_eq!(v.ray(1, 1), Ok((vec![2], 3)));
        assert_eq!(v.ray(1, 2), Ok((vec![], 0)));
        assert_eq!(v.reach(1, 5), Ok(vec![(2, 1)]));
        assert_eq!(v.reach_met(1, 5), Ok((vec![2], vec![3])));
        assert_eq!(v.reach_met(1, 1), Ok((vec![2], vec![])));
        assert_eq!(v.reach_met(3, 1), Ok((vec![2], vec![])));
        assert_eq!(v.reach_met(1, 0), Ok((vec![], vec![])));
        // on "r e r": each r moves one or two steps and takes an r
        let r = vec![Mover::new(1, 2, vec![1])];
        assert_eq!(v.reach_moves(&r), Ok(vec![(1, 2), (1, 3), (3, 1), (3, 2)]));
        let r = vec![Mover::new(1, 1, vec![])];
        assert_eq!(v.reach_moves(&r), Ok(vec![(1, 2), (3, 2)]));
        assert_eq!(v.reach_targets(3, &r), Ok(vec![2]));
        assert_eq!(v.reach_targets(2, &r), Ok(vec![]));
        assert_eq!(v.reach_targets(0, &r), Err(Refused::Bad));
        assert_eq!(v.reach_targets(4, &r), Err(Refused::Bad));
        // the first mover that fits moves a piece: on cell 3 an r moves two
        // steps, passing over r; elsewhere one
        let far = Mover {
            on: Some(vec![3]),
            through: vec![1],
            ..Mover::new(1, 2, vec![])
        };
        let r = vec![far, Mover::new(1, 1, vec![1]), Mover::new(1, 5, vec![])];
        assert_eq!(v.reach_targets(3, &r), Ok(vec![2]));
        assert_eq!(v.reach_targets(1, &r), Ok(vec![2]));
        assert_eq!(v.group(1), Ok(vec![1]));
        assert_eq!(v.group_marks(2), Ok(0));
        assert_eq!(v.jumps(2), Ok(vec![]));
        assert_eq!(v.steps_of(Some(1), &[(1, vec![0])]), Ok(vec![(1, 2)]));
        assert_eq!(v.steps_of(Some(1), &[(2, vec![0, 1])]), Ok(vec![(3, 2)]));
        assert_eq!(v.steps_of(None, &[(1, vec![0])]), Ok(vec![]));
        assert_eq!(v.steps_of(Some(1), &[(3, vec![0])]), Err(Refused::Bad));
        let b2 = t.set(b1, 2, "r").unwrap();
        assert_eq!(t.view(b2).unwrap().group_marks(1), Ok(3));
        // on "r r r": a piece passing over r walks on through the middle one
        let w = t.view(b2).unwrap();
        assert_eq!(w.reach_met(1, 5), Ok((vec![], vec![2])));
        assert_eq!(
            w.reach_through(1, 5, &[1]),
            Ok((vec![], vec![2, 3])),
            "passes over r"
        );
        assert_eq!(
            w.reach_through(1, 1, &[1]),
            Ok((vec![], vec![2])),
            "a pass costs a step"
        );
        assert_eq!(t.view(b).unwrap().cells, &[1, 0, 0], "copies stay");
        assert_eq!(t.set(b, 4, "r"), Err(Refused::Bad));
        assert_eq!(t.board(g, "e e"), Err(Refused::Bad));
        assert_eq!(t.board(99, "e e e"), Err(Refused::Bad));
        assert!(t.view(-1).is_err() && t.view(0).is_err() && t.view(1 << 40).is_err());
        assert!(matches!(t.view(b1).unwrap().ray(1, 3), Err(Refused::Bad)));
        assert!(t.grid("3 2 1 0").is_err() && t.grid("1 1 0 2").is_err());
        for _ in 0..CAPACITY {
            t.set(b2, 1, "e").unwrap();
        }
        assert!(matches!(t.view(b1), Err(Refused::Dropped)));
        // a board made whole outlives the copies play makes, until as many
        // boards are made whole as its ring holds
        assert_eq!(t.view(b).unwrap().cells, &[1, 0, 0]);
        for _ in 0..NEW_CAPACITY {
            t.board(g, "e e e").unwrap();
        }
        assert!(matches!(t.view(b), Err(Refused::Dropped)));
    });
}

#[test]
fn a_mover_passes_over_pieces_from_the_cells_it_fits() {
    with_table(|t| {
        let g = t.grid(LINE).unwrap();
        let b = t.board(g, "r r e").unwrap();
        let w = t.view(b).unwrap();
        let far = Mover {
            on: Some(vec![1]),
            through: vec![1],
            ..Mover::new(1, 2, vec![])
        };
        assert_eq!(
            w.reach_targets(1, std::slice::from_ref(&far)),
            Ok(vec![3]),
            "over r"
        );
        assert_eq!(
            w.reach_targets(2, std::slice::from_ref(&far)),
            Ok(vec![]),
            "not on cell 1"
        );
        let no_pass = Mover {
            through: vec![],
            ..far
        };
        assert_eq!(w.reach_targets(1, &[no_pass]), Ok(vec![]));
    });
}

#[test]
fn the_table_holds_names_past_one_byte_until_its_codes_run_out() {
    with_table(|t| {
        let g = t.grid(LINE).unwrap();
        // `e` is code 0; s1 .. s300 take codes 1 .. 300
        for i in 1..=300 {
            assert_eq!(t.code(&format!("s{i}")), Ok(i as Code));
        }
        let b = t.board(g, "s1 e s300").unwrap();
        let v = t.view(b).unwrap();
        assert_eq!(v.cells, &[1, 0, 300]);
        assert_eq!(v.cells_of(t.known("s300")), vec![3]);
        assert_eq!(v.cells_of(t.known("s1")), vec![1]);
        assert!(v.cells_of(t.known("s44")).is_empty(), "300 is not 44");
        assert_eq!((v.count(t.known("s300")), v.count(t.known("e"))), (1, 1));
        assert_eq!(v.nth(t.known("s300"), 0), Ok(3));
        assert_eq!(t.name(v.code_at(3).unwrap()), "s300");
        let b1 = t.set(b, 2, "s300").unwrap();
        assert_eq!(t.view(b1).unwrap().cells_of(t.known("s300")), vec![2, 3]);
        // the codes run to 65535: the name that would take 65536 is refused, and
        // the names known go on answering
        for i in 301..=65535 {
            t.code(&format!("s{i}")).unwrap();
        }
        assert_eq!(t.name_count(), 65536);
        assert_eq!(t.code("s65535"), Ok(Code::MAX));
        assert_eq!(t.code("s65536"), Err(Refused::Bad));
        assert_eq!(t.known("s65536"), None);
        assert_eq!(t.set(b1, 1, "s65536"), Err(Refused::Bad));
        assert_eq!(t.board(g, "e s65536 e"), Err(Refused::Bad));
        let b2 = t.set(b1, 1, "s65535").unwrap();
        let v = t.view(b2).unwrap();
        assert_eq!(v.cells, &[Code::MAX, 300, 300]);
        assert_eq!(v.count(t.known("s300")), 2);
        assert_eq!(t.name(v.code_at(1).unwrap()), "s65535");
    });
}
