//! Drawing any game from its rule file's `view/2`: the view model and the ASCII renderer.

mod ascii;
mod view;

pub use ascii::render_ascii;
pub use view::{Cell, Shape, View};
