//! `ludolog bench` on many threads: random playouts and perft with one engine per
//! thread, against the one-thread numbers of the same run — the speed-up on this
//! machine.

use crate::game::{Engine, Pos};
use crate::parallel::{on_threads, Queue};
use crate::registry::EngineSpec;
use crate::search::{subtrees, MAX_PLAYOUT_PLIES};
use anyhow::{anyhow, Result};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Barrier;
use std::time::{Duration, Instant};

/// One tier on many threads.
#[derive(Debug, serde::Serialize)]
pub struct ThreadsBench {
    pub threads: usize,
    pub playouts_per_second: f64,
    /// Playouts/s on `threads` threads over playouts/s on one.
    pub playouts_speedup: f64,
    pub perft_nodes_per_second: f64,
    pub perft_speedup: f64,
}

/// The one-thread numbers to compare with.
pub struct OneThread {
    pub playouts_per_second: f64,
    pub perft_depth: u32,
    pub perft_nodes: u64,
    pub perft_nodes_per_second: f64,
}

/// What the threads share: the phases' barriers, the counts, the perft subtrees.
struct Run<'a> {
    barrier: Barrier,
    seconds: f64,
    batch: u64,
    playouts: AtomicU64,
    nodes: AtomicU64,
    queue: Queue,
    subtrees: &'a [crate::search::Subtree],
}

impl Run<'_> {
    /// One thread's part: playouts for the time given, then perft subtrees from the
    /// queue; each phase starts and ends at a barrier (on worker 0, between the
    /// barriers, is the time measured).  A worker without an engine still keeps to
    /// the barriers.  Gives the two phases' wall times as worker 0 saw them.
    fn work(&self, engine: Option<(&mut dyn Engine, Pos)>, seed: u64) -> Result<[Duration; 2]> {
        let mut failed = None;
        let mut times = [Duration::ZERO; 2];
        self.barrier.wait();
        let t = Instant::now();
        if let Some((e, at)) = engine {
            let mut seed = 1 + seed * 1_000_003;
            while t.elapsed().as_secs_f64() < self.seconds && failed.is_none() {
                match e.playouts(at, self.batch, seed, MAX_PLAYOUT_PLIES) {
                    Ok(_) => self.playouts.fetch_add(self.batch, Ordering::Relaxed),
                    Err(err) => {
                        failed = Some(err.into());
                        0
                    }
                };
                seed += self.batch;
            }
            self.barrier.wait();
            times[0] = t.elapsed();
            self.barrier.wait();
            let t = Instant::now();
            while let Some(i) = self.queue.take().filter(|_| failed.is_none()) {
                let sub = &self.subtrees[i];
                let n = e.play_all(at, &sub.moves).and_then(|p| {
                    let n = e.perft(p, sub.depth);
                    e.release(p);
                    n
                });
                match n {
                    Ok(n) => self.nodes.fetch_add(n, Ordering::Relaxed),
                    Err(err) => {
                        failed = Some(err.into());
                        0
                    }
                };
            }
            self.barrier.wait();
            times[1] = t.elapsed();
        } else {
            self.barrier.wait();
            self.barrier.wait();
            self.barrier.wait();
            failed = Some(anyhow!("a worker could not open its engine"));
        }
        failed.map_or(Ok(times), Err)
    }
}

/// Playouts and perft (at the depth the one-thread run reached) on `threads`
/// threads: `engine` on this thread, an engine from `spec` on each other.
pub fn bench_threads(
    engine: &mut dyn Engine,
    spec: &EngineSpec,
    threads: usize,
    seconds: f64,
    batch: u64,
    one: &OneThread,
) -> Result<ThreadsBench> {
    let start = engine.initial()?;
    let parts = subtrees(engine, start, one.perft_depth)?;
    let run = Run {
        barrier: Barrier::new(threads.max(1)),
        seconds,
        batch,
        playouts: AtomicU64::new(0),
        nodes: AtomicU64::new(0),
        queue: Queue::new(parts.len()),
        subtrees: &parts,
    };
    let (here, others) = on_threads(
        threads,
        || run.work(Some((&mut *engine, start)), 0),
        |i| {
            let opened = spec.open().and_then(|mut e| {
                let at = e.initial()?;
                Ok((e, at))
            });
            match opened {
                Ok((mut e, at)) => run.work(Some((e.as_mut(), at)), i as u64),
                Err(err) => run.work(None, i as u64).and(Err(err.into())),
            }
        },
    )?;
    engine.release(start);
    let [playout_time, perft_time] = here?;
    for r in others {
        r?;
    }
    let nodes = run.nodes.load(Ordering::Relaxed);
    if nodes != one.perft_nodes {
        return Err(anyhow!(
            "perft {} on {threads} threads counted {nodes} leaves, on one thread {}",
            one.perft_depth,
            one.perft_nodes
        ));
    }
    let playouts_per_second =
        run.playouts.load(Ordering::Relaxed) as f64 / playout_time.as_secs_f64().max(1e-9);
    let perft_nodes_per_second = nodes as f64 / perft_time.as_secs_f64().max(1e-9);
    Ok(ThreadsBench {
        threads,
        playouts_per_second,
        playouts_speedup: playouts_per_second / one.playouts_per_second.max(1e-9),
        perft_nodes_per_second,
        perft_speedup: perft_nodes_per_second / one.perft_nodes_per_second.max(1e-9),
    })
}
