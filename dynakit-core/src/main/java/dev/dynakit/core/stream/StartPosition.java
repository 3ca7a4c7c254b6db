package dev.dynakit.core.stream;

/** Where a subscription without a checkpoint starts reading its stream. */
public enum StartPosition {
  /** At the oldest record the stream still keeps: every retained change is delivered. */
  TRIM_HORIZON,
  /**
   * After the last record written before the subscription opened: only later changes are delivered.
   * Shards that open later are read from their start.
   */
  LATEST
}
