//! The REPL backend driven without a terminal: transcripts of queries answered one
//! answer at a time, answer printing, definitions, libraries, every command and
//! every error case, as insta snapshots (the binary with piped input is
//! `repl_piped.rs`'s).

use ludolog::game::GameOptions;
use ludolog::registry::EngineSpec;
use ludolog::repl::{Pager, ReplStep, Reply, Session};

/// Records what a person would see, and answers the pager from a script of keys:
/// `;` next, `w` in full, `.` stop (when the script runs out: next, up to 20).
struct Script {
    out: String,
    keys: Vec<char>,
    shown: usize,
}

impl Pager for Script {
    fn output(&mut self, text: &str) {
        self.out.push_str(text);
        if !text.ends_with('\n') {
            self.out.push('\n');
        }
    }

    fn answer(&mut self, text: &str, last: bool) -> ReplStep {
        self.shown += 1;
        if last {
            self.out.push_str(&format!("{text}.\n"));
            return ReplStep::Stop;
        }
        let key = if self.keys.is_empty() {
            if self.shown >= 20 {
                '.'
            } else {
                ';'
            }
        } else {
            self.keys.remove(0)
        };
        let (step, shown) = match key {
            ';' => (ReplStep::Next, ";"),
            'w' => (ReplStep::Full, "w"),
            _ => (ReplStep::Stop, "."),
        };
        self.out.push_str(&format!("{text} {shown}\n"));
        step
    }
}

fn spec(game: &str, options: &[&str]) -> EngineSpec {
    EngineSpec::new(game, GameOptions::parse(options).unwrap())
}

/// Runs inputs through a session.  An input may end with `  |> KEYS`, the keys
/// pressed after its answers; after `[user].` the inputs up to `end_of_file.` are
/// the clauses.
fn transcript_in(mut s: Session, inputs: &[&str]) -> String {
    // these transcripts drive the REPL's backend here, not in its engine process:
    // `:game FILE` and `:load FILE` load rules from disk into it
    ludolog::worker::allow_rules_here();
    let mut pager = Script {
        out: String::new(),
        keys: Vec::new(),
        shown: 0,
    };
    let mut inputs = inputs.iter();
    while let Some(input) = inputs.next() {
        let (input, keys) = input.split_once("  |> ").unwrap_or((input, ""));
        pager.out.push_str(&format!("?- {input}\n"));
        pager.keys = keys.chars().collect();
        pager.shown = 0;
        let mut reply = s.eval(input, &mut pager);
        if reply == Reply::ReadClauses {
            let mut block = String::new();
            for line in inputs.by_ref() {
                pager.out.push_str(&format!("|: {line}\n"));
                block.push_str(line);
                block.push('\n');
                if line.trim() == "end_of_file." {
                    break;
                }
            }
            reply = s.consult(&block);
        }
        match reply {
            Reply::Quit(code) => pager.out.push_str(&format!("(quit {code})\n")),
            Reply::Text(t) | Reply::Error(t) if !t.is_empty() => {
                pager.out.push_str(&t);
                pager.out.push('\n');
            }
            _ => {}
        }
    }
    pager.out
}

pub(crate) fn transcript(game: &str, options: &[&str], inputs: &[&str]) -> String {
    ludolog::worker::allow_rules_here();
    transcript_in(Session::new(spec(game, options)).unwrap(), inputs)
}

#[test]
fn queries_with_no_one_and_many_answers() {
    insta::assert_snapshot!(transcript(
        "hex",
        &["size=2"],
        &[
            "current(S), outcome(S, O).",
            "current(S), to_move(S, P).",
            "current(S), legal(S, M).",
            "findall(M, (current(S), legal(S, M)), Ms), length(Ms, N).",
            "current(S), play(S, place(0,0), T), play(T, place(1,0), U), play(U, place(0,1), V), outcome(V, O).",
            "X = \"text\", Y = 'an atom', Z = [1,2|T].",
            "format(\"printed~n\", []), X = 1.",
            "true.",
            "phrase(move(M), \"b2\").",
        ],
    ));
}

