package dev.dynakit.engine;

import dev.dynakit.engine.storage.ForwardingStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A memory store that, like the on-disk store, makes a batch visible before it is durable: each
 * batch takes the next mark, and {@link #whenDurable} completes only when the test says the marks
 * up to one are durable ({@link #makeDurable}) or that they cannot be ({@link #failDurability}). It
 * says it waits for the disk, so a server runs its requests on workers.
 */
final class HeldDurabilityStore extends ForwardingStore {
  private record Waiter(long mark, CompletableFuture<Void> done) {}

  private final AtomicLong lastBatch = new AtomicLong();
  private final Semaphore waiters = new Semaphore(0);
  // guarded by this
  private final List<Waiter> waiting = new ArrayList<>();
  private long durable;

  HeldDurabilityStore() {
    super(EngineDefaults.memoryStore());
  }

  @Override
  public void apply(WriteBatch batch) {
    synchronized (this) {
      inner.apply(batch);
      lastBatch.incrementAndGet();
    }
  }

  @Override
  public long mark() {
    return lastBatch.get();
  }

  @Override
  public synchronized CompletableFuture<Void> whenDurable(long mark) {
    if (mark <= durable) {
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    waiting.add(new Waiter(mark, done));
    waiters.release();
    return done;
  }

  @Override
  public boolean waitsForDisk() {
    return true;
  }

  /** Waits until {@code n} more calls wait for durability (false after 10 seconds). */
  boolean awaitWaiters(int n) throws InterruptedException {
    return waiters.tryAcquire(n, 10, TimeUnit.SECONDS);
  }

  /** The marks of the calls that wait now. */
  synchronized List<Long> waitingMarks() {
    return waiting.stream().map(Waiter::mark).toList();
  }

  /** Every batch applied so far is durable: the calls waiting for them complete. */
  void makeDurable() {
    List<Waiter> done;
    synchronized (this) {
      durable = lastBatch.get();
      done = new ArrayList<>(waiting);
      waiting.clear();
    }
    done.forEach(w -> w.done().complete(null));
  }

  /** The calls waiting now fail, as when the log could not be synced. */
  void failDurability(Exception cause) {
    List<Waiter> failed;
    synchronized (this) {
      failed = new ArrayList<>(waiting);
      waiting.clear();
    }
    failed.forEach(w -> w.done().completeExceptionally(cause));
  }
}
