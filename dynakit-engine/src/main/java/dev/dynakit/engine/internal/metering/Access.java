package dev.dynakit.engine.internal.metering;

/** Whether units are read or write units: each has its own ceilings, budgets and reasons. */
public enum Access {
  READ("Read", CapacityLimits.KEY_READ_CEILING),
  WRITE("Write", CapacityLimits.KEY_WRITE_CEILING);

  private final String word;
  private final double keyCeiling;

  Access(String word, double keyCeiling) {
    this.word = word;
    this.keyCeiling = keyCeiling;
  }

  /** The word a throttling reason names it by ({@code TableWriteKeyRange...}). */
  String word() {
    return word;
  }

  /** The units one partition-key value may consume in one second. */
  double keyCeiling() {
    return keyCeiling;
  }
}
