//! The games `serve` holds: each on a thread of its own (a game's engines hold a
//! Prolog machine, which stays on the thread that made it), asked one request at a
//! time through a channel; at most `MAX_SESSIONS` at once, the oldest unused given
//! up first.

use super::game::{GameError, ServedGame};
use crate::registry::EngineSpec;
use crate::worker::Stopper;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// How many games the server holds at once.
pub const MAX_SESSIONS: usize = 16;

/// A request for one game, run on its thread.
type Job = Box<dyn FnOnce(&mut ServedGame) + Send>;

/// A game's thread, as the server reaches it.
struct Handle {
    jobs: mpsc::Sender<Job>,
    /// Stops the game's running request (its worker), from any thread.
    stopper: Stopper,
    /// How many times *Stop* was asked: a computer's move chosen across a stop is
    /// not played, whenever the stop came.
    stops: Arc<AtomicU64>,
    /// How many requests wait for the game's thread: a long request that only
    /// informs (footprints) gives way to them.
    queued: Arc<AtomicUsize>,
    /// The game's version (`ServedGame::version`), sent each time a request
    /// changes it: what the pages following the game listen to.
    changes: Arc<tokio::sync::watch::Sender<String>>,
    used: Instant,
}

/// Every game the server holds, by id.
#[derive(Default)]
pub struct Sessions {
    held: Mutex<HashMap<String, Handle>>,
}

/// A new session id: 128 random bits, so that no page can guess another's game.
fn new_id() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// Why a session request failed.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("there is no such game (it ended, or the server gave it up for a newer one)")]
    Unknown,
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("the game's engine stopped: {0}")]
    Stopped(String),
}

impl Sessions {
    /// Opens a game on a thread of its own; gives its id.  When `MAX_SESSIONS` are
    /// held, the one unused longest is given up.
    pub async fn open(&self, spec: EngineSpec) -> Result<String, SessionError> {
        let id = new_id();
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (ready, opened) = tokio::sync::oneshot::channel();
        let game_id = id.clone();
        let changes = Arc::new(tokio::sync::watch::Sender::new(String::new()));
        let announce = changes.clone();
        std::thread::Builder::new()
            .name("game".into())
            .spawn(move || {
                let game = std::panic::catch_unwind(|| ServedGame::open(game_id, spec));
                let mut game = match game {
                    Ok(Ok(g)) => {
                        let _ = ready.send(Ok(g.stopper()));
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
                let mut seen = game.version();
                announce.send_replace(seen.clone());
                for job in inbox {
                    let run = std::panic::AssertUnwindSafe(|| job(&mut game));
                    if std::panic::catch_unwind(run).is_err() {
                        return;
                    }
                    let now = game.version();
                    if now != seen {
                        seen = now;
                        announce.send_replace(seen.clone());
                    }
                }
            })
            .map_err(|e| SessionError::Stopped(e.to_string()))?;
        let stopper = opened
            .await
            .map_err(|_| SessionError::Stopped("it failed to start".into()))??;
        let mut held = self.lock();
        if held.len() >= MAX_SESSIONS {
            let oldest = held
                .iter()
                .min_by_key(|(_, h)| h.used)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                // dropping the sender ends the game's thread, and its worker with it
                if let Some(h) = held.remove(&k) {
                    h.stopper.stop();
                }
            }
        }
        held.insert(
            id.clone(),
            Handle {
                jobs,
                stopper,
                stops: Arc::default(),
                queued: Arc::default(),
                changes,
                used: Instant::now(),
            },
        );
        Ok(id)
    }

    /// Stops game `id`'s running request (a computer's search): its worker ends, the
    /// request says it was stopped, and the game goes on as it was.
    pub fn stop(&self, id: &str) -> Result<(), SessionError> {
        let held = self.lock();
        let handle = held.get(id).ok_or(SessionError::Unknown)?;
        handle.stops.fetch_add(1, Ordering::SeqCst);
        handle.stopper.stop();
        Ok(())
    }

    /// Game `id`'s count of stops: a request that reads it before it runs and again
    /// before it commits knows whether a *Stop* came in between.
    pub fn stops(&self, id: &str) -> Result<Arc<AtomicU64>, SessionError> {
        let held = self.lock();
        let handle = held.get(id).ok_or(SessionError::Unknown)?;
        Ok(handle.stops.clone())
    }

    /// Game `id`'s version now, and each time it changes (until the game is closed).
    pub fn subscribe(
        &self,
        id: &str,
    ) -> Result<tokio::sync::watch::Receiver<String>, SessionError> {
        let held = self.lock();
        let handle = held.get(id).ok_or(SessionError::Unknown)?;
        Ok(handle.changes.subscribe())
    }

    /// How many requests wait for game `id`'s thread.
    pub fn queued(&self, id: &str) -> Result<Arc<AtomicUsize>, SessionError> {
        let held = self.lock();
        let handle = held.get(id).ok_or(SessionError::Unknown)?;
        Ok(handle.queued.clone())
    }

    /// Runs `f` on game `id`'s thread and gives its answer.
    pub async fn with<T: Send + 'static>(
        &self,
        id: &str,
        f: impl FnOnce(&mut ServedGame) -> T + Send + 'static,
    ) -> Result<T, SessionError> {
        let (jobs, queued) = {
            let mut held = self.lock();
            let handle = held.get_mut(id).ok_or(SessionError::Unknown)?;
            handle.used = Instant::now();
            (handle.jobs.clone(), handle.queued.clone())
        };
        let (tx, rx) = tokio::sync::oneshot::channel();
        queued.fetch_add(1, Ordering::SeqCst);
        let waiting = queued.clone();
        jobs.send(Box::new(move |g: &mut ServedGame| {
            waiting.fetch_sub(1, Ordering::SeqCst);
            let _ = tx.send(f(g));
        }))
        .map_err(|_| {
            queued.fetch_sub(1, Ordering::SeqCst);
            self.gone(id)
        })?;
        rx.await.map_err(|_| self.gone(id))
    }

    /// Forgets a game whose thread has ended; the error that says so.
    fn gone(&self, id: &str) -> SessionError {
        self.lock().remove(id);
        SessionError::Stopped(
            "the game broke (its rule file made the engine fail) and is closed".into(),
        )
    }

    /// Closes a game (its worker ends with its thread).
    pub fn close(&self, id: &str) -> bool {
        match self.lock().remove(id) {
            Some(h) => {
                h.stopper.stop();
                true
            }
            None => false,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Handle>> {
        // a panic never happens while the lock is held; a poisoned lock is still sound
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }
}
