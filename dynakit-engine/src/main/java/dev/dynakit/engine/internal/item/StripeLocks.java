package dev.dynakit.engine.internal.item;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The item locks of a store: one exclusive, non-reentrant lock per stripe, each a single long in
 * one array that holds its holder's thread id (0 when free) and whether others wait for it. A free
 * lock is taken with one compare-and-set and released with another; a thread that finds it taken
 * marks it contended and waits on one of a few shared monitors, and the release of a contended lock
 * wakes that monitor's waiters (the futex-style mutex of Drepper's "Futexes Are Tricky", with
 * monitors standing in for the futex).
 *
 * <p>Why not a lock object per stripe: a batch takes 25 stripes among 65,536, each usually cold in
 * cache. A lock object is reached through an array slot, two dependent cache misses, and taking it
 * writes three fields; a lock word here is one miss and one atomic update. Contention is rare (two
 * writers of one item, or of two items sharing a stripe), so its waiting may be plain.
 *
 * <p>Thread ids are unique among a JVM's threads, so a word names its holder exactly: a thread
 * taking a stripe it holds, or releasing one it does not, is refused rather than left to hang or to
 * free another's lock.
 */
final class StripeLocks {
  private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final long FREE = 0;
  // the low bit of a held word: some thread waits for it (or did, and found it free since)
  private static final long CONTENDED = 1;
  private static final int MONITORS = 64;

  private final long[] words;
  private final Object[] monitors = new Object[MONITORS];

  StripeLocks(int stripes) {
    if (Integer.bitCount(stripes) != 1) {
      throw new IllegalArgumentException("stripes must be a power of two: " + stripes);
    }
    this.words = new long[stripes];
    for (int i = 0; i < MONITORS; i++) {
      monitors[i] = new Object();
    }
  }

  /** The number of stripes. */
  int stripes() {
    return words.length;
  }

  /**
   * Takes the lock of {@code stripe}, waiting as long as another thread holds it.
   *
   * @throws IllegalStateException when the calling thread holds it already
   */
  void lock(int stripe) {
    long me = held();
    if (!WORDS.compareAndSet(words, stripe, FREE, me)) {
      lockContended(stripe, me);
    }
  }

  /**
   * Reads the lock word of {@code stripe} (volatile, so never left out): a locker of several
   * stripes reads all of them before taking the first, so that their cache misses overlap instead
   * of queueing behind one atomic update after another.
   */
  boolean isLocked(int stripe) {
    return (long) WORDS.getVolatile(words, stripe) != FREE;
  }

  /** Whether the calling thread holds the lock of {@code stripe}. */
  boolean isHeldByCurrentThread(int stripe) {
    return ((long) WORDS.getVolatile(words, stripe) & ~CONTENDED) == held();
  }

  private void lockContended(int stripe, long me) {
    if (isHeldByCurrentThread(stripe)) {
      throw new IllegalStateException("item lock stripe " + stripe + " taken twice by one thread");
    }
    Object monitor = monitors[stripe & (MONITORS - 1)];
    boolean interrupted = false;
    // whoever takes the lock after waiting leaves it marked contended: other waiters may remain,
    // and its release must wake them
    while (!WORDS.compareAndSet(words, stripe, FREE, me | CONTENDED)) {
      synchronized (monitor) {
        // The holder's word is marked before every wait, under the monitor, so that the wake-up of
        // its release (made under the monitor) cannot come between the mark and the wait. Marked
        // again after each wake-up: a thread that did not wait may have taken the lock meanwhile.
        while (true) {
          long word = (long) WORDS.getVolatile(words, stripe);
          if (word == FREE) {
            break;
          }
          if ((word & CONTENDED) == 0
              && !WORDS.compareAndSet(words, stripe, word, word | CONTENDED)) {
            continue;
          }
          try {
            monitor.wait();
          } catch (InterruptedException e) {
            // a lock is taken uninterruptibly; the interrupt is kept for the caller
            interrupted = true;
          }
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Releases the lock of {@code stripe}.
   *
   * @throws IllegalMonitorStateException when the calling thread does not hold it
   */
  void unlock(int stripe) {
    long me = held();
    if (WORDS.compareAndSet(words, stripe, me, FREE)) {
      return;
    }
    if (!WORDS.compareAndSet(words, stripe, me | CONTENDED, FREE)) {
      throw new IllegalMonitorStateException(
          "item lock stripe " + stripe + " is not held by this thread");
    }
    Object monitor = monitors[stripe & (MONITORS - 1)];
    synchronized (monitor) {
      // the monitor is shared by many stripes: every waiter looks at its own word again
      monitor.notifyAll();
    }
  }

  /** The word of a lock the calling thread holds uncontended: its thread id, shifted. */
  private static long held() {
    // ids are positive and unique in the JVM's run; shifted clear of the contended bit
    return Thread.currentThread().getId() << 1;
  }
}
