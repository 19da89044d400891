//! Who wrote a Hex SGF file, and what its words mean: the reader's decisions about
//! dialects, kept in one place.
//!
//! | writer | detected by | first player's moves | `swap-pieces` | `swap`, `SWAP` |
//! |---|---|---|---|---|
//! | Little Golem | `SO`/`PC`/`EV`/`GC` naming Little Golem, or no `GM` | `W` when the first move is `W` | swap-pieces | swap-pieces |
//! | HexGui up to 0.9, "HexGui:1.0." | `AP` | `B` | swap-sides | swap-sides |
//! | Hex-benzene 0.1 | `AP` | `B` | swap-sides | swap-sides |
//! | any other (HexGui 0.10 on, MoHex, ludolog) | | `B` | swap-pieces, unless the swapper moves next | swap-sides |
//!
//! `swap-sides` is swap-sides in every file.  A swap followed by another move of the
//! swapper's colour can only be swap-sides (after swap-pieces the other colour moves),
//! so the file's shape decides where its writer does not.

use crate::record::sgf::Node;

/// The writer of a Hex SGF file, as far as it matters to reading it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Writer {
    /// Little Golem: no `GM`, the first player's moves may be written `W`, Go-style
    /// cells, `swap` for swap-pieces.
    LittleGolem,
    /// HexGui up to 0.9 (and the early release that called itself 1.0.) and
    /// Hex-benzene 0.1: `swap-pieces` and `swap` mean swap-sides.
    OldSwapSides,
    /// Every other writer: modern HexGui, MoHex, ludolog, unknown programs.
    Modern,
}

/// What a swap word in a file means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SwapKind {
    /// The first stone mirrored and recoloured (the fixed-colour rules' swap).
    Pieces,
    /// The players change colours; the stone stays.
    Sides,
}

impl Writer {
    /// The writer of a file, from its root's `AP`, `GM` and source properties.
    pub(super) fn of(root: &Node) -> Writer {
        let text = |id: &str| root.get(id).map(|p| p.values[0].trim().to_string());
        let golem = ["SO", "PC", "EV", "GC"].iter().any(|id| {
            text(id).is_some_and(|v| {
                let v = v.to_ascii_lowercase().replace([' ', '-', '_'], "");
                v.contains("littlegolem")
            })
        });
        if golem || root.get("GM").is_none() {
            return Writer::LittleGolem;
        }
        match text("AP") {
            Some(ap) if old_hexgui(&ap) || old_benzene(&ap) => Writer::OldSwapSides,
            _ => Writer::Modern,
        }
    }

    /// What swap word `word` (lower case) means in this writer's files, given whether
    /// the swapper's colour also makes the next move; `None`: not a swap word.
    pub(super) fn swap(self, word: &str, swapper_moves_next: bool) -> Option<SwapKind> {
        let kind = match (word, self) {
            ("swap-sides", _) => SwapKind::Sides,
            ("swap-pieces" | "swap", Writer::LittleGolem) => SwapKind::Pieces,
            ("swap-pieces" | "swap", Writer::OldSwapSides) => SwapKind::Sides,
            ("swap", Writer::Modern) => SwapKind::Sides,
            ("swap-pieces", Writer::Modern) if swapper_moves_next => SwapKind::Sides,
            ("swap-pieces", Writer::Modern) => SwapKind::Pieces,
            _ => return None,
        };
        Some(kind)
    }

    /// Why `word` was read as `kind` when that is not what it says, for a note.
    pub(super) fn swap_note(self, word: &str, kind: SwapKind) -> Option<&'static str> {
        match (word, kind, self) {
            ("swap-sides", _, _) | ("swap-pieces", SwapKind::Pieces, _) => None,
            ("swap", SwapKind::Pieces, _) => {
                Some("read as swap-pieces (Little Golem mirrors the stone)")
            }
            (_, SwapKind::Sides, Writer::OldSwapSides) => Some(
                "read as swap-sides (HexGui up to 0.9, its release 1.0. and Hex-benzene 0.1 wrote it so)",
            ),
            ("swap", SwapKind::Sides, _) => Some("read as swap-sides (as HexGui reads it)"),
            (_, SwapKind::Sides, _) => {
                Some("read as swap-sides: the swapper's colour makes the next move")
            }
            _ => None,
        }
    }
}

/// `AP[HexGui:0.9.GIT]` and earlier, and `AP[HexGui:1.0.]` (an early release, before
/// the versions were renumbered): the versions that wrote swap-pieces for swap-sides.
fn old_hexgui(ap: &str) -> bool {
    let Some(v) = ap.strip_prefix("HexGui:") else {
        return false;
    };
    if v == "1.0." || v == "1.0" {
        return true;
    }
    let Some(v) = v.strip_prefix("0.") else {
        return false;
    };
    let mut chars = v.chars();
    chars.next().is_some_and(|c| c.is_ascii_digit())
        && !chars.next().is_some_and(|c| c.is_ascii_digit())
}

/// `AP[Hex-benzene:0.1]` (or with a space): Benzene's first release.
fn old_benzene(ap: &str) -> bool {
    let lower = ap.to_ascii_lowercase();
    let Some(v) = lower.strip_prefix("hex-benzene") else {
        return false;
    };
    let v = v.trim_start_matches([':', ' ']);
    v.strip_prefix("0.1")
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_writers_by_their_versions() {
        for ap in [
            "HexGui:0.9.GIT",
            "HexGui:0.2",
            "HexGui:1.0.",
            "Hex-benzene:0.1",
            "hex-benzene 0.1.2",
        ] {
            assert!(old_hexgui(ap) || old_benzene(ap), "{ap}");
        }
        for ap in [
            "HexGui:0.10",
            "HexGui:1.0.1",
            "Hex-benzene:0.10",
            "MoHex:1.0",
            "ludolog:0.1",
        ] {
            assert!(!old_hexgui(ap) && !old_benzene(ap), "{ap}");
        }
    }

    #[test]
    fn swap_words_by_writer_and_shape() {
        use SwapKind::*;
        use Writer::*;
        assert_eq!(Modern.swap("swap-pieces", false), Some(Pieces));
        assert_eq!(Modern.swap("swap-pieces", true), Some(Sides));
        assert_eq!(Modern.swap("swap", false), Some(Sides));
        assert_eq!(LittleGolem.swap("swap", false), Some(Pieces));
        assert_eq!(OldSwapSides.swap("swap-pieces", false), Some(Sides));
        assert_eq!(LittleGolem.swap("swap-sides", false), Some(Sides));
        assert_eq!(Modern.swap("a1", false), None);
    }
}
