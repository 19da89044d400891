//! Perft split into subtrees — the root's children, or the children at depth 2 when
//! the root has few moves — counted on many threads (one engine each) and dealt to
//! shards round-robin, so that the parts add up to exactly the whole.

use crate::game::{Engine, EngineError, Pos};
use crate::parallel::{on_threads, PoolError, Queue, Shard};
use std::time::{Duration, Instant};

/// The root is split two plies deep when it has fewer moves than this.
const FEW_ROOT_MOVES: usize = 32;

/// How long the other threads wait, while the calling thread counts, before they
/// open engines of their own (the `alone_for` of `split_perft` from the command
/// line): about what opening a rule file's engine takes, so that a small perft is
/// not made slower by engines it never uses.
pub const COUNT_ALONE_FOR: Duration = Duration::from_millis(250);

/// How often a waiting thread looks whether the work is already done.
const WAIT_STEP: Duration = Duration::from_millis(5);

/// A subtree of a split perft: the moves from the root, and the depth left below.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtree {
    pub moves: Vec<String>,
    pub depth: u32,
}

/// The subtrees a perft of `depth` from `root` splits into, in the engine's
/// listing order: their perfts add up to `perft(root, depth)`.  A finished
/// position, or one at depth 0, is a subtree of its own (a leaf).
pub fn subtrees(
    engine: &mut dyn Engine,
    root: Pos,
    depth: u32,
) -> Result<Vec<Subtree>, EngineError> {
    let first = engine.describe(root)?;
    let plies = if depth >= 4 && first.legal.len() < FEW_ROOT_MOVES {
        2
    } else {
        1
    };
    let mut out = Vec::new();
    expand(engine, root, Vec::new(), depth, plies, &mut out)?;
    Ok(out)
}

fn expand(
    engine: &mut dyn Engine,
    at: Pos,
    moves: Vec<String>,
    depth: u32,
    plies: u32,
    out: &mut Vec<Subtree>,
) -> Result<(), EngineError> {
    // a subtree's own root is counted by its worker, finished or not: only a position
    // the split goes through is described
    if plies == 0 || depth == 0 {
        out.push(Subtree { moves, depth });
        return Ok(());
    }
    let info = engine.describe(at)?;
    if info.outcome.is_some() {
        out.push(Subtree { moves, depth });
        return Ok(());
    }
    // an unfinished position without moves has no leaves below it
    for mv in &info.legal {
        let next = engine.play(at, mv)?;
        let mut line = moves.clone();
        line.push(mv.clone());
        let r = expand(engine, next, line, depth - 1, plies - 1, out);
        engine.release(next);
        r?;
    }
    Ok(())
}

/// The leaves below one subtree of `root`.
fn count(engine: &mut dyn Engine, root: Pos, t: &Subtree) -> Result<u64, EngineError> {
    let at = engine.play_all(root, &t.moves)?;
    let n = engine.perft(at, t.depth);
    engine.release(at);
    n
}

/// An error of a split perft: an engine's, or the threads'.
#[derive(Debug, thiserror::Error)]
pub enum SplitError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error(transparent)]
    Pool(#[from] PoolError),
    /// A worker could not open its engine.
    #[error("{0}")]
    Open(String),
}

/// What a split perft counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitCount {
    /// Leaves below this shard's subtrees.
    pub nodes: u64,
    /// This shard's subtrees, of how many in all.
    pub subtrees: usize,
    pub of: usize,
}

