package dev.dynakit.engine.internal.metering;

/** DynamoDB's documented limits that the meter applies. */
final class CapacityLimits {
  /** Write units one partition (so one partition-key value) serves per second. */
  static final double KEY_WRITE_CEILING = 1000;

  /** Read units one partition (so one partition-key value) serves per second. */
  static final double KEY_READ_CEILING = 3000;

  /** Seconds of unused provisioned capacity a table or GSI keeps as burst credit. */
  static final int BURST_SECONDS = 300;

  /** The size past which DynamoDB splits a partition in two. */
  static final long PARTITION_SPLIT_BYTES = 10L * 1024 * 1024 * 1024;

  /**
   * Seconds in a row a partition must consume over half of a ceiling before it is split for heat
   * (DynamoDB's "sustained heavy load"; its exact figure is not documented).
   */
  static final int HEAT_SPLIT_SECONDS = 10;

  /** The longest statistics window, and how long an idle key's figures are kept. */
  static final int MAX_WINDOW_SECONDS = 300;

  /**
   * Partition-key values followed per table or index; past it the coldest are forgotten, so memory
   * stays bounded however many keys a load touches.
   */
  static final int MAX_KEYS = 10_000;

  private CapacityLimits() {}
}
