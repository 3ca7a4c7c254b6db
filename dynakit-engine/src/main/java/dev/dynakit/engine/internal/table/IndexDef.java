package dev.dynakit.engine.internal.table;

import java.time.Instant;
import java.util.List;

/**
 * A secondary index. {@code projectionType} is {@code ALL}, {@code KEYS_ONLY} or {@code INCLUDE}
 * (then {@code nonKeyAttributes} lists the extra attributes). {@code status} is the wire
 * IndexStatus ({@code CREATING}, {@code ACTIVE}, {@code DELETING}); {@code backfilling} is true
 * while a GSI added to a populated table is being filled.
 */
public record IndexDef(
    String name,
    boolean global,
    KeySchema key,
    String projectionType,
    List<String> nonKeyAttributes,
    Throughput throughput,
    String status,
    boolean backfilling,
    String arn,
    Instant createdAt) {
  public IndexDef {
    nonKeyAttributes = List.copyOf(nonKeyAttributes);
  }

  public IndexDef withStatus(String newStatus, boolean newBackfilling) {
    return new IndexDef(
        name,
        global,
        key,
        projectionType,
        nonKeyAttributes,
        throughput,
        newStatus,
        newBackfilling,
        arn,
        createdAt);
  }

  public IndexDef withThroughput(Throughput newThroughput) {
    return new IndexDef(
        name,
        global,
        key,
        projectionType,
        nonKeyAttributes,
        newThroughput,
        status,
        backfilling,
        arn,
        createdAt);
  }
}
