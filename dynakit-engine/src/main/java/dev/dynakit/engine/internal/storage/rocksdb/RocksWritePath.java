package dev.dynakit.engine.internal.storage.rocksdb;

import org.rocksdb.Options;

/**
 * How RocksDB's writers wait for each other, and which log files the {@link LogSyncer} syncs. None
 * of these settings changes what a write promises (a batch is applied whole, and durable once a
 * sync covers it); they change who inserts a write group's batches into the memtable, how a waiting
 * writer waits, and whether a sync must also record a larger file.
 *
 * <p>Measured with wrk PutItem over HTTP against an on-disk server (16 connections, the log synced
 * per write group; docs/benchmarks.md, "Where a synced on-disk PutItem's time goes"): the server's
 * CPU time per request fell and its requests/s rose, side by side with RocksDB's defaults.
 */
final class RocksWritePath {
  /** How many written-out logs are kept for reuse: each is about a memtable's size (64 MB). */
  static final int RECYCLED_LOGS = 2;

  private RocksWritePath() {}

  static void configure(Options options) {
    options
        // By default the leader of a write group, after syncing the log, wakes every follower to
        // insert its own batch into the memtable, waits for the last of them, and the followers
        // wait again until the group is done: each follower blocks and wakes twice. With about
        // seven writes a group and a context switch costing dearly (2 cores, a virtual machine),
        // the leader inserting the group's few small batches itself is cheaper.
        .setAllowConcurrentMemtableWrite(false)
        // After a short spin, a waiting writer would also call sched_yield for up to 100 µs
        // before it blocks: on a machine with fewer cores than waiting writers that burns the CPU
        // the leader needs.
        .setEnableWriteThreadAdaptiveYield(false)
        // Once a memtable is written out, its log file is kept and written over by a later
        // memtable's log instead of deleted: a sync of a file that does not grow writes no
        // metadata (ext4: no journal commit), so it is quicker (fdatasync of a 400-byte write on
        // the build machine: 100 against 138 us alone, 300 against 380 us with both cores busy).
        // Each record names its log's number, so recovery stops at the old contents after the
        // last record written (RocksDB's recyclable record format; point-in-time recovery, the
        // default, supports it).
        .setRecycleLogFileNum(RECYCLED_LOGS);
  }
}
