package dev.dynakit.it.engine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A UTC clock for an engine that a test moves by hand; read by the engine's threads too. */
final class MovableClock extends Clock {
  private volatile Instant now;

  MovableClock(Instant start) {
    this.now = start;
  }

  /** Moves the time forward. */
  void advance(Duration by) {
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
