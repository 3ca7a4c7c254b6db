package dev.dynakit.core.schema;

/** How the table pays for throughput (DynamoDB's billing mode). */
public enum CapacityMode {
  /** On demand: pay per request; the default. */
  PAY_PER_REQUEST,
  /** Provisioned read and write units, declared with {@link Throughput}. */
  PROVISIONED
}
