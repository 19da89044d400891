//! *Check this position* on the web front end: what every other tier of a served
//! game makes of a position (its text, side to move, outcome and legal moves),
//! against the playing tier's, each tier opened in a worker of its own.

use super::caps::open_capped;
use crate::game::{PositionInfo, TextOps};
use crate::registry::EngineSpec;
use serde::Serialize;

/// What another tier makes of a position.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TierCheck {
    pub tier: String,
    /// The fields that differ from the playing tier's (empty: it agrees), each with
    /// both values; or why the tier could not say.
    pub differences: Vec<String>,
}

/// What every tier of `spec` but the one it plays in makes of the position the
/// playing tier describes as `here`.
pub fn check(spec: &EngineSpec, here: &PositionInfo) -> Vec<TierCheck> {
    let playing = spec.effective_tier();
    let mut out = Vec::new();
    for tier in spec.offered_tiers().into_iter().filter(|&t| t != playing) {
        let mut differences = Vec::new();
        let other = open_capped(&spec.in_tier(tier))
            .map_err(|e| e.to_string())
            .and_then(|mut e| e.describe_text(&here.position).map_err(|e| e.to_string()));
        match other {
            Err(e) => differences.push(format!("cannot say: {e}")),
            Ok(there) => {
                if there.position != here.position {
                    differences.push(format!(
                        "position text: {} vs {}",
                        there.position, here.position
                    ));
                }
                if there.to_move != here.to_move {
                    differences.push(format!("to move: {} vs {}", there.to_move, here.to_move));
                }
                if there.outcome != here.outcome {
                    differences.push(format!(
                        "outcome: {:?} vs {:?}",
                        there.outcome, here.outcome
                    ));
                }
                let (mut a, mut b) = (there.legal.clone(), here.legal.clone());
                a.sort();
                b.sort();
                if a != b {
                    let only = |x: &[String], y: &[String]| -> Vec<String> {
                        x.iter().filter(|m| !y.contains(m)).cloned().collect()
                    };
                    differences.push(format!(
                        "legal moves: only in {tier}: [{}]; only in {playing}: [{}]",
                        only(&a, &b).join(" "),
                        only(&b, &a).join(" ")
                    ));
                }
            }
        }
        out.push(TierCheck {
            tier: tier.name().to_string(),
            differences,
        });
    }
    out
}
