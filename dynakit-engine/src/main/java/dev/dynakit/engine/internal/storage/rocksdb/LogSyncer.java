package dev.dynakit.engine.internal.storage.rocksdb;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * The thread that syncs the write-ahead log for everybody waiting on it: group commit above
 * RocksDB. Writers do not sync their own write (RocksDB would block each writer's thread until its
 * write group's sync, and wake each one after it); they take a mark (RocksDB's last sequence
 * number) and ask to be told when the log is synced up to it. One sync covers every write made
 * before it started, however many callers wait for it, and nobody's thread blocks meanwhile.
 *
 * <p>Measured with wrk PutItem over HTTP against an on-disk server (docs/benchmarks.md, "Where a
 * synced on-disk PutItem's time goes"): most of the server's time went to threads blocking and
 * waking around each write's sync, on a virtual machine where a context switch is dear.
 */
final class LogSyncer implements AutoCloseable {
  /** Syncs the log: every write made before the call is on the disk when it returns. */
  @FunctionalInterface
  interface Sync {
    void run() throws Exception;
  }

  private record Waiter(long mark, CompletableFuture<Void> done) {}

  private static final CompletableFuture<Void> SYNCED = CompletableFuture.completedFuture(null);

  private final LongSupplier lastWrite;
  private final Sync sync;
  private final Object lock = new Object();
  // guarded by lock
  private final List<Waiter> waiting = new ArrayList<>();
  private boolean closing;
  private volatile long synced;
  private final Thread thread;

  /**
   * Starts the syncing thread.
   *
   * @param lastWrite the mark of the newest write (RocksDB's last sequence number); its value when
   *     a sync starts is what the sync covers when it returns
   * @param sync syncs the log
   * @param name the thread's name
   */
  LogSyncer(LongSupplier lastWrite, Sync sync, String name) {
    this.lastWrite = lastWrite;
    this.sync = sync;
    this.synced = lastWrite.getAsLong(); // what a previous run left is on the disk already
    this.thread = new Thread(this::run, name);
    thread.setDaemon(true);
    thread.start();
  }

  /** Completes once a sync has covered {@code mark}; see {@link #LogSyncer}. */
  CompletableFuture<Void> whenSynced(long mark) {
    if (mark <= synced) {
      return SYNCED;
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    synchronized (lock) {
      if (closing) {
        done.completeExceptionally(new IllegalStateException("the store is closing"));
      } else {
        waiting.add(new Waiter(mark, done));
        lock.notifyAll();
      }
    }
    return done;
  }

  private void run() {
    while (true) {
      synchronized (lock) {
        while (waiting.isEmpty() && !closing) {
          try {
            lock.wait();
          } catch (InterruptedException e) {
            // nobody interrupts this thread; closing is what ends it
          }
        }
        if (waiting.isEmpty()) {
          return; // closing, and nobody waits
        }
      }
      syncOnce();
    }
  }

  private void syncOnce() {
    long covered = lastWrite.getAsLong();
    Exception failure = null;
    try {
      sync.run();
    } catch (Exception e) {
      failure = e;
    }
    List<Waiter> answered = new ArrayList<>();
    synchronized (lock) {
      if (failure == null && covered > synced) {
        synced = covered;
      }
      for (Iterator<Waiter> i = waiting.iterator(); i.hasNext(); ) {
        Waiter w = i.next();
        if (w.mark() <= covered) {
          answered.add(w);
          i.remove();
        }
      }
    }
    for (Waiter w : answered) {
      if (failure == null) {
        w.done().complete(null);
      } else {
        w.done()
            .completeExceptionally(
                new IllegalStateException("the write-ahead log could not be synced", failure));
      }
    }
  }

  /**
   * Syncs for everybody waiting, then ends the thread; later calls of {@link #whenSynced} that
   * would have to wait fail. Returns once the thread has ended.
   */
  @Override
  public void close() {
    synchronized (lock) {
      closing = true;
      lock.notifyAll();
    }
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
