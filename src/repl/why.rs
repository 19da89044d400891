//! `:why MOVE` in the REPL: `ludolog why` on the current position, through the
//! authoring tools' `WhyTool` (a second machine, made on the first `:why` of a
//! session), so the session's own engines are left as they are.

pub(super) use crate::authoring::WhyTool;
