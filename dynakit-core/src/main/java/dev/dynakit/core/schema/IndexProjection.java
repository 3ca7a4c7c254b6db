package dev.dynakit.core.schema;

import java.util.List;

/** Which attributes an index copies from the base table. */
public sealed interface IndexProjection
    permits IndexProjection.All, IndexProjection.KeysOnly, IndexProjection.Include {

  /** Every attribute: reads need no second hop; every base write copies everything. */
  record All() implements IndexProjection {}

  /** Only the table and index keys: small index writes; full items need a second read. */
  record KeysOnly() implements IndexProjection {}

  /** The keys and a few named attributes. */
  record Include(List<String> attributes) implements IndexProjection {
    public Include {
      attributes = List.copyOf(attributes);
    }
  }

  static IndexProjection all() {
    return new All();
  }

  static IndexProjection keysOnly() {
    return new KeysOnly();
  }

  static IndexProjection include(String... attributes) {
    return new Include(List.of(attributes));
  }

  static IndexProjection include(List<String> attributes) {
    return new Include(attributes);
  }
}
