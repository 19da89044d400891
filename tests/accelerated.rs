//! The accelerated tier of Hex: boards carry native copies (handles); a copy the
//! host has dropped is rebuilt from the rows, and every answer stays the spec's.

use ludolog::game::GameOptions;
use ludolog::prolog::PrologMachine;
use ludolog::registry::EngineSpec;

fn machine(accelerated: bool) -> PrologMachine {
    let spec = EngineSpec::new("hex", GameOptions::default());
    let rules = spec.resolve().expect("embedded hex").rules;
    let mut m = PrologMachine::load(&rules, accelerated).expect("load");
    m.set_acceleration(accelerated).expect("acceleration");
    m.answer(
        "use_module(library(between)), use_module(library(lists)), use_module(library(dcgs)), X = ok.",
        "X",
    )
    .expect("libraries");
    m
}

/// Answers `query` for `X`, as text.
fn answer(m: &mut PrologMachine, query: &str) -> String {
    format!("{:?}", m.answer(query, "X").expect(query))
}

#[test]
fn boards_carry_a_native_copy_only_when_accelerated() {
    let q = "hex:initial([size(2), swap(false)], hex(_, _, _, B, _, _)), ( B = native(_, _) -> X = native ; X = rows ).";
    assert_eq!(answer(&mut machine(true), q), r#"Atom("native")"#);
    assert_eq!(answer(&mut machine(false), q), r#"Atom("rows")"#);
}

#[test]
fn a_dropped_native_copy_is_rebuilt_from_the_rows() {
    // the host keeps the 32768 most recent copies: make 40000 more after S
    let q = "hex:initial([size(3), swap(false)], S0), protocol:replay(hex, S0, [place(0,0), place(1,1)], S), \
             ( protocol:accelerated -> \\+ ( between(1, 40000, _), \\+ hexgrid_accel:board_new(eeeeeeeee, 3, 3, _) ) ; true ), \
             protocol:legal_moves(hex, S, Ms), \
             protocol:replay(hex, S, [place(0,1), place(2,2), place(0,2)], S3), \
             hex:outcome(S3, O), phrase(hex:position(S3), Cs), atom_chars(P, Cs), \
             length(Ms, N), X = N-O-P.";
    let accelerated = answer(&mut machine(true), q);
    let spec = answer(&mut machine(false), q);
    assert_eq!(accelerated, spec);
    assert!(accelerated.contains("win"), "{accelerated}");
}

#[test]
fn a_board_written_by_hand_is_read_the_pure_way() {
    // no native copy: the accelerated definitions fall back to the rows
    let q = "S = hex(2-2, false, red, [[e,r],[e,e]], ongoing, false), \
             protocol:legal_moves(hex, S, Ms), hex:play(S, place(0,1), S1), \
             hex:outcome(S1, O), X = Ms-O.";
    assert_eq!(
        answer(&mut machine(true), q),
        answer(&mut machine(false), q)
    );
}

#[test]
fn evaluation_is_the_same_in_both_rule_tiers() {
    let q = "hex:initial([size(5), swap(false)], S0), \
             protocol:replay(hex, S0, [place(2,2), place(1,3), place(3,1), place(0,4)], S), \
             findall(V, ( member(P, [red, blue]), hex:evaluate(S, P, V) ), X).";
    let accelerated = answer(&mut machine(true), q);
    assert_eq!(accelerated, answer(&mut machine(false), q));
}

#[test]
fn a_machine_replaced_mid_game_keeps_every_held_position() {
    // a fresh machine every few requests: the positions move over through their
    // texts, and every answer stays what one machine gives (four moves: about eight
    // machines a tier, each a quarter of a second to load)
    use ludolog::game::{Engine, Tier};
    for tier in [Tier::Spec, Tier::Accelerated] {
        let spec = EngineSpec::new("hex", GameOptions::parse(&["size=4"]).unwrap());
        let mut steady = spec.open_rules(tier).unwrap();
        let mut churned = spec.open_rules(tier).unwrap();
        churned.set_recycle_at(2_000);
        let (mut a, mut b) = (steady.initial().unwrap(), churned.initial().unwrap());
        let start_b = churned.copy(b).unwrap();
        for k in 0..4 {
            let (da, db) = (steady.describe(a).unwrap(), churned.describe(b).unwrap());
            assert_eq!(da, db, "{tier} after {k} moves");
            let Some(m) = da.legal.get((k * 5) % da.legal.len().max(1)).cloned() else {
                break;
            };
            let (na, nb) = (steady.play(a, &m).unwrap(), churned.play(b, &m).unwrap());
            steady.release(a);
            churned.release(b);
            (a, b) = (na, nb);
        }
        assert_eq!(churned.text(start_b).unwrap(), "4x4 4/4/4/4 red");
        assert_eq!(churned.held(), 2);
    }
}

#[test]
fn a_stone_taken_off_splits_its_group_in_every_form_of_board() {
    // red joins top and bottom down column b, then b2 is taken off (the group falls
    // apart), put back (joined again), and b3 turned blue (apart again): the spec
    // board's reach layer must follow, as the native copy and plain rows do
    let steps = "hexgrid:place_stone(B0, 4-4, 1-0, r, vertical, B1, _), \
                 hexgrid:place_stone(B1, 4-4, 1-1, r, vertical, B2, _), \
                 hexgrid:place_stone(B2, 4-4, 1-2, r, vertical, B3, _), \
                 hexgrid:place_stone(B3, 4-4, 1-3, r, vertical, B4, S1), \
                 hexgrid:board_set(B4, 1, 1, e, B5), hexgrid:spanning(B5, 4-4, r, vertical, S2), \
                 hexgrid:place_stone(B5, 4-4, 1-1, r, vertical, B6, S3), \
                 hexgrid:board_set(B6, 1, 2, b, B7), hexgrid:spanning(B7, 4-4, r, vertical, S4), \
                 hexgrid:place_stone(B7, 4-4, 2-1, r, vertical, _, S5), \
                 X = [S1, S2, S3, S4, S5].";
    let expected =
        r#"List([Atom("true"), Atom("false"), Atom("true"), Atom("false"), Atom("false")])"#;
    for accelerated in [false, true] {
        let q = format!("hexgrid:empty_board(4, 4, B0), {steps}");
        assert_eq!(
            answer(&mut machine(accelerated), &q),
            expected,
            "accelerated: {accelerated}"
        );
    }
    let plain = format!("B0 = [[e,e,e,e],[e,e,e,e],[e,e,e,e],[e,e,e,e]], {steps}");
    assert_eq!(answer(&mut machine(false), &plain), expected, "plain rows");
}
