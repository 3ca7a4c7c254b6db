package dev.dynakit.engine.internal.storage.rocksdb;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Group commit above RocksDB: syncs the write-ahead log once for everybody waiting on it. Writers
 * do not sync their own write (RocksDB would block each writer's thread until its write group's
 * sync, and wake each one after it); they take a mark (RocksDB's last sequence number) and wait for
 * a sync that covers it. One sync covers every write made before it started, however many wait.
 *
 * <p>Two ways to wait: {@link #whenSynced} for a caller that must not block (a server's worker,
 * which takes its next request meanwhile; the syncing thread completes it), and {@link
 * #awaitSynced} for one that blocks anyway (an in-process call), which runs the sync on its own
 * thread when no sync is running, as RocksDB's own synced write would (no hand-off to another
 * thread and back).
 *
 * <p>A failed sync fails every later wait too: after a failed fsync the operating system may have
 * dropped the pages it could not write, and a second fsync could succeed without them, so no write
 * from then on is reported durable (the engine must be restarted, and recovers from the log).
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
  private final ReentrantLock lock = new ReentrantLock();
  // the syncing thread waits on it for waiters; blocking waiters wait on syncEnded, so that the end
  // of a sync wakes only those who may now be done (an in-process writer's sync wakes nobody)
  private final Condition waiterArrived = lock.newCondition();
  private final Condition syncEnded = lock.newCondition();
  // guarded by lock
  private final List<Waiter> waiting = new ArrayList<>();
  private boolean syncing;
  private boolean closing;
  // the first sync's failure: every later wait fails with it
  private @Nullable RuntimeException failed;
  // written under lock
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

  /** Completes once a sync has covered {@code mark}; see the class comment. */
  CompletableFuture<Void> whenSynced(long mark) {
    if (mark <= synced) {
      return SYNCED;
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    lock.lock();
    try {
      if (mark <= synced) {
        done.complete(null);
      } else if (failed != null) {
        done.completeExceptionally(syncFailure());
      } else if (closing) {
        done.completeExceptionally(new IllegalStateException("the store is closing"));
      } else {
        waiting.add(new Waiter(mark, done));
        if (!syncing) {
          waiterArrived.signal();
        }
      }
    } finally {
      lock.unlock();
    }
    return done;
  }

  /**
   * Returns once a sync has covered {@code mark}: at once when one has, after the running sync when
   * that covers it, else after a sync run on this thread.
   *
   * @throws IllegalStateException when a sync failed (this one or an earlier one)
   */
  void awaitSynced(long mark) {
    boolean interrupted = false;
    try {
      while (mark > synced) {
        lock.lock();
        try {
          if (mark <= synced) {
            break;
          }
          if (failed != null) {
            throw syncFailure();
          }
          if (syncing) {
            try {
              syncEnded.await();
            } catch (InterruptedException e) {
              interrupted = true; // the write is made: its caller must learn whether it is durable
            }
            continue;
          }
          syncing = true;
        } finally {
          lock.unlock();
        }
        syncOnce();
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private IllegalStateException syncFailure() {
    // the cause's words in the message: an engine's answer carries the message, not the cause
    return new IllegalStateException(
        "the write-ahead log could not be synced: " + failed.getMessage(), failed);
  }

  private void run() {
    while (true) {
      lock.lock();
      try {
        while (waiting.isEmpty() || syncing) {
          if (closing && waiting.isEmpty() && !syncing) {
            return; // nobody waits, and no sync is running
          }
          waiterArrived.awaitUninterruptibly();
        }
        syncing = true;
      } finally {
        lock.unlock();
      }
      syncOnce();
    }
  }

  /**
   * One sync, by the thread that set {@code syncing}: completes the waiters it covers, or, when it
   * failed, every waiter.
   */
  private void syncOnce() {
    long covered = synced;
    RuntimeException failure = null;
    try {
      covered = lastWrite.getAsLong();
      sync.run();
    } catch (Exception e) {
      failure = e instanceof RuntimeException r ? r : new IllegalStateException(e.getMessage(), e);
    } catch (Error e) {
      // whatever went wrong, the next waiter must not wait for a sync nobody runs
      failure = new IllegalStateException("the sync failed: " + e, e);
    }
    List<Waiter> answered = new ArrayList<>();
    IllegalStateException refused = null;
    lock.lock();
    try {
      if (failure != null && failed == null) {
        failed = failure;
      } else if (failure == null && covered > synced) {
        synced = covered;
      }
      if (failed != null) {
        refused = syncFailure();
      }
      for (Iterator<Waiter> i = waiting.iterator(); i.hasNext(); ) {
        Waiter w = i.next();
        if (refused != null || w.mark() <= synced) {
          answered.add(w);
          i.remove();
        }
      }
      syncing = false;
      syncEnded.signalAll();
      if (!waiting.isEmpty() || closing) {
        waiterArrived.signal(); // the waiters this sync did not cover need the next
      }
    } finally {
      lock.unlock();
    }
    for (Waiter w : answered) {
      if (refused == null || w.mark() <= synced) {
        w.done().complete(null);
      } else {
        w.done().completeExceptionally(refused);
      }
    }
  }

  /**
   * Syncs for everybody waiting, then ends the thread; a later {@link #whenSynced} that a sync
   * would have to serve fails ({@link #awaitSynced} still syncs on its caller's thread). Returns
   * once the thread has ended.
   */
  @Override
  public void close() {
    lock.lock();
    try {
      closing = true;
      waiterArrived.signal();
    } finally {
      lock.unlock();
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
