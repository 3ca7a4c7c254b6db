package dev.dynakit.core.stream;

/** Where a subscription without a checkpoint starts reading its stream. */
public enum StartPosition {
  /** At the oldest record the stream still keeps: every retained change is delivered. */
  TRIM_HORIZON,
  /**
   * After the last record written before the subscription first opened: only later changes are
   * delivered. The first start checkpoints every shard listed then at its end (an open shard is
   * read to its end once for that, its records skipped), so a restart from those checkpoints, even
   * before a batch was handled, delivers every change made after the first start and none made
   * before. Shards that open later are read from their start.
   */
  LATEST
}
