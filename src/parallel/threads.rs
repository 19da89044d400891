//! Workers on threads: the calling thread is worker 0 (it may use engines it already
//! holds), the others run on a rayon pool and open their own; a `Queue` hands out
//! work items by index.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The threads could not be started.
#[derive(Debug, thiserror::Error)]
#[error("cannot start {threads} threads: {reason}")]
pub struct PoolError {
    pub threads: usize,
    pub reason: String,
}

/// The number of threads `--threads` asks for: the number given, or every core.
pub fn thread_count(requested: Option<usize>) -> usize {
    requested
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// Runs `threads` workers at once: `here` on the calling thread (worker 0), and
/// `others(i)` for each i in 1..threads on threads of a rayon pool.  Gives worker 0's
/// result and the others' in order.  `here` may use what the calling thread holds
/// (its engines); a worker on a pool thread opens its own there, for engines stay on
/// the thread that made them.
pub fn on_threads<H, R: Send>(
    threads: usize,
    here: impl FnOnce() -> H,
    others: impl Fn(usize) -> R + Sync,
) -> Result<(H, Vec<R>), PoolError> {
    if threads <= 1 {
        return Ok((here(), Vec::new()));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads - 1)
        .thread_name(|i| format!("ludolog-worker-{}", i + 1))
        .build()
        .map_err(|e| PoolError {
            threads,
            reason: e.to_string(),
        })?;
    let results: Mutex<Vec<Option<R>>> = Mutex::new((1..threads).map(|_| None).collect());
    let first = pool.in_place_scope(|scope| {
        for i in 1..threads {
            let (results, others) = (&results, &others);
            scope.spawn(move |_| {
                let r = others(i);
                if let Ok(mut slots) = results.lock() {
                    slots[i - 1] = Some(r);
                }
            });
        }
        here()
    });
    let rest = results.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok((first, rest.into_iter().flatten().collect()))
}

/// Work items `0..len` handed out in order, each once, to whichever worker asks.
#[derive(Debug)]
pub struct Queue {
    next: AtomicUsize,
    len: usize,
}

impl Queue {
    /// A queue of the items `0..len`.
    pub fn new(len: usize) -> Queue {
        Queue {
            next: AtomicUsize::new(0),
            len,
        }
    }

    /// The next item, or `None` once every item has been taken.
    pub fn take(&self) -> Option<usize> {
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        (i < self.len).then_some(i)
    }

    /// Whether every item has been taken (a worker that has yet to open its engines
    /// need not).
    pub fn is_exhausted(&self) -> bool {
        self.next.load(Ordering::Relaxed) >= self.len
    }

    /// Hands out no more items.
    pub fn close(&self) {
        self.next.fetch_max(self.len, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_is_taken_once_by_some_worker() {
        let queue = Queue::new(1000);
        let work = |_| {
            let mut mine = Vec::new();
            while let Some(i) = queue.take() {
                mine.push(i);
            }
            mine
        };
        let (first, rest) = on_threads(3, || work(0), work).unwrap();
        assert_eq!(rest.len(), 2);
        let mut all: Vec<usize> = first.into_iter().chain(rest.concat()).collect();
        all.sort();
        assert_eq!(all, (0..1000).collect::<Vec<_>>());
    }

    #[test]
    fn worker_zero_runs_on_the_calling_thread() {
        let me = std::thread::current().id();
        let (here, others) = on_threads(
            2,
            || std::thread::current().id(),
            |_| std::thread::current().id(),
        )
        .unwrap();
        assert_eq!(here, me);
        assert_ne!(others[0], me);
    }

    #[test]
    fn a_closed_queue_gives_nothing() {
        let q = Queue::new(5);
        assert_eq!(q.take(), Some(0));
        assert!(!q.is_exhausted());
        q.close();
        assert!(q.is_exhausted());
        assert_eq!(q.take(), None);
    }

    #[test]
    fn default_thread_count_is_at_least_one() {
        assert!(thread_count(None) >= 1);
        assert_eq!(thread_count(Some(3)), 3);
        assert_eq!(thread_count(Some(0)), 1);
    }
}
