package dev.dynakit.engine.internal.table;

/** Provisioned read and write capacity units (zero for on-demand tables). */
public record Throughput(long readCapacityUnits, long writeCapacityUnits) {
  public static final Throughput NONE = new Throughput(0, 0);
}
