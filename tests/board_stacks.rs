//! rules/lib/board_stacks.pl, board_hops.pl and board_hops_after.pl (stacks of
//! pieces, and the turns that stack, lift, hop and do one then another) against
//! their twins: on generated
//! boards of stacks, the pure listing of every kind equals the host's, and the hops
//! after each first step of a then, worked out from the lines found once, equal the
//! hops listed afresh on the board that step leaves; a then played at once, each part
//! checked as it is played, is the then checked and made part by part; and boards
//! whose cells hold more than 255 distinct stacks are still the host's to list.

use ludolog::prolog::PrologMachine;

/// board_library's machine with Mitsudomoe's rule file (board.pl and board_stacks.pl
/// loaded; the shapes' grids as shape_grid/2) and these helpers too.
fn machine(accelerated: bool) -> PrologMachine {
    let mut m = crate::board_library::machine_of("mitsudomoe", accelerated);
    for clause in HELPERS {
        m.answer(&format!("assertz(({clause})), X = ok."), "X")
            .expect(clause);
    }
    m
}

/// Test helpers, asserted into the user module.
const HELPERS: &[&str] = &[
    // stacked_board(+Grid, +Seed, -Board): each cell a stack of 0 to 3 of a, b, x, y,
    // marks 0 to 3 by cell
    "stacked_board(G, Seed, B) :- grid:grid_size(G, N), findall(S, (between(1, N, K), stack_of(Seed, K, S)), Ss), \
     C =.. [c|Ss], findall(M, (between(1, N, K), M is K mod 4), Ms), Mk =.. [m|Ms], board:board_new(G, Mk, C, B)",
    "stack_of(Seed, K, S) :- V is ((Seed * 1103515245 + K * 12345) mod 2147483648) >> 8, L is V mod 4, \
     findall(P, (between(1, L, I), W is (V >> (2 * I + 2)) mod 4, nth0(W, [a, b, x, y], P)), Ps), \
     ( Ps == [] -> S = e ; atom_chars(S, Ps) )",
    // kinds(-Kinds): the lists of kinds asked about
    "kinds(Ks) :- member(Ks, [[stack(a, 9, [e, b]), lift(x, [e, a, y])], \
     [hop(x, [e, a], [y, b], [relocate(y, [a])])], \
     [hop(y, [e, a, b], [x], [still(1), guard(x, 2)])], \
     [then([stack(x, 20, [x, e]), lift(a, [e, b])], [hop(x, [e, a], [y, b], [relocate(y, [a])])])], \
     [then([stack(a, 30, [e, b])], [hop(x, [e], [y, x], [still(1), guard(y, 2), relocate(y, [a, e])])])], \
     [then([lift(a, [e])], [hop(x, [a, e], [], [])])], \
     [then([lift(y, [e, a])], [stack(b, 40, [e, y])])], \
     [then([lift(y, [e, a])], [hop(x, [e, a], [y, b], [relocate(y, [a])])])], \
     [then([lift(a, [e, x])], [hop(x, [e, a], [y, b], [])])], \
     [then([put(y), step(a, [1-[e], 3-[e, b]])], [hop(x, [e, a], [y, b], [relocate(y, [a])])])]])",
    // listed(+Board, -Answers): each list of kinds, its moves, how many turn_count/3
    // says there are (as many, or `miscounted`), and whether it has one
    "listed(B, A) :- findall(Ks-Ms-Count-Some, (kinds(Ks), board:turn_moves(B, turn(p, Ks, []), Ms), \
     board:turn_count(B, turn(p, Ks, []), N), ( length(Ms, N) -> Count = N ; Count = miscounted ), \
     ( board_turns:some_move(B, turn(p, Ks, [])) -> Some = some ; Some = none )), A)",
    // afresh(+Board, +Kinds, -Moves): then(A, [Hop])'s moves, each hop listed afresh
    "afresh(B, [then(KA, KB)], Ms) :- board_turns:kinds_moves(KA, B, MAs), \
     findall(then(MA, MB), (member(MA, MAs), board_turns:moved(MA, KA, B, _, B1), \
     board_turns:kinds_moves(KB, B1, MBs), member(MB, MBs)), Ms)",
    // played(+Board, -Answer): same, or the first then-move whose turn, played at once
    // (then_played/5: each part checked as it is played), is not the move made part by
    // part (moved/5), or a first part and a second part of two listed moves, crossed,
    // that the check of the whole move (stack_move/3) and then_played/5 judge apart
    "played(B, X) :- ( kinds([T]), T = then(_, _), board:turn_moves(B, turn(p, [T], []), Ms), \
     first_n(12, Ms, Fs), member(M, Fs), \
     \\+ ( board_stacks:then_played(M, [T], B, K1, B1), board_turns:moved(M, [T], B, K2, B2), \
     K1 == K2, board:board_cells(B1, C1), board:board_cells(B2, C2), C1 == C2 ) -> X = differ(T, M) \
     ; kinds([T]), T = then(_, _), board:turn_moves(B, turn(p, [T], []), Ms), first_n(12, Ms, Fs), \
     member(then(MA, _), Fs), member(then(_, MB), Fs), \
     ( board_stacks:stack_move(T, B, then(MA, MB)) -> A1 = legal ; A1 = illegal ), \
     ( board_stacks:then_played(then(MA, MB), [T], B, _, _) -> A2 = legal ; A2 = illegal ), \
     A1 \\== A2 -> X = judged_apart(T, MA, MB, A1) ; X = same )",
    "first_n(N, Xs, Fs) :- length(Xs, L), ( L =< N -> Fs = Xs ; length(Fs, N), append(Fs, _, Xs) )",
    // incremental(+Board, -Answer): same, or the first list of kinds where they differ
    "incremental(B, X) :- ( kinds([then(KA, KB)]), board:turn_moves(B, turn(p, [then(KA, KB)], []), Ms), \
     afresh(B, [then(KA, KB)], Fs), Ms \\== Fs -> X = differ(KA, KB, Ms, Fs) ; X = same )",
];

