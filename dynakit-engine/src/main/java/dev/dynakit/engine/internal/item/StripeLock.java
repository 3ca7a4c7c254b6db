package dev.dynakit.engine.internal.item;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * The lock of one item stripe: reentrant and non-fair, as a {@code ReentrantLock}, but one object
 * where that is two (the lock and its synchronizer), so that taking it touches one cache line. A
 * batch takes 25 of these among 65,536 stripes, so each is usually cold in cache.
 */
final class StripeLock extends AbstractQueuedSynchronizer implements Lock {
  private static final long serialVersionUID = 1L;

  @Override
  protected boolean tryAcquire(int acquires) {
    Thread current = Thread.currentThread();
    int held = getState();
    if (held == 0) {
      if (compareAndSetState(0, acquires)) {
        setExclusiveOwnerThread(current);
        return true;
      }
    } else if (getExclusiveOwnerThread() == current) {
      int next = held + acquires;
      if (next < 0) {
        throw new IllegalMonitorStateException("maximum lock count exceeded");
      }
      setState(next);
      return true;
    }
    return false;
  }

  @Override
  protected boolean tryRelease(int releases) {
    if (getExclusiveOwnerThread() != Thread.currentThread()) {
      throw new IllegalMonitorStateException("the stripe lock is not held by this thread");
    }
    int held = getState() - releases;
    boolean free = held == 0;
    if (free) {
      setExclusiveOwnerThread(null);
    }
    setState(held);
    return free;
  }

  @Override
  protected boolean isHeldExclusively() {
    return getExclusiveOwnerThread() == Thread.currentThread();
  }

  /**
   * Whether some thread holds the lock: a read of its lock word, which a locker of several stripes
   * makes for all of them first, so that their cache misses overlap instead of queueing behind one
   * atomic update after another.
   */
  boolean isLocked() {
    return getState() != 0;
  }

  @Override
  public void lock() {
    acquire(1);
  }

  @Override
  public void lockInterruptibly() throws InterruptedException {
    acquireInterruptibly(1);
  }

  @Override
  public boolean tryLock() {
    return tryAcquire(1);
  }

  @Override
  public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
    return tryAcquireNanos(1, unit.toNanos(time));
  }

  @Override
  public void unlock() {
    release(1);
  }

  @Override
  public Condition newCondition() {
    return new ConditionObject();
  }
}
