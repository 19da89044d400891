//! Drawing any game from its rule file's `view/2` (the `game::View` model): ASCII and
//! SVG, each with the rule file's texts escaped for where they go.

mod ascii;
mod svg;
mod terminal;

pub use ascii::render_ascii;
pub use svg::{render_svg, render_svg_marked, render_svg_tinted, xml_text, Label, Tint};
pub use terminal::{terminal_text, terminal_view, TerminalWriter};
