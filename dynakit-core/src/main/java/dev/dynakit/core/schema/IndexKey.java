package dev.dynakit.core.schema;

import java.util.Objects;

/**
 * One attribute of an index key. A GSI key may have up to four partition and four sort attributes
 * (DynamoDB's multi-attribute keys).
 */
public record IndexKey(String name, ScalarType type) {
  public IndexKey {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }

  public static IndexKey string(String name) {
    return new IndexKey(name, ScalarType.STRING);
  }

  public static IndexKey number(String name) {
    return new IndexKey(name, ScalarType.NUMBER);
  }

  public static IndexKey binary(String name) {
    return new IndexKey(name, ScalarType.BINARY);
  }
}
