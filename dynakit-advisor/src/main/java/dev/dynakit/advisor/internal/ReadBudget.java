package dev.dynakit.advisor.internal;

import java.util.function.LongSupplier;

/**
 * A token bucket of read units shared by the scan's segments: each page spends what DynamoDB says
 * it consumed, and the next page waits while the bucket is in debt. The bucket refills at the
 * allowed rate and holds at most one second's worth, so the average stays at the rate.
 */
public final class ReadBudget {
  /** Waits a number of nanoseconds. */
  public interface Sleeper {
    /** Sleeps {@code nanos}. */
    void sleep(long nanos) throws InterruptedException;
  }

  private final double perSecond;
  private final LongSupplier nanoTime;
  private final Sleeper sleeper;
  private double tokens;
  private long refilled;

  /** A budget of {@code perSecond} units per second on the given time source. */
  public ReadBudget(double perSecond, LongSupplier nanoTime, Sleeper sleeper) {
    if (!(perSecond > 0)) {
      throw new IllegalArgumentException("a read budget is above 0 units per second");
    }
    this.perSecond = perSecond;
    this.nanoTime = nanoTime;
    this.sleeper = sleeper;
    this.tokens = perSecond;
    this.refilled = nanoTime.getAsLong();
  }

  /** A budget on the system's clock. */
  public static ReadBudget of(double perSecond) {
    return new ReadBudget(
        perSecond,
        System::nanoTime,
        nanos -> Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000)));
  }

  /** Waits until the bucket is out of debt. */
  public void acquire() throws InterruptedException {
    while (true) {
      long wait;
      synchronized (this) {
        refill();
        if (tokens >= 0) {
          return;
        }
        wait = (long) Math.ceil(-tokens / perSecond * 1e9);
      }
      sleeper.sleep(Math.max(wait, 1_000_000));
    }
  }

  /** Spends the units a page consumed. */
  public synchronized void spend(double units) {
    refill();
    tokens -= units;
  }

  private void refill() {
    long now = nanoTime.getAsLong();
    tokens = Math.min(perSecond, tokens + (now - refilled) / 1e9 * perSecond);
    refilled = now;
  }
}
