package dev.dynakit.engine.internal.storage.rocksdb;

import org.rocksdb.Options;

/**
 * How RocksDB's writers wait for each other: fewer thread wake-ups for each synced write. Neither
 * setting changes what a write promises (the log is still synced before {@code write} returns, a
 * batch is still applied whole); they change only who inserts a write group's batches into the
 * memtable and how a waiting writer waits.
 *
 * <p>Measured with wrk PutItem over HTTP against an on-disk server (16 connections, the log synced
 * per write group; docs/benchmarks.md, "Where a synced on-disk PutItem's time goes"): the server's
 * CPU time per request fell and its requests/s rose, side by side with RocksDB's defaults.
 */
final class RocksWritePath {
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
        .setEnableWriteThreadAdaptiveYield(false);
  }
}
