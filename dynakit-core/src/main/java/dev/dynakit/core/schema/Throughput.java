package dev.dynakit.core.schema;

/**
 * Provisioned read and write capacity units, for the table and each GSI in {@link
 * CapacityMode#PROVISIONED} mode.
 */
public record Throughput(long readCapacityUnits, long writeCapacityUnits) {}
