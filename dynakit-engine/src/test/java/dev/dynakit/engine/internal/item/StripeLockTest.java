package dev.dynakit.engine.internal.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class StripeLockTest {

  @Test
  void theHolderMayTakeItAgain_andOthersWaitUntilItIsReleasedAsOftenAsTaken() throws Exception {
    StripeLock lock = new StripeLock();
    lock.lock();
    lock.lock();
    assertThat(lock.isLocked()).isTrue();
    AtomicBoolean otherGotIt = new AtomicBoolean();
    Thread other = new Thread(() -> otherGotIt.set(lock.tryLock()));
    other.start();
    other.join();
    assertThat(otherGotIt).isFalse();

    lock.unlock();
    assertThat(lock.isLocked()).as("still held once").isTrue();
    CountDownLatch acquired = new CountDownLatch(1);
    Thread waiter =
        new Thread(
            () -> {
              lock.lock();
              acquired.countDown();
              lock.unlock();
            });
    waiter.start();
    assertThat(acquired.await(100, TimeUnit.MILLISECONDS)).isFalse();
    lock.unlock();
    assertThat(acquired.await(10, TimeUnit.SECONDS)).isTrue();
    waiter.join();
    assertThat(lock.isLocked()).isFalse();
  }

  @Test
  void onlyTheHolderMayRelease() {
    StripeLock lock = new StripeLock();
    assertThatThrownBy(lock::unlock)
        .isInstanceOf(IllegalMonitorStateException.class)
        .hasMessageContaining("not held by this thread");
  }

  @Test
  void excludesOtherThreads() throws Exception {
    StripeLock lock = new StripeLock();
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger worst = new AtomicInteger();
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      threads[t] =
          new Thread(
              () -> {
                for (int i = 0; i < 20_000; i++) {
                  lock.lock();
                  try {
                    worst.accumulateAndGet(inside.incrementAndGet(), Math::max);
                    inside.decrementAndGet();
                  } finally {
                    lock.unlock();
                  }
                }
              });
      threads[t].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    assertThat(worst.get()).isEqualTo(1);
  }
}