/// The generated boards every test walks: each shape with each seed of stacked_board/3.
fn generated_boards() -> impl Iterator<Item = (&'static str, u32)> {
    ["sq8", "hex", "row"]
        .into_iter()
        .flat_map(|shape| [1, 2, 3, 5, 8, 13].map(|seed| (shape, seed)))
}

/// Answers `query` for `X`, as text.
fn answer(m: &mut PrologMachine, query: &str) -> String {
    format!("{:?}", m.answer(query, "X").expect(query))
}

#[test]
fn stack_kinds_list_the_same_moves_in_both_tiers_and_afresh() {
    let (mut spec, mut accel) = (machine(false), machine(true));
    let (mut moves, mut some, mut none) = (0, 0, 0);
    for (shape, seed) in generated_boards() {
        let q = format!("shape_grid({shape}, G), stacked_board(G, {seed}, B), listed(B, X).");
        let (s, a) = (answer(&mut spec, &q), answer(&mut accel, &q));
        assert_eq!(s, a, "{shape}, seed {seed}");
        // whether a turn has a move (the end `stuck`): the host counts them
        assert!(!s.contains("miscounted"), "{shape}, seed {seed}: {s}");
        some += s.matches("Atom(\"some\")").count();
        none += s.matches("Atom(\"none\")").count();
        // a move's cells are numbers (a kind's pieces are names)
        moves += ["stack", "lift", "hop"]
            .iter()
            .map(|k| s.matches(&format!("{k}\", [Integer(")).count())
            .sum::<usize>();
        let q = format!("shape_grid({shape}, G), stacked_board(G, {seed}, B), incremental(B, X).");
        assert_eq!(
            answer(&mut spec, &q),
            "Atom(\"same\")",
            "{shape}, seed {seed}"
        );
    }
    assert!(moves > 500, "the boards give moves: {moves}");
    assert!(
        some > 0 && none > 0,
        "turns with a move {some}, without {none}"
    );
}

#[test]
fn a_then_played_at_once_is_the_then_checked_then_made_part_by_part() {
    // board_turns:turn_play/5 plays a then(MA, MB) through then_played/5, which checks
    // each part on the board it is played on; on generated boards of every shape, in
    // both tiers, it makes every listed move as moved/5 does, and of the first parts
    // and second parts of listed moves, crossed, it takes exactly those stack_move/3
    // takes
    for accelerated in [false, true] {
        let mut m = machine(accelerated);
        for (shape, seed) in generated_boards() {
            let q = format!("shape_grid({shape}, G), stacked_board(G, {seed}, B), played(B, X).");
            assert_eq!(
                answer(&mut m, &q),
                "Atom(\"same\")",
                "{shape}, seed {seed}, accelerated {accelerated}"
            );
        }
    }
}

