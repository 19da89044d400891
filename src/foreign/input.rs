//! What a query at the REPL reads from the terminal: `read/1` and `read_term/2` at the
//! prompt (rules/lib/repl_tools.pl) ask `ludolog_repl_read(Prompt)` for the text of
//! the next term the user types, as SWI-Prolog's top level reads it after `|: `.
//!
//! The engine's own standard input is the frontend's protocol, so the host that runs
//! the query sets a reader here, on the thread that runs the machine: the REPL's
//! engine process asks its frontend (see `repl::worker`).  With no reader set (a
//! session with no one to type), a read is at the end of its input.

use super::{input, output};
use std::cell::RefCell;
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Gives the text of the next term typed after the prompt; `None` at the end of input.
pub type Reader = Box<dyn FnMut(&str) -> Option<String>>;

thread_local! {
    static READER: RefCell<Option<Reader>> = const { RefCell::new(None) };
}

/// Sets how queries on this thread read what the user types (`None`: nothing).
pub fn set_input_reader(reader: Option<Reader>) {
    READER.with(|r| *r.borrow_mut() = reader);
}

/// The next term's text from the reader, asked with `prompt`; `None` at the end of
/// input or when no reader is set.
fn read_with(prompt: &str) -> Option<String> {
    // taken out while it runs, so a reader that reads again finds none, not a borrow
    let mut reader = READER.with(|r| r.borrow_mut().take())?;
    let text = reader(prompt);
    READER.with(|r| {
        r.borrow_mut().get_or_insert(reader);
    });
    text
}

/// The text of the next term the user types after `prompt`, ending with its full
/// stop; the empty text at the end of input (Ctrl-D, or piped input that ended).
#[no_mangle]
pub(crate) unsafe extern "C" fn ludolog_repl_read(prompt: *const c_char) -> *const c_char {
    let text = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: a cstr argument of this call (see `input`)
        let prompt = unsafe { input(prompt) }.map(String::from_utf8_lossy);
        read_with(prompt.as_deref().unwrap_or("|: ")).unwrap_or_default()
    }))
    .unwrap_or_default();
    // a term's text holds no NUL; a text that did would be no term
    output(text.replace('\0', " "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::{CStr, CString};

    fn read(prompt: &str) -> String {
        let prompt = CString::new(prompt).unwrap();
        // SAFETY: the prompt is a C string of this test, alive for the call; the result
        // is read before the next call
        unsafe { CStr::from_ptr(ludolog_repl_read(prompt.as_ptr())) }
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn a_read_asks_the_reader_with_its_prompt() {
        assert_eq!(read("|: "), "");
        let mut asked = Vec::new();
        let mut texts = vec!["foo(bar).".to_string()].into_iter();
        let (tx, rx) = std::sync::mpsc::channel();
        set_input_reader(Some(Box::new(move |prompt| {
            let _ = tx.send(prompt.to_string());
            texts.next()
        })));
        assert_eq!(read("|: "), "foo(bar).");
        assert_eq!(read("? "), "");
        asked.extend(rx.try_iter());
        assert_eq!(asked, ["|: ", "? "]);
        set_input_reader(None);
        assert_eq!(read("|: "), "");
    }
}
