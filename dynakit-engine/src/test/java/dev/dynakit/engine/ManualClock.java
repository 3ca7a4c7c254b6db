package dev.dynakit.engine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A UTC clock that a test moves by hand; readable from other threads (the TTL sweeper). */
public final class ManualClock extends Clock {
  private volatile Instant now;

  public ManualClock(Instant start) {
    this.now = start;
  }

  /** Sets the time. */
  public void set(Instant instant) {
    now = instant;
  }

  /** Moves the time forward. */
  public void advance(Duration by) {
    now = now.plus(by);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now;
  }
}
