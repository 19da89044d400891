//! The games `serve` holds: each on a thread of its own (a game's engines hold a
//! Prolog machine, which stays on the thread that made it), asked one request at a
//! time through a channel; at most `MAX_SESSIONS` at once, the oldest unused given
//! up first.

use super::game::{GameError, ServedGame};
use crate::registry::EngineSpec;
use std::collections::HashMap;
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::Instant;

/// How many games the server holds at once.
pub const MAX_SESSIONS: usize = 16;

/// A request for one game, run on its thread.
type Job = Box<dyn FnOnce(&mut ServedGame) + Send>;

/// A game's thread, as the server reaches it.
struct Handle {
    jobs: mpsc::Sender<Job>,
    used: Instant,
}

/// Every game the server holds.
#[derive(Default)]
pub struct Sessions {
    held: Mutex<(u64, HashMap<u64, Handle>)>,
}

/// Why a session request failed.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("there is no game {0} (it ended, or the server gave it up for a newer one)")]
    Unknown(u64),
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("the game's engine stopped: {0}")]
    Stopped(String),
}

impl Sessions {
    /// Opens a game on a thread of its own; gives its id.  When `MAX_SESSIONS` are
    /// held, the one unused longest is given up.
    pub async fn open(&self, spec: EngineSpec) -> Result<u64, SessionError> {
        let id = {
            let mut held = self.lock();
            held.0 += 1;
            held.0
        };
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (ready, opened) = tokio::sync::oneshot::channel();
        std::thread::Builder::new()
            .name(format!("game-{id}"))
            .spawn(move || {
                let game = std::panic::catch_unwind(|| ServedGame::open(id, spec));
                let mut game = match game {
                    Ok(Ok(g)) => {
                        let _ = ready.send(Ok(()));
                        g
                    }
                    Ok(Err(e)) => {
                        let _ = ready.send(Err(SessionError::Game(e)));
                        return;
                    }
                    Err(_) => {
                        let _ = ready.send(Err(SessionError::Stopped("it failed to start".into())));
                        return;
                    }
                };
                // a panic inside a request (a rule file that breaks scryer) ends this
                // game only: its channel closes and the next request says so
                for job in inbox {
                    let run = std::panic::AssertUnwindSafe(|| job(&mut game));
                    if std::panic::catch_unwind(run).is_err() {
                        return;
                    }
                }
            })
            .map_err(|e| SessionError::Stopped(e.to_string()))?;
        opened
            .await
            .map_err(|_| SessionError::Stopped("it failed to start".into()))??;
        let mut held = self.lock();
        if held.1.len() >= MAX_SESSIONS {
            let oldest = held.1.iter().min_by_key(|(_, h)| h.used).map(|(k, _)| *k);
            if let Some(k) = oldest {
                // dropping the sender ends the game's thread
                held.1.remove(&k);
            }
        }
        held.1.insert(
            id,
            Handle {
                jobs,
                used: Instant::now(),
            },
        );
        Ok(id)
    }

    /// Runs `f` on game `id`'s thread and gives its answer.
    pub async fn with<T: Send + 'static>(
        &self,
        id: u64,
        f: impl FnOnce(&mut ServedGame) -> T + Send + 'static,
    ) -> Result<T, SessionError> {
        let jobs = {
            let mut held = self.lock();
            let handle = held.1.get_mut(&id).ok_or(SessionError::Unknown(id))?;
            handle.used = Instant::now();
            handle.jobs.clone()
        };
        let (tx, rx) = tokio::sync::oneshot::channel();
        jobs.send(Box::new(move |g: &mut ServedGame| {
            let _ = tx.send(f(g));
        }))
        .map_err(|_| self.gone(id))?;
        rx.await.map_err(|_| self.gone(id))
    }

    /// Forgets a game whose thread has ended; the error that says so.
    fn gone(&self, id: u64) -> SessionError {
        self.lock().1.remove(&id);
        SessionError::Stopped(format!(
            "game {id} broke (its rule file made the engine fail) and is closed"
        ))
    }

    /// Closes a game.
    pub fn close(&self, id: u64) -> bool {
        self.lock().1.remove(&id).is_some()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (u64, HashMap<u64, Handle>)> {
        // a panic never happens while the lock is held; a poisoned lock is still sound
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }
}
