package dev.dynakit.core.adapter;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Delays between resends of a batch's unprocessed part: exponential from 50 ms, full jitter,
 * capped, for a bounded number of attempts. The SDK retries throttled calls itself but never
 * resubmits unprocessed keys, so the toolkit does.
 */
final class Backoff {
  private final long baseMillis;
  private final long capMillis;
  private final int maxAttempts;

  Backoff(long baseMillis, long capMillis, int maxAttempts) {
    this.baseMillis = baseMillis;
    this.capMillis = capMillis;
    this.maxAttempts = maxAttempts;
  }

  static Backoff standard() {
    return new Backoff(50, 3_200, 8);
  }

  int maxAttempts() {
    return maxAttempts;
  }

  /**
   * Waits before attempt {@code next} (2 or more).
   *
   * @return false when interrupted (the interrupt flag is kept), so the caller stops retrying
   */
  boolean pause(int next) {
    long ceiling = Math.min(capMillis, baseMillis << Math.min(next - 2, 20));
    long delay = ceiling <= 0 ? 0 : ThreadLocalRandom.current().nextLong(ceiling + 1);
    try {
      Thread.sleep(delay);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
