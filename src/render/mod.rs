//! Drawing any game from its rule file's `view/2` (the `game::View` model): ASCII and SVG.

mod ascii;
mod svg;

pub use ascii::render_ascii;
pub use svg::render_svg;
