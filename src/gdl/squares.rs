//! The facts of a sheet's board, kept square by square in each state: the clauses of
//! `holds/2` and `squares/2` that the translation ends with, so that a fact of a
//! square named by its column and row is found at once, not by reading every fact.

use super::board::Board;
use super::names::{atom, symbol};
use std::fmt::Write;

/// The most squares a board is kept square by square for: a sheet whose columns and
/// rows name more (a domain the analysis could not bound) reads its facts from the list.
const MAX_SQUARES: usize = 4096;

/// The clauses of `holds/2` and `squares/2`, and of the board's columns and rows when
/// the sheet has a board.
pub fn clauses(board: Option<&Board>) -> String {
    let board = board.filter(|b| b.cols.len() * b.rows.len() <= MAX_SQUARES);
    let Some(b) = board else {
        return "\n%% holds(+State, ?Fact)  Fact is true in State: GDL's `true` (true/2 below).\n\
                holds(gdl(Fs, _, _, _, _), F) :- ( ground(F) -> memberchk(F, Fs) ; member(F, Fs) ).\n\
                \n%% squares(+Facts, -Squares)  the sheet has no board: none.\n\
                squares(_, none).\n"
            .to_string();
    };
    let name = atom(&b.name);
    let rows = b.rows.len();
    let cells = b.cols.len() * rows;
    let mut out = String::new();
    let _ = write!(
        out,
        "\n%% holds(+State, ?Fact)  Fact is true in State: GDL's `true` (true/2 below).  A\n\
         % fact ({n} X Y Mark) whose X and Y are given is read from the marks of its square.\n\
         holds(gdl(Fs, Sq, _, _, _), F) :-\n    \
             (  nonvar(F), F = {name}(X, Y, M), nonvar(X), nonvar(Y), square(X, Y, K)\n    \
             -> arg(K, Sq, Ms), member(M, Ms)\n    \
             ;  ground(F) -> memberchk(F, Fs)\n    \
             ;  member(F, Fs)\n    \
             ).\n\
         \n%% squares(+Facts, -Squares)  the marks of each square of the board, sorted, in\n\
         % a term of one argument a square (square/3 numbers them).\n\
         squares(Fs, Sq) :-\n    \
             functor(Sq, squares, {cells}),\n    \
             square_marks(Fs, Sq),\n    \
             term_variables(Sq, Open),\n    \
             closed(Open).\n\
         \n%% square_marks(+Facts, +Squares)  each fact of a square added to its marks.\n\
         square_marks([], _).\n\
         square_marks([F|Fs], Sq) :-\n    \
             (  F = {name}(X, Y, M), square(X, Y, K)\n    \
             -> arg(K, Sq, Ms), add_mark(Ms, M)\n    \
             ;  true\n    \
             ),\n    \
             square_marks(Fs, Sq).\n\
         \n%% add_mark(?Marks, +Mark)  Mark at the end of the open list Marks.\n\
         add_mark(Ms, M) :- ( var(Ms) -> Ms = [M|_] ; Ms = [_|Ms1], add_mark(Ms1, M) ).\n\
         \n%% closed(?Tails)  every open end made [].\n\
         closed([]).\n\
         closed([[]|Ts]) :- closed(Ts).\n\
         \n%% square(+X, +Y, -K)  the argument of a state's squares that holds square X Y.\n\
         square(X, Y, K) :- board_column(X, I), board_row(Y, J), K is (I - 1) * {rows} + J.\n",
        n = b.name,
    );
    let _ = write!(
        out,
        "\n%% board_column(?X, ?I)  the board's columns, numbered from 1.\n"
    );
    for (i, c) in b.cols.iter().enumerate() {
        let _ = writeln!(out, "board_column({}, {}).", symbol(c), i + 1);
    }
    let _ = write!(
        out,
        "\n%% board_row(?Y, ?J)  the board's rows, numbered from 1.\n"
    );
    for (j, r) in b.rows.iter().enumerate() {
        let _ = writeln!(out, "board_row({}, {}).", symbol(r), j + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_numbers_its_squares_column_by_column() {
        let b = Board {
            name: "cell".into(),
            cols: vec!["1".into(), "2".into()],
            rows: vec!["a".into(), "b".into(), "c".into()],
        };
        let text = clauses(Some(&b));
        assert!(text.contains("functor(Sq, squares, 6)"), "{text}");
        assert!(text.contains("K is (I - 1) * 3 + J"), "{text}");
        assert!(text.contains("board_column(2, 2)."), "{text}");
        assert!(text.contains("board_row(c, 3)."), "{text}");
        assert!(text.contains("F = cell(X, Y, M)"), "{text}");
    }

    #[test]
    fn without_a_board_every_fact_is_read_from_the_list() {
        let text = clauses(None);
        assert!(text.contains("squares(_, none)."), "{text}");
        assert!(!text.contains("board_column"), "{text}");
    }
}