#[test]
fn answers_show_positions_and_moves_in_the_games_notation() {
    // states and moves in the game's own text wherever an answer holds them (in a
    // list, a pair, a term), anything else as it is; `:set notation off` shows terms
    let queries = [
        "current(S), findall(M, legal(S, M), [A, B|_]), play(S, A, T).",
        "current(S), findall(M-n(M), legal(S, M), Ms), length(Ms, N).",
        "X = f(\"text\"), Y = step(a, b), Z = f(Z).",
        ":set notation off",
        "findall(M, (current(S), legal(S, M)), [A|_]).",
    ];
    insta::assert_snapshot!(format!(
        "{}{}",
        transcript("breakthrough", &["cols=3", "rows=4"], &queries),
        transcript("tactigon", &[], &queries[..2])
    ));
}

#[test]
fn answers_come_one_at_a_time() {
    insta::assert_snapshot!(transcript(
        "hex",
        &["size=3"],
        &[
            // side effects happen as each answer is asked for
            "member(X, [1,2,3]), write(X), nl.  |> ;.",
            "member(X, [a,b,c]), assertz(seen(X)).  |> .",
            "findall(X, seen(X), L).",
            // infinitely many answers: the first comes at once
            "repeat, X = again.  |> ;;.",
            "length(L, N).  |> ;.",
            "between(1, 3, X).",
            // a query that fails after its answers, and one that throws on backtracking
            "member(X, [a]) ; fail.",
            "(X = 1 ; throw(late)).  |> ;",
        ],
    ));
}

#[test]
fn answers_are_printed_as_a_top_level_prints_them() {
    insta::assert_snapshot!(transcript(
        "hex",
        &["size=3"],
        &[
            "X = Y.",
            "X = Y, Y = Z.",
            "X = [a,b,c].",
            "copy_term(X-Y, Z).",
            "length(L, 2).",
            "X = f(Y).",
            "_Hidden = 1, X = 2.",
            "dif(X, a).",
            "freeze(X, write(hi)).",
            "X = f(Y), dif(Y, b).",
            // lists print as lists, as SWI-Prolog prints them with double_quotes=chars
            "X = f(x,y), X =.. L.",
            "X = [a], Y = \"abc\", Z = [].",
            "X = (a :- b), Y = (-), Z = - 1, W = 'hello world'.",
            "numlist(1, 40, L).",
            ":full",
            "length(L, 35), X = f(f(f(f(f(f(f(f(f(f(f(f(a)))))))))))).",
            "numlist(1, 40, L), member(X, [a,b]).  |> w;",
            ":set strings on",
            "atom_chars(abc, Cs).",
            ":set strings off",
            ":set depth 0",
            "numlist(1, 12, L).",
            ":set depth ten",
            ":set",
        ],
    ));
}

/// Elided answers holding strings and long rows (the 11x11 start position) print
/// intact: naming the shown variables must not walk into what the answer elides.
#[test]
fn elided_answers_with_strings_and_boards_print_intact() {
    insta::assert_snapshot!(transcript(
        "hex",
        &[],
        &[
            "current(S).",
            "atom_chars(abcdefghijklmnopqrstuvwxyz, L), X = f(L).",
            "X = f(\"abcdefghijklmnopqrstuvwxyz\"), Y = g(\"ab\", [1,2]).",
            "length(L, 3), X = f(Y, Z, L).",
            "X = f(X, Y).",
            "L = [a|L].",
            // strings whole, never cut inside their quotes; every row of a board
            ":set strings on",
            "atom_chars(abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz, L), X = f(L).",
            ":set notation off",
            "current(S).",
            ":set depth 3",
            "X = f(g(h(i(j)))), Y = [1,2,3,4], Z = \"abcdef\".",
            ":full",
        ],
    ));
}

