package dev.dynakit.engine.internal.item;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The item locks of a store: one exclusive lock per stripe, a {@link ReentrantLock} made when its
 * stripe is first taken (an engine that touches few items never builds most of them). A stripe is
 * taken by one thread at a time and never twice by the same thread: an item write that locked its
 * stripe and tries again has a bug, which is refused rather than left to pass.
 */
final class StripeLocks {
  private final AtomicReferenceArray<ReentrantLock> locks;

  StripeLocks(int stripes) {
    if (Integer.bitCount(stripes) != 1) {
      throw new IllegalArgumentException("stripes must be a power of two: " + stripes);
    }
    this.locks = new AtomicReferenceArray<>(stripes);
  }

  /** The number of stripes. */
  int stripes() {
    return locks.length();
  }

  /**
   * Takes the lock of {@code stripe}, waiting (uninterruptibly) as long as another thread holds it.
   *
   * @throws IllegalStateException when the calling thread holds it already
   */
  void lock(int stripe) {
    ReentrantLock lock = of(stripe);
    if (lock.isHeldByCurrentThread()) {
      throw new IllegalStateException("item lock stripe " + stripe + " taken twice by one thread");
    }
    lock.lock();
  }

  /** Whether some thread holds the lock of {@code stripe}. */
  boolean isLocked(int stripe) {
    ReentrantLock lock = locks.get(stripe);
    return lock != null && lock.isLocked();
  }

  /** Whether the calling thread holds the lock of {@code stripe}. */
  boolean isHeldByCurrentThread(int stripe) {
    ReentrantLock lock = locks.get(stripe);
    return lock != null && lock.isHeldByCurrentThread();
  }

  /**
   * Releases the lock of {@code stripe}.
   *
   * @throws IllegalMonitorStateException when the calling thread does not hold it
   */
  void unlock(int stripe) {
    ReentrantLock lock = locks.get(stripe);
    if (lock == null) {
      throw new IllegalMonitorStateException(
          "item lock stripe " + stripe + " is not held by this thread");
    }
    lock.unlock();
  }

  private ReentrantLock of(int stripe) {
    ReentrantLock lock = locks.get(stripe);
    if (lock == null) {
      locks.compareAndSet(stripe, null, new ReentrantLock());
      lock = locks.get(stripe);
    }
    return lock;
  }
}
