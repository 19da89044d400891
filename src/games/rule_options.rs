//! Each built-in game's options as its rule file declares them (`option/4`), read
//! from rules/*.pl by build.rs: the native descriptors take theirs from here, so an
//! option, its range, its default and its meaning are written once, in the rules.

use crate::game::{OptionKind, OptionSpec};

include!(concat!(env!("OUT_DIR"), "/rule_options.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_read_from_the_rule_files_are_their_option_facts() {
        assert_eq!(
            HEX,
            [
                OptionSpec {
                    key: "size",
                    kind: OptionKind::Int { min: 1, max: 26 },
                    default: "11",
                    meaning: "the board size",
                },
                OptionSpec {
                    key: "swap",
                    kind: OptionKind::Bool,
                    default: "false",
                    meaning: "the pie rule (blue may swap as its first move)",
                },
            ]
        );
        assert_eq!(REPLICA[0].kind, OptionKind::Choice(&["forward", "all"]));
        assert_eq!(CONTACTIX[2].kind, OptionKind::Name);
        assert!(TIC_TAC_TOE.is_empty());
        // the native Hex and Con-Tac-Tix boards hold every size the rules allow
        let side = |spec: &OptionSpec| matches!(spec.kind, OptionKind::Int { min: 1, max } if max == crate::games::hex::MAX_SIDE as i64);
        assert!(side(&HEX[0]) && side(&CONTACTIX[0]) && side(&CONTACTIX[1]));
    }
}
