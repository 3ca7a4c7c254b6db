package dev.dynakit.core.mass;

import dev.dynakit.core.CascadeNotDeclaredException;
import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.schema.KeyEncoder;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.StructuralKey;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The rules of subtree operations: a subtree is named by a partial key (key fields contiguous from
 * the first); a source and a destination name the same tiers and do not contain each other (a walk
 * would otherwise meet its own copies); an item is moved under the destination by replacing its
 * leading key fields.
 */
final class Subtrees {
  private final TableSpec spec;
  private final KeyEncoder encoder;
  private final String separator;

  Subtrees(Adapter adapter) {
    this.spec = adapter.spec();
    StructuralKey structural = spec.structuralKey();
    KeyEncoder keyEncoder = spec.keyEncoder();
    if (structural == null || keyEncoder == null) {
      throw new IllegalArgumentException(
          "subtree operations need a structural key; table '"
              + spec.tableName()
              + "' declares none");
    }
    this.encoder = keyEncoder;
    this.separator = structural.separator();
  }

  /** Refuses a cascade on a table that does not declare its key a hierarchy. */
  void requireCascades(String operation) {
    if (!spec.structuralRelationships()) {
      throw new CascadeNotDeclaredException(operation, spec.tableName());
    }
  }

  /** The encoded path of a partial key (its structural key). */
  String path(Map<String, ?> partialKey) {
    return encoder.encodePath(spec.keyPath(partialKey));
  }

  /** Checks that two partial keys name the same tiers of disjoint subtrees. */
  void requireDisjoint(Map<String, ?> from, Map<String, ?> to) {
    if (!tiers(from).equals(tiers(to))) {
      throw new IllegalArgumentException(
          "the source " + tiers(from) + " and destination " + tiers(to) + " name other key fields");
    }
    String a = path(from);
    String b = path(to);
    if (a.equals(b) || a.startsWith(b + separator) || b.startsWith(a + separator)) {
      throw new IllegalArgumentException(
          "the subtrees '" + a + "' and '" + b + "' overlap; copy or move between disjoint ones");
    }
  }

  /**
   * The mapping of an item from one subtree to the other, then the caller's mapping (if any).
   *
   * @throws IllegalStateException (from the mapping) for an item outside the source subtree
   */
  UnaryOperator<Map<String, Object>> swap(
      Map<String, ?> from, Map<String, ?> to, @Nullable UnaryOperator<Map<String, Object>> then) {
    List<String> tiers = tiers(from);
    String source = path(from);
    Map<String, Object> target = new LinkedHashMap<>(to);
    return item -> {
      Map<String, Object> prefix = new LinkedHashMap<>();
      for (String tier : tiers) {
        prefix.put(tier, item.get(tier));
      }
      if (prefix.containsValue(null) || !path(prefix).equals(source)) {
        throw new IllegalStateException(
            "an item outside subtree '" + source + "' was listed, with key fields " + prefix);
      }
      item.putAll(target);
      return then == null ? item : then.apply(item);
    };
  }

  /** The key fields a partial key gives, in tier order. */
  private List<String> tiers(Map<String, ?> partialKey) {
    spec.keyPath(partialKey);
    List<String> tiers = new ArrayList<>();
    for (KeyField field : spec.keyFields()) {
      if (partialKey.get(field.name()) != null) {
        tiers.add(field.name());
      }
    }
    return tiers;
  }
}
