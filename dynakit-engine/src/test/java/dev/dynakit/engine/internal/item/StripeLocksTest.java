package dev.dynakit.engine.internal.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.internal.storage.memory.MemoryStore;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class StripeLocksTest {
  private final StripeLocks locks = new StripeLocks(1 << 10);

  @Test
  void othersWaitUntilTheHolderReleases() throws Exception {
    locks.lock(7);
    assertThat(locks.isLocked(7)).isTrue();
    assertThat(locks.isHeldByCurrentThread(7)).isTrue();
    CountDownLatch acquired = new CountDownLatch(1);
    AtomicBoolean heldByWaiter = new AtomicBoolean();
    Thread waiter =
        new Thread(
            () -> {
              assertThat(locks.isHeldByCurrentThread(7)).isFalse();
              locks.lock(7);
              heldByWaiter.set(locks.isHeldByCurrentThread(7));
              acquired.countDown();
              locks.unlock(7);
            });
    waiter.start();
    assertThat(acquired.await(100, TimeUnit.MILLISECONDS)).isFalse();
    locks.unlock(7);
    assertThat(acquired.await(10, TimeUnit.SECONDS)).isTrue();
    waiter.join();
    assertThat(heldByWaiter).isTrue();
    assertThat(locks.isLocked(7)).isFalse();
  }

  @Test
  void takingAStripeTwice_isRefused_andLeavesItHeld() {
    locks.lock(3);
    assertThatThrownBy(() -> locks.lock(3))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("taken twice");
    assertThat(locks.isHeldByCurrentThread(3)).isTrue();
    locks.unlock(3);
    assertThat(locks.isLocked(3)).isFalse();
  }

  @Test
  void onlyTheHolderMayRelease() throws Exception {
    assertThatThrownBy(() -> locks.unlock(5))
        .isInstanceOf(IllegalMonitorStateException.class)
        .hasMessageContaining("not held by this thread");
    Thread holder = new Thread(() -> locks.lock(5));
    holder.start();
    holder.join();
    assertThatThrownBy(() -> locks.unlock(5)).isInstanceOf(IllegalMonitorStateException.class);
    assertThat(locks.isLocked(5)).as("still the other thread's").isTrue();
  }

  @Test
  void aWaiterInterruptedWhileWaiting_stillGetsTheLock_andKeepsTheInterrupt() throws Exception {
    locks.lock(9);
    CountDownLatch acquired = new CountDownLatch(1);
    AtomicBoolean interruptKept = new AtomicBoolean();
    Thread waiter =
        new Thread(
            () -> {
              locks.lock(9);
              interruptKept.set(Thread.currentThread().isInterrupted());
              locks.unlock(9);
              acquired.countDown();
            });
    waiter.start();
    assertThat(acquired.await(100, TimeUnit.MILLISECONDS)).isFalse();
    waiter.interrupt();
    assertThat(acquired.await(100, TimeUnit.MILLISECONDS)).as("still waiting").isFalse();
    locks.unlock(9);
    assertThat(acquired.await(10, TimeUnit.SECONDS)).isTrue();
    waiter.join();
    assertThat(interruptKept).isTrue();
  }

  /**
   * Threads taking stripes that share one wake-up monitor (0, 64, 128, 192), holding them briefly,
   * with plain counters that only mutual exclusion keeps exact; a lost wake-up hangs the test until
   * its timeout.
   */
  @Test
  void contendedStripesSharingAMonitor_excludeEachOther_andNoWakeUpIsLost() throws Exception {
    int[] stripes = {0, 64, 128, 192};
    long[] counters = new long[stripes.length];
    int threads = 6;
    int rounds = 20_000;
    Thread[] workers = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      workers[t] =
          new Thread(
              () -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < rounds; i++) {
                  int s = random.nextInt(stripes.length);
                  locks.lock(stripes[s]);
                  try {
                    long seen = counters[s];
                    if (i % 64 == 0) {
                      // a holder that loses its core while holding, as on a busy machine
                      Thread.yield();
                    }
                    counters[s] = seen + 1;
                  } finally {
                    locks.unlock(stripes[s]);
                  }
                }
              });
      workers[t].start();
    }
    for (Thread w : workers) {
      w.join();
    }
    long total = 0;
    for (long c : counters) {
      total += c;
    }
    assertThat(total).isEqualTo((long) threads * rounds);
    for (int s : stripes) {
      assertThat(locks.isLocked(s)).isFalse();
    }
  }

  @Test
  void heldLocks_releaseEveryStripeOnce_whateverTheOrderOfTheKeys() {
    ItemStore items = new ItemStore(new MemoryStore());
    PrimaryKey a = key(1, 40);
    PrimaryKey b = key(2, 3);
    PrimaryKey sameStripeAsA = key(3, 40);
    HeldLocks held = items.lockAll(List.of(a, b, sameStripeAsA));
    assertThat(items.lock(key(4, 41))).isNotNull().satisfies(HeldLocks::close);
    held.close();
    held.close();
    // all free again: another thread can take them at once
    AtomicBoolean taken = new AtomicBoolean();
    Thread other =
        new Thread(
            () -> {
              try (HeldLocks again = items.lockAll(List.of(sameStripeAsA, b))) {
                taken.set(true);
              }
            });
    other.start();
    assertThat(join(other)).isTrue();
    assertThat(taken).isTrue();
  }

  @Test
  void awaitWriters_waitsForOtherThreadsHolders_butNotForTheCallersOwnLocks() throws Exception {
    ItemStore items = new ItemStore(new MemoryStore());
    CountDownLatch taken = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread writer =
        new Thread(
            () -> {
              try (HeldLocks held = items.lock(key(1, 500))) {
                taken.countDown();
                release.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    writer.start();
    assertThat(taken.await(10, TimeUnit.SECONDS)).isTrue();
    CountDownLatch waited = new CountDownLatch(1);
    Thread changer;
    try (HeldLocks mine = items.lock(key(2, 900))) {
      changer =
          new Thread(
              () -> {
                items.awaitWriters();
                waited.countDown();
              });
      changer.start();
      assertThat(waited.await(100, TimeUnit.MILLISECONDS)).as("waits for the writer").isFalse();
      release.countDown();
      // the changer still waits for this thread's lock
      assertThat(waited.await(100, TimeUnit.MILLISECONDS)).isFalse();
      // ... but this thread's own call does not wait for itself
      items.awaitWriters();
    }
    assertThat(waited.await(10, TimeUnit.SECONDS)).isTrue();
    writer.join();
    changer.join();
  }

  private static PrimaryKey key(int id, int stripe) {
    return new PrimaryKey(Map.of(), new byte[] {(byte) id}, stripe);
  }

  private static boolean join(Thread t) {
    try {
      t.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return !t.isAlive();
  }
}
