//! rules/lib/board.pl against its native twin: every query, on generated boards of
//! every shape (square 4 and 8, hex rhombus, triangle, a board with holes, one cell,
//! one row, a grid named by kept_grid/4), empty, full and in between, answers the same in the spec tier and in
//! the accelerated tier; so do boards whose native copy the host has dropped, and
//! the errors of bad arguments.

use crate::common;
use ludolog::prolog::PrologMachine;

/// A machine with board.pl loaded (through y.pl, which requires it) and the helpers.
fn machine(accelerated: bool) -> PrologMachine {
    machine_of("y", accelerated)
}

/// A machine with `game`'s rule file (which requires board.pl) and the helpers.
pub(crate) fn machine_of(game: &str, accelerated: bool) -> PrologMachine {
    let mut m = common::rule_machine(game, "", accelerated);
    for clause in HELPERS {
        m.answer(&format!("assertz(({clause})), X = ok."), "X")
            .expect(clause);
    }
    m
}

/// Test helpers, asserted into the user module: a shape's grid, a board of it
/// filled from a seed, and every query's answer on a board.
const HELPERS: &[&str] = &[
    // shape_grid(+Shape, -Grid)
    "shape_grid(sq4, G) :- grid:grid(square4, 4-3, all, G)",
    "shape_grid(sq8, G) :- grid:grid(square8, 5-5, all, G)",
    "shape_grid(hex, G) :- grid:grid(hex_right, 4-4, all, G)",
    "shape_grid(tri, G) :- grid:shape_cells(triangle(5), S, Cs), grid:grid(hex_left, S, Cs, G)",
    "shape_grid(holes, G) :- findall(C-R, (between(0,4,R), between(0,4,C), \\+ member(C-R, [1-1,3-1,2-2,1-3,3-3])), Cs), grid:grid(square8, 5-5, Cs, G)",
    "shape_grid(one, G) :- grid:grid(square8, 1-1, all, G)",
    "shape_grid(row, G) :- grid:grid(square4, 7-1, all, G)",
    "shape_grid(kept, kept(hex_left, 4-3, all))",
    // filled(+Grid, +Seed, -Board): seed 0 empty, 1 full, else random e/e/r/b
    "filled(G, Seed, B) :- ( G = kept(Kd, Sz, Cl) -> board:kept_grid(Kd, Sz, Cl, G1) ; G1 = G ), grid:grid_size(G1, N), findall(X, (between(1, N, K), content(Seed, K, X)), Xs), \
     C =.. [c|Xs], findall(M, (between(1, N, K), M is K mod 8), Ms), Mk =.. [m|Ms], board:board_new(G, Mk, C, B)",
    "content(0, _, e) :- !",
    "content(1, K, X) :- !, ( K mod 2 =:= 0 -> X = r ; X = b )",
    "content(S, K, X) :- V is ((S * 1103515245 + K * 12345) mod 2147483648) >> 8, I is V mod 4, nth0(I, [e, e, r, b], X)",
    // answers(+Board, -Answers): every query on every cell and direction
    "answers(B, A) :- board:board_grid(B, G), grid:grid_size(G, N), grid:directions_of(G, D), \
     findall(X-Ks, (member(X, [e, r, b, zz]), board:cells_of(B, X, Ks)), Cells), \
     findall(X-C, (member(X, [e, r, b]), board:count_of(B, X, C)), Counts), \
     findall(I-K, (between(0, 30, I), board:nth_of(B, e, I, K)), Nths), \
     findall(K-X-Gr-GM-J-R0-R2-RA, (between(1, N, K), board:board_cell(B, K, X), board:group(B, K, Gr), \
        board:group_marks(B, K, GM), board:jumps(B, K, J), board:reach(B, K, 0, R0), \
        board:reach(B, K, 2, R2), board:reach(B, K, 1000, RA)), PerCell), \
     findall(K-Dir-Es-Hit, (between(1, N, K), between(1, D, Dir), board:ray(B, K, Dir, Es, Hit)), Rays), \
     findall(X-Ss-Ms-C-Ns, (member(X, [r, b, e]), member(Ss, [[1-[e]], [1-[e, b], 2-[r], 1-[r, zz]], []]), \
        board:steps_of(B, X, Ss, Ms), board:step_count(B, X, Ss, C), \
        findall(I-M, (between(0, 40, I), board:nth_step(B, X, Ss, I, M)), Ns)), Steps), \
     findall(K-M0-M1-M2-MA, (between(1, N, K), board:reach_met(B, K, 0, E0, T0), M0 = E0/T0, \
        board:reach_met(B, K, 1, E1, T1), M1 = E1/T1, board:reach_met(B, K, 2, E2, T2), M2 = E2/T2, \
        board:reach_met(B, K, 1000, EA, TA), MA = EA/TA), Met0), \
     findall(K-Th-P1-P2-PA, (between(1, N, K), member(Th, [[r], [r, b], [zz], [b, zz]]), \
        board:reach_met(B, K, 1, Th, F1, U1), P1 = F1/U1, board:reach_met(B, K, 2, Th, F2, U2), P2 = F2/U2, \
        board:reach_met(B, K, 1000, Th, FA, UA), PA = FA/UA), Through), Met = Met0-Through, \
     findall(Ms-Mv-C-Ns-Ys-Any, (movers(Ms), board:reach_moves(B, Ms, Mv), board:reach_count(B, Ms, C), \
        findall(I-M, (between(0, 60, I), board:nth_reach(B, Ms, I, M)), Ns), \
        findall(K-J, (between(1, N, K), member(J, [1, 2, 7, N]), board:reach_move(B, Ms, K-J)), Ys), \
        ( board:reach_any(B, Ms) -> Any = any_move ; Any = no_move ), \
        ( ( Any == any_move -> Mv \\== [] ; Mv == [] ) -> true ; throw(reach_any_is_not_reach_moves(Ms, Mv)) )), Reaches), \
     findall(Ps-Ds-Past-Rs-C-Ns, (member(Ps-Past, [[r]-[r], [r, b]-[], [b]-[r, b, e], [zz]-[r]]), \
        member(Ds, [[1], [1, 2], [D], []]), board:run_moves(B, Ps, Ds, Past, Rs), board:run_count(B, Ps, Ds, Past, C), \
        findall(I-M, (between(0, 40, I), board:nth_run(B, Ps, Ds, Past, I, M)), Ns), \
        findall(K-J, (between(1, N, K), member(J, [1, 2, 5, N]), board:run_move(B, Ps, Ds, Past, K, J)), Ys)), Runs), \
     findall(F-Ds-T-S-Ks-C-Ns, (member(F-T-S, [[r]-[e]-[b], [r]-[e, b]-[b], [b, r]-[e]-[r, e], [zz]-[e]-[e]]), \
        member(Ds, [[1], [1, D], []]), board:sight_of(B, F, Ds, T, S, Ks), board:sight_count(B, F, Ds, T, S, C), \
        findall(I-K, (between(0, 30, I), board:nth_sight(B, F, Ds, T, S, I, K)), Ns)), Sights), \
     findall(K-L1-L2-LA, (between(1, N, K), board:line_at(B, K, [1], L1), board:line_at(B, K, [], L2), \
        findall(Dd, between(1, D, Dd), All), board:line_at(B, K, All, LA)), Lines), \
     findall(Ks-C-Ns, (member(Ks, [[runs([r], [1, D], [e]), sight([r], [1, D], [e], [b])], \
        [sight([b, r], [D], [e, b], [r]), runs([r, b], [1], [])], [runs([zz], [1], [e])], [], \
        [runs([run([r], [1, D], [r]), run([b], [D], [], [r, e]), run([r, b], [1], [e], [b, zz])]), runs([])], \
        [sight([r], [1], [e], [b]), runs([run([zz, b], [D, 1], [b, e], [r])])], \
        [runs([run([r], [1, D], [r]), run([b], [D], [], [r, e])], again([r, b], [run([r], [D, 1], [e], [b, e]), \
           run([b], [1], [b])], stop([b], [1, 5]))), sight([r], [1], [e], [b])], \
        [runs([run([b, r], [1, 2], [e])], again([zz, b], [run([b], [2], [], [r])], stop([], []))), \
           runs([run([r], [1], [e])], again([], [], stop([r], [])))]]), \
        board:moves_count(B, Ks, C), findall(I-M, (between(0, 60, I), board:nth_move(B, Ks, I, M)), Ns0), \
        findall(R-M, (member(R, [0, 1, 5, 37, -3]), board:pick_move(B, Ks, R, M)), Ps), Ns = Ns0-Ps), Kinds), \
     board:board_cells(B, Cs), A = a(Cells, Counts, Nths, PerCell, Rays, Steps, Met, Reaches, Runs, Sights, Lines, Kinds, Cs)",
    // movers(-Movers): the movers lists reach_moves/3 is asked about
    "movers(Ms) :- member(Ms, [[r-1-[b], b-2-[r, b], zz-3-[r]], [], [r-0-[]], [e-1-[r]], [b-1000-[r, zz], r-2-[]], \
     [on(r, [1, 2, 3, 5, 8])-2-[b]-[b], r-1-[], b-2-[r]-[r, b]], [r-1-[b], r-3-[]], [on(b, [])-9-[]-[r], b-1-[r]-[r]]])",
    // played(+Board0, +Seed, -Board): Board0 after a few sets (stones put and taken),
    // by board_set/4, by board_fill/4 (a cell named twice) and by board_sets/3 of
    // three changes and of two (a step); more
    // changes than a board's log holds, so its cells are rewritten from the log, with
    // names of one character (even seeds: read from the host's copy) or not (odd)
    "played(B0, Seed, B) :- board:board_grid(B0, G), grid:grid_size(G, N), \
     foldl(one_set(N, Seed), [1,2,3,4,5,6,7,8,9,10,11,12], B0, B)",
    "one_set(N, Seed, I, B0, B) :- K is 1 + (Seed * 7 + I * 13) mod N, \
     ( Seed mod 2 =:= 0 -> Xs = [e, r, b, e, w, r, e, b, b, r, e, r, b] ; Xs = [e, r, b, e, xx, r, e, b, b, r, e, r, b] ), nth0(I, Xs, X), \
     K2 is 1 + (K * 5) mod N, \
     ( I mod 6 =:= 0 -> board:board_fill(B0, [K, K2, K], X, B) \
     ; I mod 3 =:= 0 -> board:board_sets(B0, [K-X, K2-r, K-b], B) \
     ; I mod 4 =:= 1 -> board:board_sets(B0, [K-e, K2-X], B) \
     ; board:board_set(B0, K, X, B) )",
];

