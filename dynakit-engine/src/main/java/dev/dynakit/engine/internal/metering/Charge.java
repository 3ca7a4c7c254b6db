package dev.dynakit.engine.internal.metering;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;

/**
 * Units one request consumes on one partition-key value of a table or GSI.
 *
 * @param partitionKey the values of the partition-key attributes, in key order
 * @param sizeDelta how much the write grows (or, negative, shrinks) the data under the key, for the
 *     partition sizes; 0 for reads
 */
public record Charge(
    Resource resource, List<AttrValue> partitionKey, double units, long sizeDelta) {
  public Charge {
    partitionKey = List.copyOf(partitionKey);
  }
}