#[test]
fn definitions_live_in_the_user_module_and_survive_switches() {
    insta::assert_snapshot!(transcript(
        "hex",
        &["size=3"],
        &[
            "double(X, Y) :- Y is 2*X.",
            "double(21, Y).",
            // a variable used once is likely a typo, as SWI-Prolog and scryer warn
            "odd(X, Y) :- true.",
            "moves(N) :- current(S), findall(M, legal(S, M), Ms), length(Ms, N).",
            "moves(N).",
            "greeting --> [hello], name.",
            "[user].",
            "name --> [world].",
            "fact(1).",
            "fact(2).",
            "fact(3) :- true.",
            "lonely(X, Y, _Z) :- true.",
            "end_of_file.",
            "phrase(greeting, L).",
            "findall(X, fact(X), L).",
            ":listing fact",
            ":listing double/2",
            ":listing legal",
            ":listing member",
            ":listing nothing",
            "assertz(seen(1)).",
            ":- dynamic(empty/1).",
            "empty(X).",
            ":reload",
            "double(2, Y), findall(X, seen(X), L).",
            "empty(X).",
            ":tier spec",
            "moves(N).",
            ":game contactix cols=3 rows=3",
            "double(5, Y), moves(N).",
            "[user].",
            "fact(9).",
            "end_of_file.",
            "findall(X, fact(X), L).",
            "legal(S, M) :- true.",
            "hex:foo :- true.",
            "[user].",
            "good(1).",
            "bad(.",
            "legal(x, y).",
            "end_of_file.",
            "good(X).",
        ],
    ));
}

#[test]
fn a_predicate_called_before_it_is_defined_can_be_defined() {
    // top-down, as Prolog is written: in one [user] block, at the prompt, and after
    // a query that called the name
    insta::assert_snapshot!(transcript(
        "hex",
        &["size=3"],
        &[
            "[user].",
            "fw1 :- fw2.",
            "fw2.",
            "end_of_file.",
            "fw1.",
            "r1 :- r2.",
            "r2.",
            "r1.",
            "catch(zr, _, true).",
            "zr.",
            "zr :- true.",
            "zr.",
        ],
    ));
}

#[test]
fn libraries_with_their_operators() {
    insta::assert_snapshot!(transcript(
        "hex",
        &["size=3"],
        &[
            "use_module(library(clpz)).",
            "X #= 1 + 2.",
            "X #> 3, X #< 6.",
            "X in 1..3, label([X]).  |> ;;",
            "square(X, Y) :- Y #= X * X.",
            "square(X, 49), X #> 0.",
            "op(700, xfx, ===>).",
            "X = (a ===> b).",
            ":reload",
            "square(7, Y).",
            "X = (a ===> b).",
            "use_module(library(reif)), if_(1 = 2, X = yes, X = no).",
        ],
    ));
}

#[test]
fn every_command() {
    insta::assert_snapshot!(transcript(
        "hex",
        &["size=3"],
        &[
            ":help",
            ":help play",
            ":moves",
            ":play b2 a1",
            ":board",
            ":position",
            ":undo",
            ":undo 5",
            ":redo 5",
            ":position",
            ":undo 2",
            ":redo 1",
            ":play c3",
            ":redo",
            ":position 3x3 r2/rbb/3 red",
            ":best 3",
            ":play a3",
            ":moves",
            ":tier spec",
            ":tier accelerated",
            ":game hex size=2",
            ":load rules/hex.pl",
            ":reload",
            ":quit",
        ],
    ));
}

#[test]
fn every_error_keeps_the_session() {
    insta::assert_snapshot!(transcript(
        "hex",
        &["size=3"],
        &[
            ":play b2",
            "X = f(Y.",
            "foo(X).",
            "atom_length(X, 3).",
            // xor is an operator, as in SWI-Prolog; a function no one defines is named
            "X is gcd(12,18), Z is 7 xor 2.",
            "Y is nosuch(1000).",
            // the builtin that raised an error, its wanted type or domain, the culprit
            "pp(X) :- atom_length(X, _).",
            "pp(f(x)).",
            "functor(F, foo, -1).",
            "succ(X, -1).",
            "throw(my_ball).",
            "X is 1/0.",
            "length(L, L).",
            "repeat, fail.",
            "X.",
            "[foo].",
            "a. b.",
            ":play b2",
            ":play zz",
            ":play c3 b2 a1",
            ":play",
            ":undo many",
            ":listing",
            ":listing a/b",
            ":set colour on",
            ":position 9x9 nonsense",
            ":game chess",
            ":game hex size=99",
            ":tier quantum",
            ":load /no/such/rules.pl",
            ":fly",
            ":position",
        ],
    ));
}

