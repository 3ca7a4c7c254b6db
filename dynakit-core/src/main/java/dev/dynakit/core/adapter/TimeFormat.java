package dev.dynakit.core.adapter;

import java.time.Instant;

/** How a time stamp is stored. */
public enum TimeFormat {
  /** ISO-8601 text in UTC ({@code 2026-04-12T09:30:00Z}); sorts in time order. */
  ISO,
  /** A number of milliseconds since the epoch. */
  EPOCH_MILLIS,
  /** A number of seconds since the epoch (what DynamoDB's TTL reads). */
  EPOCH_SECONDS;

  /** The stored form of a time. */
  public Object format(Instant time) {
    switch (this) {
      case EPOCH_MILLIS:
        return time.toEpochMilli();
      case EPOCH_SECONDS:
        return time.getEpochSecond();
      default:
        return time.toString();
    }
  }
}
