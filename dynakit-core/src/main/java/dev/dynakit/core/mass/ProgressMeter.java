package dev.dynakit.core.mass;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Counts handled items and tells a listener, at most every 200 ms and once at the end; tells a
 * checkpoint listener after every step, with the token that resumes after it.
 */
final class ProgressMeter {
  private static final long INTERVAL_NANOS = 200_000_000L;

  private final String operation;
  private final ProgressListener listener;
  private final @Nullable ProgressListener checkpoints;
  private final long before;
  private final @Nullable Long total;
  private final long start = System.nanoTime();
  private final AtomicLong done = new AtomicLong();
  private final AtomicLong lastReport = new AtomicLong(start);

  /**
   * @param before items handled by earlier calls of a resumed operation
   * @param total the number of items in all, or null when unknown
   * @param checkpoints told after every step (null for none)
   */
  ProgressMeter(
      String operation,
      ProgressListener listener,
      @Nullable ProgressListener checkpoints,
      long before,
      @Nullable Long total) {
    this.operation = operation;
    this.listener = listener;
    this.checkpoints = checkpoints;
    this.before = before;
    this.total = total;
  }

  /** Items handled by this call so far. */
  long done() {
    return done.get();
  }

  /** Counts items handled by an operation that gives no resume tokens. */
  void add(long items) {
    add(items, () -> null);
  }

  /**
   * Counts items handled; {@code token} resumes right after them. The checkpoint listener is told
   * first and may throw (the caller then stops with that token); the progress listener may not.
   */
  void add(long items, Supplier<@Nullable String> token) {
    long all = done.addAndGet(items);
    long now = System.nanoTime();
    String made = null;
    if (checkpoints != null) {
      made = token.get();
      checkpoints.onProgress(progress(now, all, false, made));
    }
    long last = lastReport.get();
    if (now - last >= INTERVAL_NANOS && lastReport.compareAndSet(last, now)) {
      tell(progress(now, all, false, checkpoints != null ? made : token.get()));
    }
  }

  /** The last report of a call; {@code token} resumes it, or is null when the work is complete. */
  void finish(@Nullable String token) {
    tell(progress(System.nanoTime(), done.get(), true, token));
  }

  private Progress progress(long now, long thisCall, boolean finished, @Nullable String token) {
    Duration elapsed = Duration.ofNanos(now - start);
    double seconds = elapsed.toNanos() / 1e9;
    double rate = seconds > 0 ? thisCall / seconds : 0;
    long all = before + thisCall;
    Duration remaining = null;
    if (total != null && rate > 0) {
      remaining = Duration.ofMillis((long) (Math.max(0, total - all) / rate * 1000));
    }
    return new Progress(operation, all, total, elapsed, rate, remaining, finished, token);
  }

  private void tell(Progress progress) {
    try {
      listener.onProgress(progress);
    } catch (RuntimeException ignored) {
      // a listener observes; it never changes what the operation does
    }
  }
}
