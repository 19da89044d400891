//! Drawing any game from its rule file's `view/2`: the view model, ASCII and SVG.

mod ascii;
mod svg;
mod view;

pub use ascii::render_ascii;
pub use svg::render_svg;
pub use view::{Cell, Shape, View};