/// Perft of `depth` from `root` (held by `engine`, which reads it as `root_text`),
/// over this shard's subtrees, on `threads` threads: the calling thread uses
/// `engine` from the start, and every other thread waits `alone_for` (or until the
/// work is done) before it opens an engine of its own from `open`.
pub fn split_perft<E: std::fmt::Display>(
    engine: &mut dyn Engine,
    root: Pos,
    depth: u32,
    (threads, alone_for): (usize, Duration),
    shard: Shard,
    open: &(dyn Fn() -> Result<Box<dyn Engine>, E> + Sync),
) -> Result<SplitCount, SplitError> {
    let all = subtrees(engine, root, depth)?;
    let of = all.len();
    let mine: Vec<Subtree> = all
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.deals(*i))
        .map(|(_, t)| t)
        .collect();
    let text = engine.text(root)?;
    let queue = Queue::new(mine.len());
    let sum = |e: &mut dyn Engine, at: Pos| -> Result<u64, EngineError> {
        let mut n = 0;
        while let Some(i) = queue.take() {
            match count(e, at, &mine[i]) {
                Ok(c) => n += c,
                Err(err) => {
                    queue.close();
                    return Err(err);
                }
            }
        }
        Ok(n)
    };
    // the other threads wait for `alone_for` before they open engines of their own
    // (a rule file loaded each): a perft over by then never opens them
    let started = Instant::now();
    let threads = threads.clamp(1, mine.len().max(1));
    let (here, others) = on_threads(
        threads,
        || sum(engine, root).map_err(SplitError::from),
        |_| -> Result<u64, SplitError> {
            while started.elapsed() < alone_for && !queue.is_exhausted() {
                std::thread::sleep(WAIT_STEP);
            }
            if queue.is_exhausted() {
                return Ok(0);
            }
            let mut e = open().map_err(|err| {
                queue.close();
                SplitError::Open(err.to_string())
            })?;
            let at = e.parse(&text)?;
            Ok(sum(e.as_mut(), at)?)
        },
    )?;
    let mut nodes = here?;
    for n in others {
        nodes += n?;
    }
    Ok(SplitCount {
        nodes,
        subtrees: mine.len(),
        of,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::hex::{Hex, HexRules};
    use crate::games::NativeEngine;

    fn hex(size: usize) -> Box<dyn Engine> {
        Box::new(NativeEngine::new(
            "hex",
            Hex::new(HexRules::hex(), size, size, false),
        ))
    }

    #[test]
    fn subtrees_add_up_to_the_whole_tree() {
        // size 1 and 2 end within the two plies split off: finished children are leaves
        for size in 1..=3 {
            let mut e = hex(size);
            let root = e.initial().unwrap();
            for depth in 0..=5 {
                let whole = e.perft(root, depth).unwrap();
                let parts = subtrees(e.as_mut(), root, depth).unwrap();
                let sum: u64 = parts
                    .iter()
                    .map(|t| count(e.as_mut(), root, t).unwrap())
                    .sum();
                assert_eq!(sum, whole, "hex {size} depth {depth}");
                let plies = parts.iter().map(|t| t.moves.len()).max().unwrap_or(0);
                assert!(plies <= if depth >= 4 { 2 } else { 1 }, "{parts:?}");
            }
            assert_eq!(e.held(), 1, "every subtree's positions are released");
        }
    }

    #[test]
    fn threads_and_shards_count_the_same_leaves() {
        let open = || Ok::<_, EngineError>(hex(4));
        let mut e = hex(4);
        let root = e.initial().unwrap();
        let whole = e.perft(root, 4).unwrap();
        for threads in [1, 3] {
            let all = split_perft(
                e.as_mut(),
                root,
                4,
                (threads, Duration::ZERO),
                Shard::WHOLE,
                &open,
            )
            .unwrap();
            assert_eq!(all.nodes, whole);
            assert_eq!((all.subtrees, all.of), (240, 240));
            let shards: u64 = (1..=3)
                .map(|index| {
                    let shard = Shard { index, count: 3 };
                    split_perft(e.as_mut(), root, 4, (threads, Duration::ZERO), shard, &open)
                        .unwrap()
                        .nodes
                })
                .sum();
            assert_eq!(shards, whole);
        }
    }

    #[test]
    fn a_perft_done_before_the_wait_ends_opens_no_other_engine() {
        let opened = std::sync::atomic::AtomicUsize::new(0);
        let open = || {
            opened.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok::<_, EngineError>(hex(4))
        };
        let mut e = hex(4);
        let root = e.initial().unwrap();
        let whole = e.perft(root, 4).unwrap();
        let wait = Duration::from_secs(3600);
        let all = split_perft(e.as_mut(), root, 4, (3, wait), Shard::WHOLE, &open).unwrap();
        assert_eq!(all.nodes, whole);
        assert_eq!(opened.load(std::sync::atomic::Ordering::Relaxed), 0);
    }
}
