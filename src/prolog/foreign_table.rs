//! The one declaration of the foreign functions the rule libraries bind: each
//! `ludolog_*` function of `crate::foreign`, the library of rules/lib that binds it,
//! and its signature as scryer's FFI takes it (`i64`, or `cstr`: a C string).
//!
//! It is expanded twice: here into the bindings each library hands to
//! `'$load_foreign_lib'/2` (the facts `host:foreign_functions(Library, Bindings)`,
//! added to the host module when it loads), and in `crate::foreign` into the list
//! of the functions' addresses that keeps the linker from dropping them, each
//! function cast to the type its signature here says: a function whose Rust
//! signature differs from its declaration does not compile.

/// Calls the macro `$then` with the whole table: `library: [function(argument
/// types) -> result type, ...], ...`.
macro_rules! with_foreign_table {
    ($then:ident) => {
        $then! {
            board_accel: [
                ludolog_board_owned(i64) -> i64,
                ludolog_board_grid(cstr) -> i64,
                ludolog_board_new(i64, cstr) -> i64,
                ludolog_board_set(i64, i64, cstr) -> i64,
                ludolog_board_set_two(i64, i64, cstr, i64, cstr) -> i64,
                ludolog_board_fill(i64, cstr, cstr) -> i64,
                ludolog_board_cell(i64, i64) -> cstr,
                ludolog_board_letters(i64) -> cstr,
                ludolog_board_count(i64, cstr) -> i64,
                ludolog_board_nth(i64, cstr, i64) -> i64,
                ludolog_board_cells_of(i64, cstr) -> cstr,
                ludolog_board_steps_id(cstr) -> i64,
                ludolog_board_steps(i64, cstr, i64) -> cstr,
                ludolog_board_step_count(i64, cstr, i64) -> i64,
                ludolog_board_nth_step(i64, cstr, i64, i64) -> i64,
                ludolog_board_ray(i64, i64, i64) -> cstr,
                ludolog_board_reach(i64, i64, i64) -> cstr,
                ludolog_board_reach_met(i64, i64, i64) -> cstr,
                ludolog_board_reach_through(i64, i64, i64, i64) -> cstr,
                ludolog_board_movers(cstr) -> i64,
                ludolog_board_lists(cstr) -> i64,
                ludolog_board_turns(cstr) -> i64,
                ludolog_board_playout(i64, i64, i64, i64) -> i64,
                ludolog_board_stack_moves(i64, i64) -> cstr,
                ludolog_board_stack_count(i64, i64) -> i64,
                ludolog_board_run_moves(i64, i64) -> cstr,
                ludolog_board_run_count(i64, i64) -> i64,
                ludolog_board_nth_run(i64, i64, i64) -> i64,
                ludolog_board_run_move(i64, i64, i64, i64) -> i64,
                ludolog_board_sight(i64, i64) -> cstr,
                ludolog_board_sight_count(i64, i64) -> i64,
                ludolog_board_nth_sight(i64, i64, i64) -> i64,
                ludolog_board_kinds_count(i64, i64) -> i64,
                ludolog_board_nth_kind(i64, i64, i64) -> i64,
                ludolog_board_pick_kind(i64, i64, i64) -> i64,
                ludolog_board_line(i64, i64, i64) -> i64,
                ludolog_board_reach_moves(i64, i64) -> cstr,
                ludolog_board_reach_count(i64, i64) -> i64,
                ludolog_board_nth_reach(i64, i64, i64) -> i64,
                ludolog_board_reach_move(i64, i64, i64, i64) -> i64,
                ludolog_board_group(i64, i64) -> cstr,
                ludolog_board_group_marks(i64, i64) -> i64,
                ludolog_board_jumps(i64, i64) -> cstr,
                ludolog_board_flank_moves(i64, cstr, cstr) -> cstr,
                ludolog_board_flank_count(i64, cstr, cstr) -> i64,
                ludolog_board_nth_flank(i64, cstr, cstr, i64) -> i64,
                ludolog_board_flanked(i64, i64, cstr, cstr) -> cstr,
            ],
            hexgrid_accel: [
                ludolog_hex_board_new(cstr, i64, i64) -> i64,
                ludolog_hex_board_set(i64, i64, i64) -> i64,
                ludolog_hex_board_place(i64, i64, i64, i64, i64) -> i64,
                ludolog_hex_board_empties(i64) -> cstr,
                ludolog_hex_board_group_spans(i64, i64, i64) -> i64,
                ludolog_hex_board_spanning(i64, i64, i64) -> i64,
                ludolog_hex_board_distance(i64, i64, i64, i64) -> i64,
                ludolog_hex_board_empty_count(i64) -> i64,
                ludolog_hex_board_nth_empty(i64, i64) -> i64,
            ],
            native: [
                ludolog_native_best(cstr, cstr, i64) -> cstr,
            ],
            repl: [
                ludolog_repl_step() -> i64,
                ludolog_wall_ms() -> i64,
                ludolog_repl_read(cstr) -> cstr,
            ],
            repl_source: [
                ludolog_rule_term(cstr, i64) -> cstr,
            ],
        }
    };
}
pub(crate) use with_foreign_table;

/// The Prolog facts `foreign_functions(Library, Bindings)` of a table.
macro_rules! bindings_of {
    ($($lib:ident: [$($f:ident($($arg:ident),*) -> $ret:ident),* $(,)?]),* $(,)?) => {{
        let mut text = String::new();
        $(
            let functions: Vec<String> = vec![$({
                let args: &[&str] = &[$(stringify!($arg)),*];
                format!("{}([{}], {})", stringify!($f), args.join(", "), stringify!($ret))
            }),*];
            text.push_str(&format!(
                "foreign_functions({}, [{}]).\n",
                stringify!($lib),
                functions.join(", ")
            ));
        )*
        text
    }};
}

/// The clauses of `host:foreign_functions/2`: for each library of rules/lib with
/// foreign functions, the bindings its `load/0` hands to `'$load_foreign_lib'/2`.
pub fn foreign_bindings() -> String {
    with_foreign_table!(bindings_of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_library_has_one_fact_with_every_function_it_binds() {
        let text = foreign_bindings();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{text}");
        assert!(lines[0].starts_with(
            "foreign_functions(board_accel, [ludolog_board_owned([i64], i64), \
             ludolog_board_grid([cstr], i64), "
        ));
        assert!(text.contains(
            "foreign_functions(repl, [ludolog_repl_step([], i64), ludolog_wall_ms([], i64), \
             ludolog_repl_read([cstr], cstr)]).\n"
        ));
        assert_eq!(text.matches("ludolog_").count(), 61);
    }
}
