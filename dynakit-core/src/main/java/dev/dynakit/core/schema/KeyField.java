package dev.dynakit.core.schema;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One field of the table's key. The first key field is the partition key; further ones are the
 * tiers of a hierarchy, joined into the structural key.
 *
 * @param name the attribute name
 * @param type the attribute type
 * @param width for numbers in a structural key: the number of digits, zero-padded so that text
 *     order equals numeric order; null otherwise
 */
public record KeyField(String name, ScalarType type, @Nullable Integer width) {
  public KeyField {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }

  /** A string key field. */
  public static KeyField string(String name) {
    return new KeyField(name, ScalarType.STRING, null);
  }

  /** A number key field without padding (a single-field key). */
  public static KeyField number(String name) {
    return new KeyField(name, ScalarType.NUMBER, null);
  }

  /** A number key field zero-padded to {@code width} digits in the structural key. */
  public static KeyField number(String name, int width) {
    return new KeyField(name, ScalarType.NUMBER, width);
  }

  /** A binary key field. */
  public static KeyField binary(String name) {
    return new KeyField(name, ScalarType.BINARY, null);
  }
}