#[test]
fn the_piece_under_a_hopping_one_and_a_first_step_that_makes_a_mover_count() {
    // a stack put on the hopping piece's own cell changes what is left there after it
    // hops (here: no free cell for the relocated y), and a first step that makes the
    // only mover leaves the player a move (not stuck)
    let mut spec = machine(false);
    let q = "grid:grid(square8, 3-3, all, G), board:board_new(G, none, c(wx, y, e, e, e, e, e, e, e), B), \
             Ks = [then([stack(x, 9, [x])], [hop(x, [e], [y], [relocate(y, [w])])])], \
             board:turn_moves(B, turn(p, Ks, []), Ms), afresh(B, Ks, Fs), \
             ( Ms == Fs -> X = Ms ; X = differ(Ms, Fs) ).";
    let got = answer(&mut spec, q);
    assert!(
        !got.contains("differ") && !got.contains("List([Integer(1)])"),
        "{got}"
    );
    let q = "grid:grid(square8, 3-3, all, G), board:board_new(G, none, c(e, e, e, e, e, e, e, e, e), B), \
             T = turn(p, [then([stack(x, 1, [e])], [hop(x, [e], [], [])])], []), \
             ( board_turns:some_move(B, T) -> X = some ; X = none ).";
    assert_eq!(answer(&mut spec, q), "Atom(\"some\")");
}

#[test]
fn a_then_with_two_lift_kinds_lists_no_first_step_the_pure_tier_cannot_make() {
    // the pure definition takes the first lift kind's piece (the host refuses such a
    // list), so a lift of the second kind's piece is no first step it can make: the
    // hops after it are not worked out from cells read for the first kind's piece
    let mut spec = machine(false);
    for seed in [1, 2, 3, 5, 8, 13] {
        let q = format!(
            "shape_grid(sq8, G), stacked_board(G, {seed}, B), \
             KA = [lift(a, [e]), lift(b, [e, a])], \
             Ks = [then(KA, [hop(x, [e, a], [y], [relocate(y, [b])])])], \
             (  board:turn_moves(B, turn(p, Ks, []), Ms), member(then(MA, _), Ms), \
                \\+ board_turns:moved(MA, KA, B, _, _) \
             -> X = made_up(MA) ; X = none_made_up )."
        );
        assert_eq!(
            answer(&mut spec, &q),
            "Atom(\"none_made_up\")",
            "seed {seed}"
        );
    }
}

#[test]
fn hops_after_a_first_step_hold_where_the_free_cells_change_and_past_255_lines() {
    let mut spec = machine(false);
    // a lift that changes the free cells while no line relocates (the line from the x
    // lands on cell 2 and passes nothing): the incremental hops still equal hops afresh
    let q = "shape_grid(row, G), board:board_new(G, m(0, 0, 0, 0, 0, 0, 0), c(x, e, a, e, e, e, e), B), \
             incremental(B, X).";
    assert_eq!(answer(&mut spec, q), "Atom(\"same\")");
    // 50 x on a 10x10 board of eight directions: over 300 lines land, more than a
    // compound may have arguments; each stack of an a on an empty cell makes a landing
    let q = "grid:grid(square8, 10-10, all, G), \
             findall(S, (between(1, 100, K), (K mod 2 =:= 0 -> S = x ; S = e)), Ss), C =.. [c|Ss], \
             board:board_new(G, none, C, B), \
             Ks = [then([stack(a, 99, [e])], [hop(x, [a], [y], [])])], \
             board:turn_moves(B, turn(p, Ks, []), Ms), afresh(B, Ks, Fs), \
             board_hops:hop_prepared(B, hop(x, [a], [y], []), prep(_, lines(At, _, _, _), _)), \
             findall(R, (between(1, 100, I), arg(I, At, Rs), member(R, Rs)), Lines), length(Lines, N), \
             ( Ms == Fs, N > 300 -> X = same ; X = differ(N) ).";
    assert_eq!(answer(&mut spec, q), "Atom(\"same\")");
}

