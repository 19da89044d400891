//! rules/lib/stacks.pl against its native twin (src/foreign/board_stacks.rs): the
//! ring-and-ball turns, their count and each I-th turn answer the same in the spec
//! tier and in the accelerated tier on generated boards of stacks on every shape
//! (square 8, hex rhombus, triangle, a board with holes, one row), with and without a
//! supply, frozen and shielded cells, and some directions only; dense boards make
//! vaults over mixed lines with several balls to relocate.  Bad sides are the same
//! clear error in both tiers.

use crate::common;
use ludolog::prolog::PrologMachine;

/// A machine with stacks.pl loaded (through mitsudomoe.pl, which requires it).
fn machine(accelerated: bool) -> PrologMachine {
    let mut m = common::rule_machine("mitsudomoe", "", accelerated);
    for clause in HELPERS {
        m.answer(&format!("assertz(({clause})), X = ok."), "X")
            .expect(clause);
    }
    m
}

const HELPERS: &[&str] = &[
    // shape_grid(+Shape, -Grid)
    "shape_grid(sq8, G) :- grid:grid(square8, 5-5, all, G)",
    "shape_grid(hex, G) :- grid:grid(hex_right, 4-4, all, G)",
    "shape_grid(tri, G) :- grid:shape_cells(triangle(5), S, Cs), grid:grid(hex_left, S, Cs, G)",
    "shape_grid(holes, G) :- findall(C-R, (between(0,4,R), between(0,4,C), \\+ member(C-R, [1-1,3-1,2-2])), Cs), grid:grid(square8, 5-5, Cs, G)",
    "shape_grid(row, G) :- grid:grid(square4, 7-1, all, G)",
    // stacked(+Grid, +Seed, -Board): stacks drawn from a seed, balls on a third of the cells
    "stacked(G, Seed, B) :- grid:grid_size(G, N), findall(X, (between(1, N, K), stack(Seed, K, X)), Xs), \
     C =.. [c|Xs], board:board_new(G, none, C, B)",
    "stack(S, K, X) :- V is ((S * 1103515245 + K * 12345) mod 2147483648) >> 8, I is V mod 16, \
     nth0(I, [e, e, w, b, ww, bw, wb, bb, wW, bB, wW, bB, bwW, wbB, wB, bwbW], X)",
    // side(+I, +N, -Side): White's or Black's side, with or without a supply, some
    // cells frozen or shielded, some or all directions
    "side(I, N, D, side(R, Bl, OR, OBl, Place, Frozen, Shielded, Dirs)) :- \
     ( I mod 2 =:= 0 -> [R, Bl, OR, OBl] = [w, 'W', b, 'B'] ; [R, Bl, OR, OBl] = [b, 'B', w, 'W'] ), \
     ( I mod 3 =:= 0 -> Place = false ; Place = true ), \
     F1 is 1 + I mod N, F2 is 1 + (I * 7) mod N, S1 is 1 + (I * 3) mod N, \
     ( I mod 4 =:= 1 -> Frozen = [F1, F2], Shielded = [S1] ; Frozen = [], Shielded = [] ), \
     findall(Dd, between(1, D, Dd), All), \
     ( I mod 5 =:= 2 -> Dirs = [1, D] ; I mod 5 =:= 4 -> reverse(All, Dirs) ; Dirs = All )",
    // hard(-Board): W on a1 before B, B and a w ring (a vault over two), own balls to
    // jump, free b rings to relocate onto, a ball that leaves a b ring behind
    "hard(B) :- grid:grid(square8, 5-5, all, G), \
     C = c(wW, bB, bB, w, e, b, e, bwW, wW, b, e, wbB, bB, e, w, b, e, e, w, e, e, b, e, wW, bB), \
     board:board_new(G, none, C, B)",
    // answers(+Board, -Answers): the turns, their count and some I-th turns (the
    // first, the middle, the last, one past it) for each side
    "answers(B, A) :- board:board_grid(B, G), grid:grid_size(G, N), grid:directions_of(G, D), \
     findall(I-Ts-C-Ns, (between(0, 11, I), side(I, N, D, Side), stacks:stack_turns(B, Side, Ts), \
        stacks:stack_turn_count(B, Side, C), H is C // 2, L is C - 1, \
        findall(J-T, (member(J, [0, 1, 2, H, L, C]), J >= 0, stacks:nth_stack_turn(B, Side, J, T)), Ns)), A)",
];

fn answer(m: &mut PrologMachine, query: &str) -> String {
    format!("{:?}", m.answer(query, "X").expect(query))
}

#[test]
fn ring_and_ball_turns_answer_the_same_natively_on_every_shape() {
    let (mut spec, mut accel) = (machine(false), machine(true));
    for shape in ["sq8", "hex", "tri", "holes", "row"] {
        for seed in [1, 2, 3, 5, 8, 13, 21] {
            let q = format!("shape_grid({shape}, G), stacked(G, {seed}, B), answers(B, X).");
            let (s, a) = (answer(&mut spec, &q), answer(&mut accel, &q));
            assert_eq!(s, a, "{shape}, seed {seed}");
        }
    }
    let q = "hard(B), answers(B, X).";
    assert_eq!(
        answer(&mut spec, q),
        answer(&mut accel, q),
        "the hard board"
    );
    let q = "hard(B), answers(B, A), \
             findall(T, ( member(_-Ts-_-_, A), member(T, Ts), T = turn(_, _, [_, _|_]) ), Ls), length(Ls, X).";
    // it has vaults over two opponent balls
    assert_ne!(answer(&mut spec, q), "Integer(0)");
}

#[test]
fn bad_sides_are_the_same_clear_errors_in_both_tiers() {
    for side in [
        "side(w, 'W', b, 'W', true, [], [], [1])",
        "side(w, 'W', b, 'B', maybe, [], [], [1])",
        "side(w, 'W', b, 'B', true, [], [], [9])",
        "side(ww, 'W', b, 'B', true, [], [], [1])",
        "side(e, 'W', b, 'B', true, [], [], [1])",
        "side(w, 'W', b, 'B', true, [x], [], [1])",
        "side(w, 'W', b, 'B', true, [], [], _)",
        "foo",
    ] {
        let q = format!(
            "shape_grid(sq8, G), stacked(G, 2, B), catch(stacks:stack_turn_count(B, {side}, _), E, true), \
             write_term_to_chars(E, [quoted(true)], Cs), atom_chars(X, Cs)."
        );
        let (s, a) = (
            answer(&mut machine(false), &q),
            answer(&mut machine(true), &q),
        );
        assert_eq!(s, a, "{side}");
        assert!(s.contains("stack_side(1,8)"), "{side}: {s}");
    }
}
