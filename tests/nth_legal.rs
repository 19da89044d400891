//! The optional protocol predicates `legal_count/2` and `nth_legal/3`, which the
//! playout and perft drivers use instead of listing the moves, give exactly
//! `legal/2`'s moves in its order, in both rule tiers, on every position of random
//! games (swap positions and finished games included). Nothing else compares them:
//! `check` compares `legal/2` only.

use crate::common;

use ludolog::game::Tier;
use ludolog::prolog::PrologMachine;

/// A rule machine for `game` with `options`, in the spec or the accelerated tier.
fn machine(game: &str, options: &str, accelerated: bool) -> PrologMachine {
    common::rule_machine(game, options, accelerated)
}

/// `same` when, at the position `text`, legal_count/2 and nth_legal/3 agree with legal/2.
fn agreement(m: &mut PrologMachine, module: &str, text: &str) -> String {
    let q = format!(
        "atom_chars('{text}', Cs), phrase({module}:position(S), Cs), \
         findall(M, {module}:legal(S, M), L), length(L, N), \
         {module}:legal_count(S, N1), \
         findall(M, ( between(1, N, K1), K is K1 - 1, {module}:nth_legal(S, K, M) ), L2), \
         (  {module}:nth_legal(S, N, _) -> Past = listed ; Past = none ), \
         (  N1 == N, L2 == L, Past == none -> X = same ; X = differ(N, N1, L, L2, Past) )."
    );
    format!("{:?}", m.answer(&q, "X").expect("the query runs"))
}

/// Texts of every position of `games` random games of `game` (the native engine plays
/// them where there is one), the finished ones included.
fn positions(game: &str, options: &str, games: u64) -> Vec<String> {
    // a rules-only game has no native engine: its spec tier plays the games
    let tier = if [
        "breakthrough",
        "clobber",
        "connect_four",
        "tic_tac_toe",
        "othello",
    ]
    .contains(&game)
    {
        Tier::Spec
    } else {
        Tier::Native
    };
    common::random_game_positions(game, options, games, tier)
}

#[test]
fn breakthroughs_steps_table_is_its_pawn_moves() {
    // steps/2, the one statement of a pawn's moves, names as square8 directions of a
    // grid whose rows are the ranks what the rules say: one rank forward (forward/2's
    // rank change), to the left, straight or to the right, straight onto an empty
    // square only, diagonally onto an empty square or an enemy pawn; and ahead/2 (the
    // far edge a pawn wins on) is the straight step's direction
    let mut m = machine("breakthrough", "cols=5 rows=6", false);
    let q = "findall(P-Steps, ( member(P, [black, white]), breakthrough:forward(P, D), \
             breakthrough:other(P, Q), breakthrough:pawn(Q, Y), grid:offsets(square8, Os), \
             findall(Dir-Ts, ( member(DC, [-1, 0, 1]), nth1(Dir, Os, DC-D), \
                               findall(T, ( member(T, [e, b, w]), \
                                            ( T == e ; DC =\\= 0, T == Y ) ), Ts) ), Steps) ), \
             Derived), \
             findall(P-S, breakthrough:steps(P, S), Written), \
             findall(P-A, ( member(P, [black, white]), breakthrough:forward(P, D), \
                            grid:offsets(square8, Os), nth1(A, Os, 0-D) ), Ahead), \
             findall(P-A, breakthrough:ahead(P, A), AheadWritten), \
             ( Derived == Written, Ahead == AheadWritten -> X = same ; X = Derived-Ahead ).";
    assert_eq!(
        format!("{:?}", m.answer(q, "X").expect(q)),
        r#"Atom("same")"#
    );
}

#[test]
fn replica_and_tactigon_count_and_pick_their_moves_in_order_in_both_rule_tiers() {
    // their moves are many (86 at Tactigon's start), and nth_legal/3 lists them in
    // the spec tier for each pick: a few games
    for game in ["replica", "tactigon"] {
        let texts = positions(game, "", 2);
        for accelerated in [false, true] {
            let mut m = machine(game, "", accelerated);
            for text in texts.iter().step_by(3) {
                assert_eq!(
                    agreement(&mut m, game, text),
                    r#"Atom("same")"#,
                    "{game} accelerated={accelerated} at {text}"
                );
            }
        }
    }
}

#[test]
fn replica_house_counts_and_picks_its_moves_in_order_under_each_house_rule() {
    // the board library counts and picks the moves of each piece's rays (captures
    // backwards among them) in both tiers, with twice on a king's second ones too.  A
    // position's text carries its house rules: one machine a tier reads them all
    let mut machines = [
        machine("replica_house", "", false),
        machine("replica_house", "", true),
    ];
    for options in [
        "",
        "kings=all",
        "backward=true",
        "kings=all backward=true sight=all",
        "twice=true",
        "twice=true kings=all backward=true",
    ] {
        // one game's positions, every third (Replica's games are long), played in
        // the accelerated tier
        let texts = common::random_game_positions("replica_house", options, 1, Tier::Accelerated);
        for (m, accelerated) in machines.iter_mut().zip([false, true]) {
            for text in texts.iter().step_by(3) {
                assert_eq!(
                    agreement(m, "replica_house", text),
                    r#"Atom("same")"#,
                    "replica_house {options} accelerated={accelerated} at {text}"
                );
            }
            // a random pick is the (R mod N)-th move, as the playouts take it
            let q = format!(
                "\\+ ( member(T, ['{}', '{}']), atom_chars(T, Cs), \
                        phrase(replica_house:position(S), Cs), \
                        findall(M, replica_house:legal(S, M), L), length(L, N), N > 0, \
                        member(R, [0, 1, 7, 1000003]), K is R mod N, nth0(K, L, M0), \
                        \\+ replica_house:random_legal(S, R, M0) ), X = same.",
                texts[0],
                texts[texts.len() / 2]
            );
            assert_eq!(
                format!("{:?}", m.answer(&q, "X").expect("the query runs")),
                r#"Atom("same")"#,
                "replica_house {options} accelerated={accelerated}: random_legal/3"
            );
        }
    }
}

#[test]
fn nth_legal_lists_legal_moves_in_order_in_both_rule_tiers() {
    for (game, options) in [
        ("hex", "size=4"),
        ("hex", "size=3 swap=true"),
        ("contactix", "cols=4 rows=3"),
        ("breakthrough", "cols=5 rows=6"),
        ("clobber", "cols=4 rows=3"),
        ("connect_four", "cols=4 rows=4 line=3"),
        ("tic_tac_toe", ""),
        ("othello", "size=4"),
    ] {
        let texts = positions(game, options, 12);
        assert!(
            texts.len() > 60,
            "{game} {options}: {} positions",
            texts.len()
        );
        let tiers: &[bool] = &[false, true];
        for &accelerated in tiers {
            let mut m = machine(game, options, accelerated);
            for text in &texts {
                assert_eq!(
                    agreement(&mut m, game, text),
                    r#"Atom("same")"#,
                    "{game} {options} accelerated={accelerated} at {text}"
                );
            }
        }
    }
}
