package dev.dynakit.engine;

import dev.dynakit.engine.storage.ForwardingStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * A memory store that says it waits for the disk (or not) and whose batches can be made to wait for
 * the test: until several are applied at once (as writers sharing a log sync would be), or until
 * the test opens a gate. Every wait gives up after {@link #WAIT_SECONDS}, counted in {@link
 * #timeouts}, so that a test of a server that cannot run them together fails instead of hanging.
 */
final class WaitingStore extends ForwardingStore {
  static final int WAIT_SECONDS = 10;

  private final boolean waitsForDisk;
  private final List<String> applyThreads = new CopyOnWriteArrayList<>();
  private final Semaphore entered = new Semaphore(0);
  private final AtomicInteger timeouts = new AtomicInteger();
  private volatile @Nullable CountDownLatch together;
  private volatile @Nullable CountDownLatch gate;

  WaitingStore(boolean waitsForDisk) {
    super(EngineDefaults.memoryStore());
    this.waitsForDisk = waitsForDisk;
  }

  /** From now on, each batch waits until {@code n} batches are being applied at the same time. */
  void applyInGroupsOf(int n) {
    together = new CountDownLatch(n);
  }

  /** From now on, each batch waits until {@link #openGate}. */
  void closeGate() {
    gate = new CountDownLatch(1);
  }

  void openGate() {
    CountDownLatch g = gate;
    if (g != null) {
      g.countDown();
    }
  }

  /** Waits until {@code n} batches have come to the gate (false after {@link #WAIT_SECONDS}). */
  boolean awaitAtGate(int n) throws InterruptedException {
    return entered.tryAcquire(n, WAIT_SECONDS, TimeUnit.SECONDS);
  }

  /** How many waits gave up. */
  int timeouts() {
    return timeouts.get();
  }

  /** The names of the threads that applied batches. */
  List<String> applyThreads() {
    return applyThreads;
  }

  @Override
  public void apply(WriteBatch batch) {
    applyThreads.add(Thread.currentThread().getName());
    CountDownLatch t = together;
    if (t != null) {
      t.countDown();
      await(t);
    }
    CountDownLatch g = gate;
    if (g != null) {
      entered.release();
      await(g);
    }
    inner.apply(batch);
  }

  private void await(CountDownLatch latch) {
    try {
      if (!latch.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
        timeouts.incrementAndGet();
        throw new IllegalStateException("the batches this store waits for did not come");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting", e);
    }
  }

  @Override
  public boolean waitsForDisk() {
    return waitsForDisk;
  }

  @Override
  public void close() {
    openGate();
    inner.close();
  }
}
