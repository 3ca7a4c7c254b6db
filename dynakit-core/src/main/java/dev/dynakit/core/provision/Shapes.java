package dev.dynakit.core.provision;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputDescription;

/**
 * Key schemas, projections and throughput as short text. Plans and drift compare these texts, so
 * that what differs is also what the report shows.
 */
final class Shapes {
  private Shapes() {}

  /**
   * A key schema as {@code state:S HASH, _sk:S RANGE}; {@code types} gives an attribute's type
   * letter, or null when unknown (shown as {@code ?}).
   */
  static String key(List<KeySchemaElement> key, Function<String, @Nullable String> types) {
    List<String> parts = new ArrayList<>();
    for (KeySchemaElement e : key) {
      String type = types.apply(e.attributeName());
      parts.add(e.attributeName() + ":" + (type == null ? "?" : type) + " " + e.keyTypeAsString());
    }
    return String.join(", ", parts);
  }

  /** A key schema with the types of {@code types} (attribute name to type letter). */
  static String key(List<KeySchemaElement> key, Map<String, String> types) {
    return key(key, types::get);
  }

  /** A live index as {@code key; projection}. */
  static String index(
      List<KeySchemaElement> key, @Nullable Projection projection, Map<String, String> types) {
    return key(key, types) + "; " + projection(projection);
  }

  /** {@code ALL}, {@code KEYS_ONLY} or {@code INCLUDE [a, b]} (sorted: order does not matter). */
  static String projection(@Nullable Projection projection) {
    if (projection == null || projection.projectionType() == null) {
      return "ALL";
    }
    if (projection.projectionType() == ProjectionType.INCLUDE) {
      List<String> attributes = new ArrayList<>(projection.nonKeyAttributes());
      attributes.sort(null);
      return "INCLUDE " + attributes;
    }
    return projection.projectionTypeAsString();
  }

  static String throughput(@Nullable ProvisionedThroughput t) {
    return t == null ? "none" : units(t.readCapacityUnits(), t.writeCapacityUnits());
  }

  static String throughput(@Nullable ProvisionedThroughputDescription t) {
    return t == null ? "none" : units(t.readCapacityUnits(), t.writeCapacityUnits());
  }

  private static String units(@Nullable Long read, @Nullable Long write) {
    return (read == null ? 0 : read) + " read / " + (write == null ? 0 : write) + " write units";
  }
}
