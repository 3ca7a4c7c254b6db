package dev.dynakit.engine.internal.metering;

/**
 * What a table or GSI may still consume of one kind of units this second, as DynamoDB's token
 * bucket: each second brings its limit in units; what a second leaves unused accrues as burst
 * credit up to {@link CapacityLimits#BURST_SECONDS} seconds' worth when {@code burst} is on
 * (provisioned throughput), and a new budget has none. A request is admitted while any capacity is
 * left, and may overdraw it: the debt is repaid from the following seconds, so a sustained load
 * averages the limit even when one request costs more than a second's units. Not thread-safe: the
 * meter guards it.
 */
final class Budget {
  private long second = Long.MIN_VALUE;
  private double used;
  private double credit;

  /** A budget with nothing saved at {@code createdSecond}, accruing credit from then. */
  Budget(long createdSecond) {
    this.second = createdSecond;
  }

  /** A budget that starts at its first use. */
  Budget() {}

  /** Whether a request may consume units at {@code now} under {@code limit} per second. */
  boolean allows(long now, double limit, boolean burst) {
    if (limit <= 0) {
      return true;
    }
    roll(now, limit, burst);
    return used < limit + credit;
  }

  /** Consumes units at {@code now}. */
  void consume(long now, double limit, boolean burst, double units) {
    if (limit <= 0) {
      // nothing to count against; a limit set later starts without debt or credit
      second = Long.MIN_VALUE;
      used = 0;
      credit = 0;
      return;
    }
    roll(now, limit, burst);
    used += units;
  }

  /** Units of burst credit accrued (negative while an overdraft is repaid). */
  double credit() {
    return credit;
  }

  private void roll(long now, double limit, boolean burst) {
    if (second == Long.MIN_VALUE) {
      second = now;
      return;
    }
    if (now <= second) {
      // the same second (or a clock set back): keep counting in it
      return;
    }
    double cap = burst ? limit * CapacityLimits.BURST_SECONDS : 0;
    long idle = Math.min(now - second - 1, CapacityLimits.BURST_SECONDS + 1L);
    credit = Math.min(cap, credit + (limit - used) + idle * limit);
    used = 0;
    second = now;
  }
}
