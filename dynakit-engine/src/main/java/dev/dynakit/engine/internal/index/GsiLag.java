package dev.dynakit.engine.internal.index;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How long a change to a global secondary index takes to become visible: a delay drawn uniformly
 * between {@code min} and {@code max} for each item write ({@code min == max} for a fixed delay).
 */
public record GsiLag(Duration min, Duration max) {
  public GsiLag {
    Objects.requireNonNull(min, "min");
    Objects.requireNonNull(max, "max");
    if (min.isNegative() || min.isZero()) {
      throw new IllegalArgumentException("gsiLag must be positive: " + min);
    }
    if (max.compareTo(min) < 0) {
      throw new IllegalArgumentException(
          "gsiLag maximum " + max + " is less than its minimum " + min);
    }
  }

  /** The delay of one item write's index changes. */
  Duration draw() {
    if (min.equals(max)) {
      return min;
    }
    long span = max.toNanos() - min.toNanos();
    return min.plusNanos(ThreadLocalRandom.current().nextLong(span + 1));
  }
}
