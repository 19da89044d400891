//! What adding a native game costs, shown on a tiny one that is not shipped: Nim on
//! one pile.  Its rule file is `tests/data/new_game/pile.pl`; its native engine is
//! the `Pile` below, a plain `Game`.  Nothing else is written for it: the generic
//! `NativeEngine` serves it, `check` compares it with its rule file position by
//! position (texts, moves, outcomes, refusals), and perft, playouts and search run
//! on it as on any game.  Shipped, it would be a folder `src/games/pile/` holding
//! this `Game` and a `DESCRIPTOR` like the one below, the rule file in `rules/`, a
//! row in `tests/data/games.txt` and rows in `tests/data/perft.txt`, and one line
//! in `games::ALL` (with its `pub mod`).

use ludolog::check::{compare, CheckConfig};
use ludolog::game::{
    intern_options, Engine, EngineError, Game, GameDescriptor, GameOptions, OptionKind, OptionSpec,
    OptionValues, Outcome, PositionError, Reason, Refusal, RuleSource, Tier,
};
use ludolog::games::NativeEngine;
use ludolog::registry::EngineSpec;

const RULES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/new_game/pile.pl");

/// Nim on one pile: take one to three stones; who takes the last wins.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pile {
    stones: u32,
    to_move: usize,
}

const NAMES: [&str; 2] = ["first", "second"];

impl Pile {
    /// The start with the options' values (validated against the descriptor's range).
    fn from_values(v: &OptionValues) -> Pile {
        Pile {
            stones: v.int("stones").clamp(1, 99) as u32,
            to_move: 0,
        }
    }
}

impl Game for Pile {
    type Move = u32;

    fn player_names(&self) -> [&str; 2] {
        NAMES
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn legal_moves(&self, buf: &mut Vec<u32>) {
        buf.clear();
        buf.extend((1..=3).filter(|&k| k <= self.stones));
    }
    fn play(&mut self, mv: u32) {
        self.stones -= mv;
        self.to_move = 1 - self.to_move;
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0).then_some(Outcome::Win(1 - self.to_move))
    }
    fn evaluate(&self, player: usize) -> i32 {
        let v = if self.stones.is_multiple_of(4) { -1 } else { 1 };
        if player == self.to_move {
            v
        } else {
            -v
        }
    }
    fn hash(&self) -> u64 {
        u64::from(self.stones) * 2 + self.to_move as u64
    }
    fn position_text(&self) -> String {
        format!("{} {}", self.stones, NAMES[self.to_move])
    }
    fn parse_position(&self, text: &str) -> Result<Pile, EngineError> {
        let bad = || PositionError::unreadable(format!("not a pile position: {text:?}"));
        let (n, side) = text.split_once(' ').ok_or_else(bad)?;
        let canonical = n == "0" || (!n.starts_with('0') && n.chars().all(|c| c.is_ascii_digit()));
        let stones = n
            .parse::<u32>()
            .ok()
            .filter(|_| canonical)
            .ok_or_else(bad)?;
        let to_move = NAMES.iter().position(|s| *s == side).ok_or_else(bad)?;
        Ok(Pile { stones, to_move })
    }
    fn move_text(&self, mv: u32) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u32, EngineError> {
        let k: u32 = text
            .trim()
            .parse()
            .map_err(|_| EngineError::Move(format!("{text:?} is not a number of stones")))?;
        // the reasons of explain_illegal/3 in pile.pl, which words them
        if self.stones == 0 {
            return Err(EngineError::from(Refusal::reason(Reason::atom(
                "pile_empty",
            ))));
        }
        if !(1..=3).contains(&k) || k > self.stones {
            return Err(EngineError::from(Refusal::reason(Reason::term(
                "cannot_take",
                [Reason::int(self.stones), Reason::int(k)],
            ))));
        }
        Ok(k)
    }
}

/// The descriptor a shipped `src/games/pile/mod.rs` would hold.
const DESCRIPTOR: GameDescriptor = GameDescriptor {
    name: "pile",
    summary: "Pile: Nim on one pile; take one to three stones, who takes the last wins",
    options: &[OptionSpec {
        key: "stones",
        kind: OptionKind::Int { min: 1, max: 99 },
        default: "7",
        meaning: "the stones in the pile at the start",
    }],
    rules: RuleSource {
        path: "rules/pile.pl",
        text: include_str!("data/new_game/pile.pl"),
    },
    native: Some(|v| {
        Ok(Box::new(NativeEngine::new("pile", Pile::from_values(v))) as Box<dyn Engine>)
    }),
    accelerated: false,
    position_options: ludolog::game::no_position_options,
};

fn native(stones: &str) -> Box<dyn Engine> {
    let given = GameOptions::parse(&[format!("stones={stones}")]).unwrap();
    let values = DESCRIPTOR.values(&given).unwrap();
    (DESCRIPTOR.native.unwrap())(&values).unwrap()
}

fn rules(stones: &str) -> Box<dyn Engine> {
    let given = GameOptions::parse(&[format!("stones={stones}")]).unwrap();
    EngineSpec::new(RULES, given).open().unwrap()
}

#[test]
fn the_rule_file_and_the_native_engine_agree_everywhere() {
    for stones in ["1", "7", "30"] {
        let (mut spec, mut nat) = (rules(stones), native(stones));
        let config = CheckConfig {
            games: 40,
            ..CheckConfig::default()
        };
        let report = compare(spec.as_mut(), nat.as_mut(), &config).unwrap();
        assert!(report.mismatch.is_none(), "{:?}", report.mismatch);
        assert!(report.positions > 40, "{report:?}");
        if stones != "1" {
            assert!(report.refusals_compared > 0, "{report:?}");
        }
    }
}

#[test]
fn perft_search_and_the_rule_file_options_come_for_free() {
    let (mut spec, mut nat) = (rules("7"), native("7"));
    let (a, b) = (spec.initial().unwrap(), nat.initial().unwrap());
    // takes of 1-3 summing to 7 within 4 plies, finished games as leaves
    assert_eq!(spec.perft(a, 4).unwrap(), nat.perft(b, 4).unwrap());
    let best = nat
        .best(b, ludolog::game::SearchSpec::AlphaBeta(Default::default()))
        .unwrap();
    // 7 stones: take 3 and leave a multiple of four
    assert_eq!(best.mv.as_deref(), Some("3"));
    // the rule file declares the option the native descriptor declares (its
    // engine held here, to ask it)
    ludolog::worker::allow_rules_here();
    let declared = EngineSpec::new(RULES, GameOptions::default())
        .open_rules(Tier::Spec)
        .unwrap()
        .info()
        .unwrap()
        .options;
    assert_eq!(intern_options(&declared), DESCRIPTOR.options);
}
