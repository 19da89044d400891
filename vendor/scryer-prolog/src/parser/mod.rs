pub use dashu;

// #[macro_use]
// extern crate lazy_static;
// #[macro_use]
// extern crate static_assertions;

pub mod char_reader;
#[macro_use]
pub mod ast;
#[macro_use]
pub mod macros;
pub mod lexer;
#[allow(clippy::module_inception)]
pub mod parser;
