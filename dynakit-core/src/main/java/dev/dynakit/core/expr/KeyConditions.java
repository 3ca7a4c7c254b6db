package dev.dynakit.core.expr;

import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.schema.GlobalIndex;
import dev.dynakit.core.schema.IndexKey;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyEncoder;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.ScalarType;
import dev.dynakit.core.schema.StructuralKey;
import dev.dynakit.core.schema.TableSpec;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Key conditions for the hierarchy a declaration describes, on the table or on one of its indices.
 * Values are given by field name, contiguous from the first key field ({@code {state: "TX", city:
 * "Dallas"}}); the partition key keeps its declared type (a numeric key is compared as a number).
 *
 * <ul>
 *   <li>{@link #exact}: the one item with exactly these key fields;
 *   <li>{@link #children}: the items below them (not the item itself);
 *   <li>{@link #selfAndChildren}: the item and the items below it. This is {@code begins_with} on
 *       the encoded key, so a sibling whose value starts with the same text ({@code TX} and {@code
 *       TXA}) matches too; filter or choose values accordingly;
 *   <li>{@link #partial}: the children whose next key field starts with a text.
 * </ul>
 *
 * <p>On an index whose sort key is the structural key, the same rules apply below the index's
 * partition key. On an index with other sort-key attributes (one, or up to four for a
 * multi-attribute GSI key), the given leading sort attributes are compared for equality and {@link
 * #partial} adds {@code begins_with} on the next one; every indexed item carries all of them, so
 * {@link #children} and {@link #selfAndChildren} are the same there.
 */
public final class KeyConditions {
  private enum Mode {
    EXACT,
    CHILDREN,
    SELF_AND_CHILDREN,
    PARTIAL
  }

  private final TableSpec spec;
  private final @Nullable IndexSpec index;

  private KeyConditions(TableSpec spec, @Nullable IndexSpec index) {
    this.spec = spec;
    this.index = index;
  }

  /** Key conditions on the table itself. */
  public static KeyConditions forTable(TableSpec spec) {
    return new KeyConditions(Objects.requireNonNull(spec, "spec"), null);
  }

  /**
   * Key conditions on a declared index.
   *
   * @throws InvalidExpressionException when the index is not declared
   */
  public static KeyConditions forIndex(TableSpec spec, String indexName) {
    IndexSpec index =
        spec.index(indexName)
            .orElseThrow(
                () ->
                    new InvalidExpressionException(
                        "table '" + spec.tableName() + "' declares no index '" + indexName + "'"));
    return new KeyConditions(spec, index);
  }

  public KeyCondition exact(Map<String, ?> values) {
    return build(Mode.EXACT, values, null);
  }

  public KeyCondition children(Map<String, ?> values) {
    return build(Mode.CHILDREN, values, null);
  }

  public KeyCondition selfAndChildren(Map<String, ?> values) {
    return build(Mode.SELF_AND_CHILDREN, values, null);
  }

  /**
   * @param prefix the start of the next key field's value; checked or escaped like a value
   */
  public KeyCondition partial(Map<String, ?> values, String prefix) {
    return build(Mode.PARTIAL, values, prefix);
  }

  private KeyCondition build(Mode mode, Map<String, ?> values, @Nullable String prefix) {
    KeyCondition.Builder condition = KeyCondition.builder();
    StructuralKey structural = spec.structuralKey();
    if (index == null) {
      List<Object> path = spec.keyPath(values);
      KeyField pk = spec.partitionKey();
      condition.partition(pk.name(), typed(pk.type(), pk.name(), path.get(0)));
      if (structural == null) {
        if (mode != Mode.EXACT) {
          throw new MalformedKeyException(
              pk.name(),
              "the table has no structural key, so its items have no children; use exact");
        }
        return condition.build();
      }
      hierarchy(condition, mode, path, prefix);
      return condition.build();
    }
    List<IndexKey> partition =
        index instanceof GlobalIndex
            ? ((GlobalIndex) index).partitionKey()
            : List.of(new IndexKey(spec.partitionKey().name(), spec.partitionKey().type()));
    for (IndexKey key : partition) {
      Object value = values.get(key.name());
      if (value == null) {
        throw new MalformedKeyException(
            key.name(), "the partition key of index '" + index.name() + "' is required");
      }
      condition.partition(key.name(), typed(key.type(), key.name(), value));
    }
    List<String> sort = index.sortKeyNames();
    if (structural != null && sort.equals(List.of(structural.name()))) {
      hierarchy(condition, mode, spec.keyPath(values), prefix);
    } else {
      attributes(condition, mode, values, index.sortKey(), prefix);
    }
    return condition.build();
  }

  private void hierarchy(
      KeyCondition.Builder condition, Mode mode, List<Object> path, @Nullable String prefix) {
    KeyEncoder encoder = Objects.requireNonNull(spec.keyEncoder());
    String sk = encoder.structuralKey().name();
    String separator = encoder.structuralKey().separator();
    String base = encoder.encodePath(path);
    switch (mode) {
      case EXACT:
        condition.sortEquals(sk, base);
        break;
      case CHILDREN:
        condition.sortBeginsWith(sk, base + separator);
        break;
      case SELF_AND_CHILDREN:
        condition.sortBeginsWith(sk, base);
        break;
      default:
        List<KeyField> fields = encoder.fields();
        if (path.size() == fields.size()) {
          throw new MalformedKeyException(
              fields.get(fields.size() - 1).name(),
              "every key field is given; a partial value applies to the next one");
        }
        String next = fields.get(path.size()).name();
        condition.sortBeginsWith(
            sk, base + separator + encoder.encodePartial(path.size(), nonEmpty(next, prefix)));
        break;
    }
  }

  private void attributes(
      KeyCondition.Builder condition,
      Mode mode,
      Map<String, ?> values,
      List<IndexKey> sort,
      @Nullable String prefix) {
    int given = 0;
    while (given < sort.size() && values.get(sort.get(given).name()) != null) {
      given++;
    }
    for (int i = given + 1; i < sort.size(); i++) {
      if (values.get(sort.get(i).name()) != null) {
        throw new MalformedKeyException(
            sort.get(i).name(),
            "given without '"
                + sort.get(given).name()
                + "'; sort-key attributes are compared from the first");
      }
    }
    if (mode == Mode.EXACT && given < sort.size()) {
      throw new MalformedKeyException(
          sort.get(given).name(),
          "an exact key on index '" + index.name() + "' needs every sort-key attribute");
    }
    for (int i = 0; i < given; i++) {
      IndexKey key = sort.get(i);
      condition.sortEquals(key.name(), typed(key.type(), key.name(), values.get(key.name())));
    }
    if (mode == Mode.PARTIAL) {
      if (given == sort.size()) {
        throw new MalformedKeyException(
            sort.isEmpty() ? index.name() : sort.get(sort.size() - 1).name(),
            "every sort-key attribute is given; a partial value applies to the next one");
      }
      IndexKey next = sort.get(given);
      if (next.type() != ScalarType.STRING) {
        throw new MalformedKeyException(
            next.name(), "a partial value applies to string attributes only");
      }
      condition.sortBeginsWith(next.name(), nonEmpty(next.name(), prefix));
    }
  }

  /** Keeps a key value in its declared type (text from a URL becomes a number when it is one). */
  private Object typed(ScalarType type, String name, @Nullable Object value) {
    Objects.requireNonNull(value, name);
    if (spec.codecs().containsKey(name)) {
      // stored form now, so the condition renders the same against any Placeholders
      return spec.itemConverter().toAttribute(name, value);
    }
    return type.coerce(name, value);
  }

  private static String nonEmpty(String field, @Nullable String prefix) {
    if (prefix == null || prefix.isEmpty()) {
      throw new MalformedKeyException(field, "a partial value must not be empty");
    }
    return prefix;
  }
}
