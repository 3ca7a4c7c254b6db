package dev.dynakit.core.mass;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/** Counts handled items and tells a listener, at most every 200 ms and once at the end. */
final class ProgressMeter {
  private static final long INTERVAL_NANOS = 200_000_000L;

  private final String operation;
  private final ProgressListener listener;
  private final long before;
  private final @Nullable Long total;
  private final long start = System.nanoTime();
  private final AtomicLong done = new AtomicLong();
  private final AtomicLong lastReport = new AtomicLong(start);

  /**
   * @param before items handled by earlier calls of a resumed operation
   * @param total the number of items in all, or null when unknown
   */
  ProgressMeter(String operation, ProgressListener listener, long before, @Nullable Long total) {
    this.operation = operation;
    this.listener = listener;
    this.before = before;
    this.total = total;
  }

  /** Items handled by this call so far. */
  long done() {
    return done.get();
  }

  void add(long items) {
    done.addAndGet(items);
    long now = System.nanoTime();
    long last = lastReport.get();
    if (now - last >= INTERVAL_NANOS && lastReport.compareAndSet(last, now)) {
      tell(now, false);
    }
  }

  void finish() {
    tell(System.nanoTime(), true);
  }

  private void tell(long now, boolean finished) {
    long thisCall = done.get();
    Duration elapsed = Duration.ofNanos(now - start);
    double seconds = elapsed.toNanos() / 1e9;
    double rate = seconds > 0 ? thisCall / seconds : 0;
    long all = before + thisCall;
    Duration remaining = null;
    if (total != null && rate > 0) {
      remaining = Duration.ofMillis((long) (Math.max(0, total - all) / rate * 1000));
    }
    try {
      listener.onProgress(new Progress(operation, all, total, elapsed, rate, remaining, finished));
    } catch (RuntimeException ignored) {
      // a listener observes; it never changes what the operation does
    }
  }
}
