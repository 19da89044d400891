//! The rules playground's share of the server: how many of its lints and checks
//! (each a worker process) may run at once, and the places for them.

use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How many lints and checks run at once (each a worker process); more get a 503.
pub const MAX_AT_ONCE: usize = 3;

/// The playground's share of the server: its lints and checks running now.
pub struct Playground {
    work: Arc<Semaphore>,
}

impl Default for Playground {
    fn default() -> Playground {
        Playground {
            work: Arc::new(Semaphore::new(MAX_AT_ONCE)),
        }
    }
}

impl Playground {
    /// A place for one more lint or check, held until it is dropped; none when
    /// `MAX_AT_ONCE` run already.
    pub fn permit(&self) -> Option<OwnedSemaphorePermit> {
        self.work.clone().try_acquire_owned().ok()
    }
}
