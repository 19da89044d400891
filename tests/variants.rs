//! Games written only as rules (rules/y.pl, rules/variants/): listed by `ludolog
//! games` with the options their files declare, playable, searchable, renderable and
//! checked — against the accelerated tier (misère Hex), against the native engine of
//! the game they vary when their options make it that game (Replica's house rules
//! all off), or against themselves with perft (the rest).  Their perft rows are in
//! tests/data/perft.txt.

use crate::common;

use ludolog::check::{compare, CheckConfig};
use ludolog::game::{GameOptions, SearchSpec, TextOps, Tier};
use ludolog::registry::{all_games, find_game, EngineSpec};

const RULE_ONLY: [&str; 4] = ["misere_hex", "replica_house", "mitsudomoe_source", "y"];

fn config(games: usize, max_plies: usize, perft: Option<u32>) -> CheckConfig {
    CheckConfig {
        games,
        max_plies,
        seed: 3,
        perft_depth: perft,
        progress: false,
        strategy: ludolog::check::Strategy::Uniform,
        sweep: 0,
    }
}

/// Each option is declared by its rule file: a built-in game's native descriptor
/// declares exactly the options of its rule file's `option/4` facts, and a variant
/// declares an option it shares with the game it varies as that game does.
#[test]
fn descriptors_and_variants_declare_the_options_of_their_rule_files() {
    use ludolog::game::intern_options;
    for d in ludolog::games::ALL {
        let declared = EngineSpec::new(d.name, GameOptions::default())
            .open_rules(Tier::Spec)
            .unwrap()
            .info()
            .unwrap()
            .options;
        assert_eq!(intern_options(&declared), d.options, "{}", d.name);
    }
    for (variant, base) in [("misere_hex", "hex"), ("replica_house", "replica")] {
        let (v, b) = (find_game(variant).unwrap(), find_game(base).unwrap());
        let shared: Vec<_> = v
            .options
            .iter()
            .filter_map(|o| b.options.iter().find(|p| p.key == o.key).map(|p| (o, p)))
            .collect();
        assert!(!shared.is_empty(), "{variant}");
        for (o, p) in shared {
            assert_eq!(o, p, "{variant} declares {} unlike {base}", o.key);
        }
    }
}

/// Y's option says what works: side 22 (253 cells, one term of 253 arguments) plays,
/// and 23 (which no term could hold) is refused by the option's range, not by the
/// engine as it fails.
#[test]
fn y_takes_every_side_its_option_allows() {
    let (code, out, err) = common::run(&["moves", "y", "-O", "size=22"], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("legal (253)"), "{out}");
    let (code, _, err) = common::run(&["moves", "y", "-O", "size=23"], None);
    assert_eq!(code, 1);
    assert!(err.contains("a whole number from 1 to 22"), "{err}");
}

#[test]
fn rule_only_games_are_listed_with_their_declared_options() {
    let (games, broken) = all_games();
    assert!(broken.is_empty(), "{broken:?}");
    for name in RULE_ONLY {
        let d = games
            .iter()
            .find(|g| g.name == name)
            .unwrap_or_else(|| panic!("{name} is not listed"));
        assert!(d.native.is_none());
        assert!(!d.summary.is_empty());
    }
    let house = find_game("replica_house").unwrap();
    let keys: Vec<&str> = house.options.iter().map(|o| o.key).collect();
    assert_eq!(keys, ["sight", "kings", "twice", "backward"]);
    assert_eq!(
        find_game("misere_hex").unwrap().tiers(),
        [Tier::Spec, Tier::Accelerated]
    );
    // y's board is a board.pl board, whose queries have a native twin
    assert_eq!(
        find_game("y").unwrap().tiers(),
        [Tier::Spec, Tier::Accelerated]
    );
    let (code, out, _) = common::run(&["games"], None);
    assert_eq!(code, 0);
    for name in RULE_ONLY {
        assert!(out.contains(&format!("{name} ")), "{out}");
    }
    assert!(out.contains("-O kings=…  the directions a king steps and jumps in: forward or all (default forward)"), "{out}");
    // options are checked like a built-in game's
    let (code, _, err) = common::run(&["moves", "replica_house", "-O", "kings=sideways"], None);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "option kings=sideways: the directions a king steps and jumps in is forward or all"
        ),
        "{err}"
    );
    let (code, _, err) = common::run(&["moves", "y", "-O", "sise=3"], None);
    assert_eq!(code, 1);
    assert!(
        err.contains("unknown option `sise` for y (it takes: size)"),
        "{err}"
    );
}