/// Answers `query` for `X`, as text.
fn answer(m: &mut PrologMachine, query: &str) -> String {
    format!("{:?}", m.answer(query, "X").expect(query))
}

const SHAPES: [&str; 8] = ["sq4", "sq8", "hex", "tri", "holes", "one", "row", "kept"];

#[test]
fn every_query_answers_the_same_natively_on_every_shape() {
    same_answers_natively(&[0, 17]);
}

#[test]
#[ignore = "slow: six fillings of every shape (half a minute)"]
fn every_query_answers_the_same_natively_on_every_shape_six_times() {
    same_answers_natively(&[0, 1, 2, 3, 17, 99]);
}

/// Each query of `answers` on boards of every shape, filled and played with each
/// seed, answers alike in the spec and the accelerated tier.
fn same_answers_natively(seeds: &[u32]) {
    let (mut spec, mut accel) = (machine(false), machine(true));
    for shape in SHAPES {
        for &seed in seeds {
            let q = format!(
                "shape_grid({shape}, G), filled(G, {seed}, B0), answers(B0, A0), \
                 played(B0, {seed}, B1), answers(B1, A1), X = A0-A1."
            );
            let (s, a) = (answer(&mut spec, &q), answer(&mut accel, &q));
            assert_eq!(s, a, "{shape}, seed {seed}");
            assert!(s.len() > 100, "{s}");
        }
    }
}

