//! `:why MOVE` in the REPL: `ludolog why` on the current position.  The rule file is
//! opened once more with the authoring tools (a second machine, made on the first
//! `:why` of a session), so the session's own engines are left as they are.

use crate::authoring::{explain, Workbench};
use crate::game::Engine;
use crate::registry::EngineSpec;

/// The tools of `:why`, opened on first use.
#[derive(Default)]
pub(super) struct WhyTool {
    bench: Option<Workbench>,
}

impl WhyTool {
    /// Why `mv` is refused in the position `position` (a position text), or what it does.
    pub(super) fn answer(&mut self, spec: &EngineSpec, position: &str, mv: &str) -> String {
        let bench = match &mut self.bench {
            Some(b) => b,
            None => match Workbench::open(spec) {
                Ok(b) => self.bench.insert(b),
                Err(e) => return format!("error: {e}"),
            },
        };
        let at = match bench.engine.parse(position) {
            Ok(p) => p,
            Err(e) => return format!("error: {e}"),
        };
        let answer = explain(bench, at, mv);
        bench.engine.release(at);
        match answer {
            Ok(a) => a.to_string(),
            Err(e) => format!("error: {e}"),
        }
    }
}