/// Helpers for boards whose cells hold many distinct stacks: every stack of 1 to 8
/// of a and b (510 of them), eight 8x8 boards that hold over 300 of them, the kinds
/// asked about, and whether the host's copy of a board lists every kind.
const WIDE: &[&str] = &[
    "ab_stack(0, []) :- !",
    "ab_stack(L, [P|Ps]) :- member(P, [a, b]), L1 is L - 1, ab_stack(L1, Ps)",
    "ab_stacks(All) :- findall(S, (between(1, 8, L), ab_stack(L, Ps), atom_chars(S, Ps)), All)",
    // wide_stack(+All, +J, +K, -S): cell K of board J, every fifth cell empty
    "wide_stack(All, J, K, S) :- ( K mod 5 =:= 0 -> S = e ; I is (J * 64 + K) mod 510, nth0(I, All, S) )",
    "wide_board(J, B) :- ab_stacks(All), grid:grid(square8, 8-8, all, G), \
     findall(S, (between(1, 64, K), wide_stack(All, J, K, S)), Ss), C =.. [c|Ss], \
     findall(M, (between(1, 64, K), M is K mod 4), Ms), Mk =.. [m|Ms], board:board_new(G, Mk, C, B)",
    "wide_kinds(Ks) :- member(Ks, [[stack(a, 999, [e, b]), lift(b, [e, a])], \
     [hop(a, [e], [b], [still(1)])], [hop(b, [e, a], [a], [guard(a, 2)])], \
     [then([lift(a, [e])], [hop(b, [e], [a], [])])]])",
    "wide_listed(B, A) :- findall(Ks-Ms, (wide_kinds(Ks), board:turn_moves(B, turn(p, Ks, []), Ms)), A)",
    // sets(+Board, +I, -Board1): the sets I to 20 of a, b and e on a 7-cell row
    "sets(B, 21, B) :- !",
    "sets(B0, I, B) :- K is I mod 7 + 1, Y is I mod 3, nth0(Y, [a, b, e], X), board:board_set(B0, K, X, B1), \
     I1 is I + 1, sets(B1, I1, B)",
    "host_lists(B) :- B = board(_, _, _, n(_, H, _, _)), integer(H), \
     \\+ (wide_kinds(Ks), member(K, Ks), \\+ board_accel:stack_moves(H, K, _))",
];

#[test]
fn the_host_keeps_boards_of_more_than_255_distinct_stacks() {
    let (mut spec, mut accel) = (machine(false), machine(true));
    for m in [&mut spec, &mut accel] {
        for clause in WIDE {
            m.answer(&format!("assertz(({clause})), X = ok."), "X")
                .expect(clause);
        }
    }
    let q = "ab_stacks(All), findall(S, (between(0, 7, J), between(1, 64, K), wide_stack(All, J, K, S)), Ss), \
             sort(Ss, U), length(U, N), ( N > 300 -> X = many ; X = N ).";
    assert_eq!(answer(&mut spec, q), "Atom(\"many\")", "distinct names");
    let mut moves = 0;
    for j in 0..8 {
        let q = format!("wide_board({j}, B), wide_listed(B, X).");
        let (s, a) = (answer(&mut spec, &q), answer(&mut accel, &q));
        assert_eq!(s, a, "board {j}");
        moves += s.matches("Integer(").count();
        // the host's copy answers, past the 255th name too
        let q = format!("wide_board({j}, B), ( host_lists(B) -> X = host ; X = pure ).");
        assert_eq!(answer(&mut accel, &q), "Atom(\"host\")", "board {j}");
    }
    assert!(moves > 1000, "the boards give moves: {moves}");
    // a name never seen, set on a cell: the copy the host makes answers as the pure
    // board does
    let q = "wide_board(7, B0), board:board_set(B0, 2, aaaaaaaaa, B), \
             ( host_lists(B) -> wide_listed(B, X) ; X = pure ).";
    let pure = "wide_board(7, B0), board:board_set(B0, 2, aaaaaaaaa, B), wide_listed(B, X).";
    assert_eq!(answer(&mut accel, q), answer(&mut spec, pure));
    // with more than 255 names known, a board of one-character names still reads its
    // cells back from the host's copy (board_accel:letters/3, which flushes its log)
    let q =
        "grid:grid(square4, 7-1, all, G), board:board_new(G, none, c(a, b, e, e, e, e, e), B0), \
             sets(B0, 1, B), board:board_cells(B, X).";
    let s = answer(&mut spec, q);
    assert_eq!(answer(&mut accel, q), s);
    let q =
        "grid:grid(square4, 7-1, all, G), board:board_new(G, none, c(a, b, e, e, e, e, e), B0), \
             sets(B0, 1, B), B = board(_, _, _, n(_, H, _, _)), board_accel:letters(H, c, X).";
    assert_eq!(answer(&mut accel, q), s);
}
