//! A game that states its turns in the board library's words (`turns/3`) is played
//! whole by the host in the accelerated tier's playouts.  The host must play the
//! same game as the rule file: from every position of some random games and for
//! many seeds, the accelerated tier's playout (one host call) has the same length
//! and outcome as the spec tier's (legal/2 and play/3, ply by ply), and as the
//! library's pure definition of the same playout.

use crate::common;

use ludolog::game::Tier;
use ludolog::prolog::PrologMachine;

/// The plies and outcome of a playout from the position `text` with `seed`, as
/// protocol's random_playout/6 plays it in machine `m`.
fn playout(m: &mut PrologMachine, module: &str, text: &str, seed: u64) -> String {
    let q = format!(
        "atom_chars('{text}', Cs), phrase({module}:position(S), Cs), \
         protocol:random_playout({module}, S, {seed}, 1000, P, O), X = P-O."
    );
    format!("{:?}", m.answer(&q, "X").expect("the playout runs"))
}

/// The plies and status of the pure definition's playout (board_turns.pl) and the
/// host's, from the position `text` with `seed`, in the accelerated machine `m`.
fn pure_and_host(m: &mut PrologMachine, module: &str, text: &str, seed: u64) -> String {
    let q = format!(
        "atom_chars('{text}', Cs), phrase({module}:position(S), Cs), \
         (  {module}:turns(S, B, Ts) \
         -> board_turns:turn_playout(B, Ts, {seed}, 1000, P1, S1), \
            board:turn_playout(B, Ts, {seed}, 1000, P2, S2), \
            (  P1-S1 == P2-S2 -> X = same ; X = differ(P1-S1, P2-S2) ) \
         ;  X = over )."
    );
    format!("{:?}", m.answer(&q, "X").expect("the playouts run"))
}

/// Every position of `games` random games of `game`, the finished ones included.
fn positions(game: &str, options: &str, games: u64) -> Vec<String> {
    common::random_game_positions(game, options, games, Tier::Spec)
}

/// The two tiers' playouts agree from every position of `games` games, with
/// `seeds` seeds each; gives how many playouts were compared.
fn agree(game: &str, options: &str, games: u64, seeds: u64) -> usize {
    agree_at_most(game, options, games, seeds, usize::MAX)
}

/// `agree` from at most `most` of the positions, spread evenly over the games (a
/// spec tier's playouts from every position of a long game take minutes).
fn agree_at_most(game: &str, options: &str, games: u64, seeds: u64, most: usize) -> usize {
    let mut spec = common::rule_machine(game, options, false);
    let mut fast = common::rule_machine(game, options, true);
    let mut n = 0;
    let all = positions(game, options, games);
    let every = all.len().div_ceil(most.max(1)).max(1);
    for (i, text) in all.iter().enumerate().step_by(every) {
        for seed in 0..seeds {
            let seed = seed * 7919 + i as u64;
            let (a, b) = (
                playout(&mut spec, game, text, seed),
                playout(&mut fast, game, text, seed),
            );
            assert_eq!(
                a, b,
                "{game}: the playouts from {text} with seed {seed} differ"
            );
            let both = pure_and_host(&mut fast, game, text, seed);
            assert!(
                both.contains("same") || both.contains("over"),
                "{game} {text} {seed}: {both}"
            );
            n += 1;
        }
    }
    n
}

#[test]
fn clobber_playouts_are_the_same_game_in_both_tiers() {
    assert!(agree("clobber", "", 2, 4) > 50);
    assert!(agree("clobber", "cols=3 rows=3", 3, 6) > 30);
}

#[test]
fn connect_four_playouts_are_the_same_game_in_both_tiers() {
    assert!(agree("connect_four", "", 2, 3) > 50);
    assert!(agree("connect_four", "cols=4 rows=3 line=3", 3, 5) > 30);
}

#[test]
fn breakthrough_playouts_are_the_same_game_in_both_tiers() {
    assert!(agree("breakthrough", "cols=5 rows=5", 2, 3) > 30);
    assert!(agree("breakthrough", "cols=3 rows=4", 3, 5) > 30);
}

#[test]
fn lint_finds_turns_that_are_not_the_game_legal_and_play_make() {
    // Clobber whose turns/3 says the side to move plays again after its move: the
    // host would play another game than legal/2 and play/3
    let text = std::fs::read_to_string("rules/clobber.pl").expect("clobber.pl");
    let right = "turns(clobber(_, _, P, Board, ongoing), Board, [T, U]) :-\n    turn(P, T), other(P, Q), turn(Q, U).";
    assert!(
        text.contains(right),
        "clobber.pl states its turns as this test expects"
    );
    let dir = tempfile::tempdir().expect("a directory");
    let path = dir.path().join("clobber.pl");
    let wrong = "turns(clobber(_, _, P, Board, ongoing), Board, [T, T]) :-\n    turn(P, T).";
    std::fs::write(&path, text.replace(right, wrong)).expect("the copy is written");
    let path = path.to_string_lossy().to_string();
    let (code, out, err) = common::run(&["lint", &path, "--games", "1"], None);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("turns/3: a random game from here"), "{out}");
    assert!(out.contains("1 finding"), "{out}");
    let (code, out, err) = common::run(&["lint", "rules/clobber.pl", "--games", "1"], None);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn tic_tac_toe_playouts_are_the_same_game_in_both_tiers() {
    assert!(agree("tic_tac_toe", "", 4, 5) > 50);
}

#[test]
fn othello_playouts_with_passes_are_the_same_game_in_both_tiers() {
    assert!(agree("othello", "size=4", 4, 4) > 50);
    assert!(agree("othello", "size=6", 1, 2) > 30);
}

#[test]
fn y_playouts_joining_the_sides_are_the_same_game_in_both_tiers() {
    assert!(agree("y", "size=5", 3, 4) > 50);
    assert!(agree("y", "", 1, 2) > 30);
}

#[test]
fn hex_family_playouts_joining_the_edges_are_the_same_game_in_both_tiers() {
    // Hex, its swap positions (no turns while Blue may swap: played ply by ply),
    // Con-Tac-Tix with its colours on a board that is not square, and misère Hex,
    // whose join loses
    assert!(agree("hex", "size=4", 3, 4) > 40);
    assert!(agree("hex", "size=3 swap=true", 3, 4) > 20);
    assert!(
        agree(
            "contactix",
            "cols=4 rows=3 vertical=white horizontal=black",
            3,
            4
        ) > 30
    );
    assert!(agree("misere_hex", "size=4", 3, 4) > 40);
}

#[test]
fn mitsudomoe_playouts_of_stacks_are_the_same_game_in_both_tiers() {
    // rings stacked and lifted, then a ball's hop with its relocations: the rulebook's
    // limits, and the source project's (no ball frozen, none shielded)
    assert!(agree_at_most("mitsudomoe", "", 3, 2, 6) >= 10);
    assert!(agree_at_most("mitsudomoe_source", "", 3, 2, 6) >= 10);
}
