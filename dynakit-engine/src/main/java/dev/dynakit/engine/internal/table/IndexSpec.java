package dev.dynakit.engine.internal.table;

import java.util.List;

/**
 * A secondary index as declared in a CreateTable request or a GSI Create action, after the shape
 * checks and before the semantic ones.
 *
 * @param nonKeyAttributes the NonKeyAttributes as sent, or null when absent
 * @param throughput the index's ProvisionedThroughput, or null when absent
 */
public record IndexSpec(
    String name,
    List<KeyElement> keySchema,
    String projectionType,
    List<String> nonKeyAttributes,
    Throughput throughput) {}
