//! Many cores and many machines: how many threads to run, one worker per thread (each
//! with engines of its own: a Prolog machine is neither `Send` nor `Sync`), a shared
//! queue of work, shards (`K/N`) that split a run between machines, and putting the
//! shards' results back together.

mod merge;
mod shard;
mod threads;

pub use merge::{in_order, overflow, MergeError};
pub use shard::{Shard, ShardError};
pub use threads::{on_threads, thread_count, PoolError, Queue};
