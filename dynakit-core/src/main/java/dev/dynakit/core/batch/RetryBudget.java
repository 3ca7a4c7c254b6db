package dev.dynakit.core.batch;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;

/**
 * How long the toolkit keeps resending what DynamoDB did not process (unprocessed items and keys,
 * throttling, 5xx errors): at most {@code maxAttempts} sends of one request, and no new send once
 * {@code maxTime} has passed since the call began. Between attempts it waits a random time between
 * zero and {@code baseDelay·2^(attempt-1)}, capped at {@code maxDelay} ("full jitter", which
 * spreads competing clients apart).
 *
 * <pre>{@code
 * RetryBudget patient = RetryBudget.builder().maxAttempts(50).maxTime(Duration.ofMinutes(5)).build();
 * }</pre>
 */
public final class RetryBudget {
  private static final RetryBudget STANDARD = builder().build();

  private final int maxAttempts;
  private final @Nullable Duration maxTime;
  private final Duration baseDelay;
  private final Duration maxDelay;

  private RetryBudget(Builder builder) {
    this.maxAttempts = builder.maxAttempts;
    this.maxTime = builder.maxTime;
    this.baseDelay = builder.baseDelay;
    this.maxDelay = builder.maxDelay;
  }

  /** 10 attempts per request, delays from 50 ms doubling up to 5 s, no time limit. */
  public static RetryBudget standard() {
    return STANDARD;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.maxAttempts = maxAttempts;
    builder.maxTime = maxTime;
    builder.baseDelay = baseDelay;
    builder.maxDelay = maxDelay;
    return builder;
  }

  /** The most sends of one request, the first one included. */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** The time after which nothing more is sent, or null for no limit. */
  public @Nullable Duration maxTime() {
    return maxTime;
  }

  public Duration baseDelay() {
    return baseDelay;
  }

  public Duration maxDelay() {
    return maxDelay;
  }

  /** The deadline of a call that begins now, in {@link System#nanoTime()} terms. */
  Deadline startNow() {
    return new Deadline(maxTime == null ? Long.MAX_VALUE : System.nanoTime() + maxTime.toNanos());
  }

  /**
   * Waits before attempt {@code next} (2 or more) of a request.
   *
   * @return false when the budget does not allow that attempt (attempts used up, or the wait would
   *     end after the deadline) or the thread was interrupted (the flag is kept)
   */
  boolean pause(int next, Deadline deadline) {
    if (next > maxAttempts) {
      return false;
    }
    long ceiling = Math.min(maxDelay.toNanos(), baseDelay.toNanos() << Math.min(next - 2, 30));
    long delay = ceiling <= 0 ? 0 : ThreadLocalRandom.current().nextLong(ceiling + 1);
    if (deadline.passedAfter(delay)) {
      return false;
    }
    try {
      Thread.sleep(delay / 1_000_000, (int) (delay % 1_000_000));
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public String toString() {
    return "RetryBudget[maxAttempts="
        + maxAttempts
        + ", maxTime="
        + maxTime
        + ", baseDelay="
        + baseDelay
        + ", maxDelay="
        + maxDelay
        + "]";
  }

  /** The end of a call's time budget. */
  static final class Deadline {
    private final long nanos;

    Deadline(long nanos) {
      this.nanos = nanos;
    }

    /** Whether the time budget is used up. */
    boolean passed() {
      return passedAfter(0);
    }

    boolean passedAfter(long delayNanos) {
      return nanos != Long.MAX_VALUE && System.nanoTime() + delayNanos - nanos > 0;
    }
  }

  /** Builds a {@link RetryBudget}; every setting has a default. */
  public static final class Builder {
    private int maxAttempts = 10;
    private @Nullable Duration maxTime;
    private Duration baseDelay = Duration.ofMillis(50);
    private Duration maxDelay = Duration.ofSeconds(5);

    private Builder() {}

    /** The most sends of one request (1 = never resend); 10 by default. */
    public Builder maxAttempts(int attempts) {
      if (attempts < 1) {
        throw new IllegalArgumentException("maxAttempts must be at least 1, got " + attempts);
      }
      this.maxAttempts = attempts;
      return this;
    }

    /** No send starts after this time from the call's start; null (the default) for no limit. */
    public Builder maxTime(@Nullable Duration time) {
      if (time != null && time.isNegative()) {
        throw new IllegalArgumentException("maxTime must not be negative, got " + time);
      }
      this.maxTime = time;
      return this;
    }

    /** The ceiling of the first wait; 50 ms by default. Zero resends at once. */
    public Builder baseDelay(Duration delay) {
      this.baseDelay = nonNegative("baseDelay", delay);
      return this;
    }

    /** The highest ceiling of a wait; 5 s by default. */
    public Builder maxDelay(Duration delay) {
      this.maxDelay = nonNegative("maxDelay", delay);
      return this;
    }

    public RetryBudget build() {
      return new RetryBudget(this);
    }

    private static Duration nonNegative(String name, Duration value) {
      Objects.requireNonNull(value, name);
      if (value.isNegative()) {
        throw new IllegalArgumentException(name + " must not be negative, got " + value);
      }
      return value;
    }
  }
}