#[test]
fn misere_hex_spec_and_accelerated_agree() {
    let mut a = common::engine("misere_hex", "size=5 swap=true", Tier::Spec);
    let mut b = common::engine("misere_hex", "size=5 swap=true", Tier::Accelerated);
    let r = compare(a.as_mut(), b.as_mut(), &config(20, 100, Some(2))).unwrap();
    assert!(r.mismatch.is_none(), "{:?}", r.mismatch);
    assert!(r.positions > 300, "{} positions", r.positions);
}

#[test]
fn replica_house_rules_all_off_is_replica() {
    let mut a = common::engine("replica_house", "", Tier::Spec);
    let mut b = common::engine("replica", "", Tier::Native);
    let r = compare(a.as_mut(), b.as_mut(), &config(8, 300, Some(2))).unwrap();
    assert!(r.mismatch.is_none(), "{:?}", r.mismatch);
}

#[test]
fn variants_check_against_themselves() {
    for (game, options, games) in [
        ("replica_house", "kings=all twice=true backward=true", 4),
        ("mitsudomoe_source", "", 2),
        ("y", "size=5", 6),
    ] {
        let mut a = common::engine(game, options, Tier::Spec);
        let mut b = common::engine(game, options, Tier::Spec);
        let r = compare(a.as_mut(), b.as_mut(), &config(games, 150, Some(2))).unwrap();
        assert!(r.mismatch.is_none(), "{game}: {:?}", r.mismatch);
        assert!(r.perft_counts > 0, "{game}");
    }
}

#[test]
fn variants_are_playable_searchable_and_renderable() {
    for (game, options, moves) in [
        ("misere_hex", "size=4", "a1 b2"),
        ("replica_house", "twice=true kings=all", "a1-e1-e2 h8-h4"),
        ("mitsudomoe_source", "", "+a3/a1-a3"),
        ("y", "size=4", "a1 b3"),
    ] {
        let opts: Vec<&str> = options.split_whitespace().collect();
        let spec = EngineSpec::new(game, GameOptions::parse(&opts).unwrap());
        let mut e = spec.open().unwrap();
        let start = e.initial().unwrap();
        let moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
        let at = e
            .play_all(start, &moves)
            .unwrap_or_else(|err| panic!("{game}: {err}"));
        let best = e
            .best(at, SearchSpec::AlphaBeta(ludolog::game::Limits::depth(2)))
            .unwrap();
        assert!(best.mv.is_some(), "{game}: no best move");
        let mut rules = spec.open_rules(Tier::Spec).unwrap();
        let text = e.text(at).unwrap();
        let view = rules.view_text(&text).unwrap();
        let ascii = ludolog::render::render_ascii(&view, false);
        assert!(ascii.lines().count() > 2, "{game}:\n{ascii}");
        let svg = ludolog::render::render_svg(&view);
        assert!(svg.starts_with("<svg") || svg.contains("<svg"), "{game}");
    }
}

#[test]
fn the_house_rules_change_what_kings_may_do() {
    let e = |options: &str| common::engine("replica_house", options, Tier::Spec);
    let legal = |options: &str, after: &str| {
        let mut e = e(options);
        let start = e.initial().unwrap();
        let moves: Vec<String> = after.split_whitespace().map(String::from).collect();
        let at = e.play_all(start, &moves).unwrap();
        e.describe(at).unwrap().legal
    };
    // the king jumped to e1 goes back west (past d1, c1, b1 to a1) only when kings
    // move in all directions
    assert!(!legal("", "a1-e1 h8-h4").contains(&"e1-a1".to_string()));
    assert!(legal("kings=all", "a1-e1 h8-h4").contains(&"e1-a1".to_string()));
    // the white man on c4 takes the black man behind it on c3 only under backward=true
    // (a position text says which house rules are on)
    let behind = |rules: &str| {
        let mut e = e("");
        let text = format!("4bbbB/4bbbb/6bb/6bb/2w5/2b5/wwww4/Wwww4 white{rules}");
        let at = e.parse(&text).unwrap();
        e.describe(at).unwrap().legal
    };
    assert!(!behind("").contains(&"c4-c3".to_string()));
    assert!(behind(" backward").contains(&"c4-c3".to_string()));
    // a king steps twice only under twice=true: 9 more moves at the start
    assert_eq!(legal("", "").len(), 43);
    assert_eq!(legal("twice=true", "").len(), 52);
    assert!(legal("twice=true", "").contains(&"a1-c3-d4".to_string()));
    // and the text says which house rules are on
    let mut house = e("kings=all backward=true");
    let start = house.initial().unwrap();
    assert_eq!(
        house.text(start).unwrap(),
        "4bbbB/4bbbb/6bb/6bb/ww6/ww6/wwww4/Wwww4 white kings=all backward"
    );
}