#[test]
fn a_board_carries_a_native_copy_only_when_accelerated() {
    let q = "shape_grid(sq4, G), filled(G, 2, board(_, _, _, N)), ( N == none -> X = none ; X = native ).";
    assert_eq!(answer(&mut machine(false), q), r#"Atom("none")"#);
    assert_eq!(answer(&mut machine(true), q), r#"Atom("native")"#);
}

#[test]
fn a_dropped_native_copy_is_read_the_pure_way_and_made_again() {
    // the host keeps the 32768 most recent copies: make 40000 more after B1
    let q = "shape_grid(hex, G), filled(G, 3, B0), played(B0, 3, B1), \
             ( protocol:accelerated -> filled(G, 1, F), \\+ ( between(1, 40000, _), \\+ board:board_set(F, 1, r, _) ) ; true ), \
             answers(B1, A1), played(B1, 5, B2), answers(B2, A2), \
             B2 = board(_, _, _, Native), ( Native == none -> Copy = none ; Copy = native ), X = A1-A2-Copy.";
    let spec = answer(&mut machine(false), q);
    let accel = answer(&mut machine(true), q);
    assert_eq!(
        spec.replace("Atom(\"none\")", ""),
        accel.replace("Atom(\"native\")", "")
    );
    assert!(accel.ends_with("Atom(\"native\")])"), "made again: {accel}");
}

#[test]
fn bad_arguments_are_the_same_clear_errors_in_both_tiers() {
    // one machine a tier for every query: an error caught leaves it as it was
    let (mut spec, mut accel) = (machine(false), machine(true));
    for (query, expected) in [
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:ray(B, 1, 9, _, _)",
            "direction(1,4)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:ray(B, 13, 1, _, _)",
            "cell(1,12)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:group(B, 0, _)",
            "cell(1,12)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:reach(B, 1, -1, _)",
            "nonneg",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:board_set(B, 1, f(x), _)",
            "type_error(atom",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:steps_of(B, r, [5-[e]], _)",
            "steps(1,4)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:steps_of(B, r, [1-[f(x)]], _)",
            "steps(1,4)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:board_sets(B, [1-f(x)], _)",
            "type_error(changes",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:board_sets(B, [1-r|_], _)",
            "type_error(changes",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:board_sets(B, [1-r, 2-b|foo], _)",
            "type_error(changes",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:board_sets(B, [1-r, _], _)",
            "type_error(changes",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:moves_count(B, [runs([r], [1], [e]), steps(r)], _)",
            "domain_error(move_kind",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:reach_met(B, 1, -1, _, _)",
            "nonneg",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:reach_met(B, 0, 1, _, _)",
            "cell(1,12)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:reach_met(B, 1, 1, [r, f(x)], _, _)",
            "list_of_atoms",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:reach_moves(B, [r-(-1)-[]], _)",
            "domain_error(movers",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:reach_count(B, [r-1-[f(x)]], _)",
            "domain_error(movers",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:nth_reach(B, foo, 0, _)",
            "domain_error(movers",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:reach_count(B, [r-1-[]-[f(x)]], _)",
            "domain_error(movers",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:reach_any(B, [on(r, [a])-1-[]])",
            "domain_error(movers",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:reach_move(B, [r-1-[]], 13-1)",
            "cell(1,12)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:run_moves(B, [r], [5], [], _)",
            "lines(1,4)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:sight_of(B, [r], [1], [f(x)], [r], _)",
            "lines(1,4)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:sight_count(B, [r], [9], [e], [r], _)",
            "lines(1,4)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:nth_sight(B, [r], [9], [e], [r], 0, _)",
            "lines(1,4)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:run_move(B, [r], [1], [], 0, 1)",
            "cell(1,12)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:run_move(B, [r], [x], [], 1, 2)",
            "lines(1,4)",
        ),
        (
            "shape_grid(sq4, G), filled(G, 2, B), board:line_at(B, 1, [9], _)",
            "lines(1,4)",
        ),
        (
            "shape_grid(sq4, G), board:board_new(G, none, c(e, e), _)",
            "board_cells(12)",
        ),
        (
            "shape_grid(sq4, G), board:board_new(G, m(1), c(e,e,e,e,e,e,e,e,e,e,e,e), _)",
            "board_marks(12)",
        ),
        (
            "shape_grid(sq4, G), board:board_new(G, none, c(e,e,e,e,e,e,e,e,e,e,e,_), _)",
            "board_cells(12)",
        ),
    ] {
        let q = format!(
            "catch(({query}), E, true), write_term_to_chars(E, [quoted(true)], Cs), atom_chars(X, Cs)."
        );
        let (s, a) = (answer(&mut spec, &q), answer(&mut accel, &q));
        assert_eq!(s, a, "{query}");
        assert!(s.replace(' ', "").contains(expected), "{query}: {s}");
    }
}

#[test]
fn the_grid_memo_keeps_facts_only() {
    // a module-qualified call reaches board:keep_fact/1; it must never assert a
    // clause with a body (the body would run unchecked by the sandbox)
    let q = "catch(board:keep_fact((grid_kept(a, b, c, d) :- open('/tmp/x', write, _))), \
             error(domain_error(kept_fact, _), _), true), \
             ( catch(board:grid_kept(a, b, c, d), _, fail) -> X = kept ; X = refused ).";
    assert_eq!(answer(&mut machine(true), q), r#"Atom("refused")"#);
}

#[test]
fn forward_directions_go_up_or_down_the_board() {
    let q = "findall(K-W-Ds, (member(K, [square4, square8, hex_right, hex_left]), member(W, [up, down]), \
             grid:forward_dirs(K, W, Ds)), X0), write_term_to_chars(X0, [], Cs), atom_chars(X, Cs).";
    assert_eq!(
        answer(&mut machine(false), q),
        r#"Atom("[square4-up-[2],square4-down-[4],square8-up-[2,3,4],square8-down-[6,7,8],hex_right-up-[2,3],hex_right-down-[5,6],hex_left-up-[2,3],hex_left-down-[5,6]]")"#
    );
}

#[test]
fn a_board_carried_from_another_engine_is_a_clear_error() {
    // a board made by an engine on another thread (another host table), written
    // out and read back here: its handle names no copy of this engine's
    let made = "shape_grid(sq4, G), filled(G, 2, B), write_term_to_chars(B, [quoted(true)], Cs), atom_chars(X, Cs).";
    let text = std::thread::spawn(move || machine(true).answer(made, "X").expect(made))
        .join()
        .expect("the other engine's thread");
    let scryer_prolog::Term::Atom(text) = text else {
        panic!("a board's text: {text:?}")
    };
    assert!(text.contains("n("), "a native copy: {text}");
    let q = format!(
        "read_term_from_chars(\"{} .\", B, []), catch(board:cells_of(B, r, _), error(E, _), true), \
         ( var(E) -> X = answered ; X = E ).",
        text.replace('\\', "\\\\").replace('"', "\\\"")
    );
    let here = answer(&mut machine(true), &q);
    assert!(
        here.contains("board_handle_of_this_engine"),
        "an error naming the handle: {here}"
    );
    // the same board made here answers
    let own = "shape_grid(sq4, G), filled(G, 2, B), board:cells_of(B, r, Ks), length(Ks, X).";
    assert!(machine(true).answer(own, "X").is_ok());
}

/// `X` for each query, or err(E) for its error, or `failed`.
fn outcome(m: &mut PrologMachine, query: &str) -> String {
    let q = format!("catch(( {query} -> true ; X = failed ), error(E, _), X = err(E)).");
    answer(m, &q)
}

#[test]
fn odd_arguments_answer_as_the_pure_definitions_do() {
    // found by trying to make the tiers disagree: the atom [] as a cell name (scryer
    // passes it to the host as empty text), integers past 64 bits, board_sets/3 cells
    // off the board, and digit atoms written where numbers go (and numbers where
    // names go) in the lists sent to the host as text
    let b3 = "grid:grid(square4, 3-1, all, G)";
    let cases = [
        format!("{b3}, board:board_new(G, none, c([], e, r), B), board:cells_of(B, [], L), board:count_of(B, [], N), X = L-N"),
        format!("{b3}, board:board_new(G, none, c([], e, r), B), board:nth_of(B, [], 0, X)"),
        format!("{b3}, board:board_new(G, none, c([], e, r), B), board:steps_of(B, [], [1-[e]], X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, r), B), board:board_set(B, 2, [], B1), board:cells_of(B1, [], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), Z is 10^20, board:nth_of(B, r, Z, X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), Z is 10^20, board:reach(B, 1, Z, X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), Z is 10^20, board:run_move(B, [r], [1], [], 1, Z), X = yes"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), Z is 10^20, board:group(B, Z, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [0-r], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [4-r], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [2.0-r], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [9-r, 1-w], B1), board:board_cells(B1, X)"),
        // board_fill/4: cells off the board, not integers, no list, no cell, a name []
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_fill(B, [1, 4], r, B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_fill(B, [0], r, B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_fill(B, [2.0], r, B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_fill(B, [1|_], r, B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_fill(B, [], r, B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_fill(B, [1, 3], [], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_fill(B, [1, 3], f(x), B1), board:board_cells(B1, X)"),
        // moves of several kinds: no list, a kind of no known name, one unbound
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, foo, X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, [runs([r], [1], [e]), steps(r)], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, [runs([r], [1], [e]), _], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, [runs([r], [1], [e])|_], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, [runs([r], [9], [e])], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, [runs(['1'], [1], [e])], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), Z is 10^20, board:nth_move(B, [runs([r], [1], [e])], Z, X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:nth_move(B, [runs([r], [1], [e])], -1, X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), Z is 10^20 + 1, board:pick_move(B, [runs([r], [1], [e]), sight([r], [1], [e], [e])], Z, X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:pick_move(B, [runs([r], [1], [e])], 1.5, X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:pick_move(B, [runs([zz], [1], [e])], 3, X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:nth_move(B, [sight([r], [1], [e], [zz])], 0, X)"),
        // runs piece by piece: no list, a run of no known form, one unbound, a bad direction
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, [runs(foo)], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, [runs([run([r], [1])])], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, [runs([run([r], [1], [e]), _])], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, [runs([run([r], [9], [e], [r])])], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:pick_move(B, [runs([run([r], [1], [], [e])])], 4, X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, [runs([run([r], [1], [e])], foo)], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:moves_count(B, [runs([run([r], [1], [e])], again([r], [run([r], [9], [e])], stop([], [])))], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:nth_move(B, [runs([run([r], [1], [e])], again([r], [], stop([e], [a])))], 0, X)"),
        // two changes, which the accelerated tier makes in one call
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [1-r, 9-w], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [0-r, 1-w], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [1-r, 2.0-w], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), Z is 10^20, board:board_sets(B, [1-r, Z-w], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [1-[], 2-w], B1), board:cells_of(B1, [], X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [2-r, 2-w], B1), board:board_cells(B1, X)"),
        // a cell off the board before one that is no cell, in a short and a long list
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [0-r, 9-w], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [9-w, 0-r], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [1-r, 2-r, 3-r, 1-w, 9-w, 0-r], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [1-r, 2-r, 3-r, 1-w, 2-w, 3-e], B1), board:board_cells(B1, X)"),
        format!("{b3}, board:board_new(G, none, c(e, e, e), B), board:board_sets(B, [1-r, 3-'W'], B1), board:cells_of(B1, 'W', X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:steps_of(B, r, ['1'-[e]], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:steps_of(B, r, [1-[0]], X)"),
        format!("{b3}, board:board_new(G, none, c(r, '1', '0'), B), board:run_moves(B, [r], ['1'], [1], X)"),
        format!("{b3}, board:board_new(G, none, c(r, '1', '0'), B), board:sight_of(B, [r], [1], [1], ['0'], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:reach_moves(B, [r-1-[1]], X)"),
        format!("{b3}, board:board_new(G, none, c(r, e, e), B), board:line_at(B, 1, ['1'], X)"),
    ];
    let (mut spec, mut accel) = (machine(false), machine(true));
    for q in &cases {
        let (s, a) = (outcome(&mut spec, q), outcome(&mut accel, q));
        assert_eq!(s, a, "{q}");
    }
}

#[test]
fn a_boards_borders_are_the_directions_without_a_neighbour() {
    // grid.pl's hex_right order: right, up-right, up, left, down-left, down; a cell's
    // bit D - 1 is set when it has no neighbour in direction D, so Hex's top row
    // shares bit 4 (up), its bottom row 32 (down), its left column 8, its right 1
    for accelerated in [false, true] {
        let mut m = machine(accelerated);
        let q = "board:board_new(kept(hex_right, 3-3, all), borders, c(e,e,e,e,r,e,e,e,e), B), \
                 board:board_marks(B, M), board:group_marks(B, 5, G), X = M-G.";
        assert_eq!(
            format!("{:?}", m.answer(q, "X").unwrap()),
            format!(
                "{:?}",
                m.answer("X = m(30,6,7,24,0,3,56,48,51)-0.", "X").unwrap()
            ),
            "accelerated: {accelerated}"
        );
    }
}

#[test]
fn put_arg_copies_as_the_walk_does_for_every_argument_of_any_name_and_arity() {
    // grid:put_arg/4 copies by a clause made once per name and arity (at most 16
    // of them); every argument of 20 names at 3 arities, and indices just outside,
    // must give what walking the arguments gives, before and after the clauses run out
    let mut m = machine(false);
    for clause in WALK {
        m.answer(&format!("assertz(({clause})), X = ok."), "X")
            .expect(clause);
    }
    let q = "findall(F/N/I, ( between(1, 20, J), number_chars(J, Cs), atom_chars(A, Cs), atom_concat(shape, A, F), member(N, [1, 5, 42]), \
             N1 is N + 1, between(0, N1, I), numlist(1, N, As), T =.. [F|As], \
             grid:put_arg(I, T, x, T1), walked(I, T, x, T2), T1 \\== T2 ), Bad), \
             findall(F/N, grid:args_put(F, N), Made), length(Made, L), X = Bad-L.";
    assert_eq!(
        answer(&mut m, q),
        r#"Compound("-", [List([]), Integer(16)])"#
    );
    // the largest compounds: 200 arguments get clauses, 255 (scryer's most) walk
    let mut m = machine(false);
    for clause in WALK {
        m.answer(&format!("assertz(({clause})), X = ok."), "X")
            .expect(clause);
    }
    let q = "findall(N/I, ( member(N, [200, 255]), N1 is N + 1, between(0, N1, I), \
             numlist(1, N, As), T =.. [big|As], \
             grid:put_arg(I, T, x, T1), walked(I, T, x, T2), T1 \\== T2 ), Bad), \
             findall(N, grid:args_put(big, N), Made), X = Bad-Made.";
    assert_eq!(
        answer(&mut m, q),
        r#"Compound("-", [List([]), List([Integer(200)])])"#
    );
}

/// The reference copy put_arg/4 is held to: walking the arguments.
const WALK: [&str; 3] = [
    "walk_args(0, _, _, _, _) :- !",
    "walk_args(K, I, T, X, T1) :- ( K =:= I -> arg(K, T1, X) ; arg(K, T, Y), arg(K, T1, Y) ), K1 is K - 1, walk_args(K1, I, T, X, T1)",
    "walked(I, T, X, T1) :- functor(T, F, N), functor(T1, F, N), walk_args(N, I, T, X, T1)",
];
