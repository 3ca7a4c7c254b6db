package dev.dynakit.core.schema;

import java.util.Objects;

/**
 * The sort-key attribute that holds the key fields joined into one string ({@code
 * TX|Dallas|00042}). A record that defines only the first k key fields gets a k-part key and is the
 * parent of the longer ones, so {@code begins_with} on a prefix selects a subtree.
 *
 * @param name the sort-key attribute name (under the technical prefix when one is declared)
 * @param separator the text between parts; {@code |} by default
 * @param policy what to do with a value that contains a separator character
 */
public record StructuralKey(String name, String separator, SeparatorPolicy policy) {
  /** The JavaScript toolkit's default separator. */
  public static final String DEFAULT_SEPARATOR = "|";

  public StructuralKey {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(separator, "separator");
    Objects.requireNonNull(policy, "policy");
  }

  /** A structural key with the default separator that rejects values containing it. */
  public static StructuralKey of(String name) {
    return new StructuralKey(name, DEFAULT_SEPARATOR, SeparatorPolicy.REJECT);
  }

  /** A structural key with the given separator that rejects values containing it. */
  public static StructuralKey of(String name, String separator) {
    return new StructuralKey(name, separator, SeparatorPolicy.REJECT);
  }

  /** This key, escaping separator characters inside values instead of rejecting them. */
  public StructuralKey escaping() {
    return new StructuralKey(name, separator, SeparatorPolicy.ESCAPE);
  }
}