#[test]
fn halt_leaves_with_its_code() {
    insta::assert_snapshot!(transcript("hex", &["size=3"], &["X = 1.", "halt."]));
    insta::assert_snapshot!(transcript("hex", &["size=3"], &["halt(3)."]));
    insta::assert_snapshot!(transcript("hex", &["size=3"], &["X = 1, halt."]));
}

#[test]
fn every_game_in_every_tier_answers_queries() {
    for d in ludolog::games::ALL {
        for tier in d.tiers() {
            let s = Session::new(spec(d.name, &[]).in_tier(tier))
                .unwrap_or_else(|e| panic!("{} {tier}: {e}", d.name));
            let out = transcript_in(
                s,
                &[
                    "current(S), legal(S, M).  |> .",
                    "n(N) :- current(S), findall(M, legal(S, M), Ms), length(Ms, N).",
                    "n(N), N > 0.",
                    "dif(X, a).",
                ],
            );
            assert!(!out.contains("error"), "{} {tier}:\n{out}", d.name);
            assert!(out.contains("M = "), "{} {tier}:\n{out}", d.name);
            assert!(out.contains("N = "), "{} {tier}:\n{out}", d.name);
            assert!(out.contains("dif(X,a)."), "{} {tier}:\n{out}", d.name);
        }
    }
}

#[test]
fn a_snapshot_restores_position_definitions_and_settings() {
    let mut s = Session::new(spec("hex", &["size=3"])).unwrap();
    let mut pager = Script {
        out: String::new(),
        keys: Vec::new(),
        shown: 0,
    };
    for input in [
        ":play b2 a1",
        "double(X, Y) :- Y is 2*X.",
        "use_module(library(clpz)).",
        ":set depth 3",
    ] {
        s.eval(input, &mut pager);
    }
    let snapshot = s.snapshot();
    let (restored, note) = Session::restore(snapshot).unwrap();
    assert_eq!(note, "");
    let out = transcript_in(
        restored,
        &[
            ":position",
            "double(4, Y).",
            "X #= 2 * 3.",
            "numlist(1, 9, L).",
        ],
    );
    insta::assert_snapshot!(out);
}

#[test]
fn completion_offers_commands_files_moves_and_predicates() {
    let mut s = Session::new(spec("hex", &["size=2"])).unwrap();
    let mut pager = Script {
        out: String::new(),
        keys: Vec::new(),
        shown: 0,
    };
    s.eval("double(X, Y) :- Y is 2*X.", &mut pager);
    assert_eq!(s.complete(":lo", 3), (0, vec![":load ".to_string()]));
    assert_eq!(s.complete(":mo", 3), (0, vec![":moves".to_string()]));
    assert_eq!(
        s.complete(":load rules/he", 14),
        (6, vec!["rules/hex.pl".to_string()])
    );
    let (at, moves) = s.complete(":play ", 6);
    assert_eq!((at, moves.len()), (6, 4));
    // the moves after the ones typed before the word
    let (_, after) = s.complete(":play a1 ", 9);
    assert_eq!(after, ["b1", "a2", "b2"]);
    let (_, why) = s.complete(":why b", 6);
    assert_eq!(why, ["b1", "b2"]);
    assert_eq!(
        s.complete("current(S), le", 14),
        (
            12,
            vec![
                "legal(".to_string(),
                "legal_count(".to_string(),
                "legal_moves(".to_string(),
                "length(".to_string()
            ]
        )
    );
    assert_eq!(s.complete("dou", 3), (0, vec!["double(".to_string()]));
    assert_eq!(s.complete("X = Y", 5), (4, vec![]));
    assert_eq!(
        s.complete(":game con", 9),
        (6, vec!["contactix".to_string()])
    );
}
