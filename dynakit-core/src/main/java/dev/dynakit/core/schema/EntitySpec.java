package dev.dynakit.core.schema;

import dev.dynakit.core.item.FieldCodec;
import dev.dynakit.core.item.FieldCodecs;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One entity of a single-table design: its fields (a plain type, {@code string}, {@code number},
 * {@code boolean}, {@code binary}, {@code map}, {@code list}, or a codec name such as {@code
 * localDateIso}), a key template per key attribute it writes (the table's and the indices'), and
 * optionally write sharding.
 *
 * <pre>{@code
 * EntitySpec.builder("order")
 *     .field("customerId", "string").field("orderId", "string")
 *     .field("orderDate", "localDateIso").field("needsReview", "boolean")
 *     .key("PK", "CUSTOMER#{customerId}")
 *     .key("SK", "ORDER#{orderDate}#{orderId}")
 *     .key("GSI2PK", KeyTemplate.of("REVIEW").when(SparseCondition.eq("needsReview", true)))
 *     .build();
 * }</pre>
 */
public final class EntitySpec {
  /** The field types that are no codec: values are stored as given. */
  public static final java.util.Set<String> PLAIN_TYPES =
      java.util.Set.of("string", "number", "boolean", "binary", "map", "list");

  private final String name;
  private final Map<String, String> fields;
  private final Map<String, FieldCodec<?>> codecs;
  private final Map<String, KeyTemplate> keys;
  private final @Nullable ShardSpec shards;

  private EntitySpec(Builder b) {
    this.name = b.name;
    this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(b.fields));
    Map<String, FieldCodec<?>> resolved = new LinkedHashMap<>(b.codecs);
    b.fields.forEach(
        (field, type) -> {
          if (!PLAIN_TYPES.contains(type) && !resolved.containsKey(field)) {
            codecOf(type).ifPresent(codec -> resolved.put(field, codec));
          }
        });
    this.codecs = Collections.unmodifiableMap(resolved);
    this.keys = Collections.unmodifiableMap(new LinkedHashMap<>(b.keys));
    this.shards = b.shards;
  }

  /** Starts the declaration of the named entity. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** The entity's name, written into the table's type field. */
  public String name() {
    return name;
  }

  /** The fields and their declared types (plain type or codec name), in declaration order. */
  public Map<String, String> fields() {
    return fields;
  }

  /** The codecs of the fields declared with one. */
  public Map<String, FieldCodec<?>> codecs() {
    return codecs;
  }

  /** A template per key attribute, in declaration order. */
  public Map<String, KeyTemplate> keys() {
    return keys;
  }

  /** The template of a key attribute. */
  public Optional<KeyTemplate> key(String attribute) {
    return Optional.ofNullable(keys.get(attribute));
  }

  /** Write sharding, or null. */
  public @Nullable ShardSpec shards() {
    return shards;
  }

  /**
   * The slot values of an item's primary key under this entity's templates (the shard under {@link
   * KeyTemplate#SHARD}), or empty when this entity did not make that key.
   *
   * @param primaryKey the table's primary-key attributes ({@link TableSpec#primaryKeyNames()})
   */
  public Optional<Map<String, String>> keySlots(List<String> primaryKey, Map<String, ?> item) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String attribute : primaryKey) {
      KeyTemplate template = keys.get(attribute);
      if (!(item.get(attribute) instanceof String text) || template == null) {
        return Optional.empty();
      }
      Optional<Map<String, String>> parts = template.decompose(text);
      if (parts.isEmpty()) {
        return Optional.empty();
      }
      for (Map.Entry<String, String> part : parts.get().entrySet()) {
        String earlier = values.putIfAbsent(part.getKey(), part.getValue());
        if (earlier != null && !earlier.equals(part.getValue())) {
          return Optional.empty();
        }
      }
    }
    return Optional.of(values);
  }

  /** Whether a field is declared a number. */
  public boolean isNumber(String field) {
    return "number".equals(fields.get(field));
  }

  @Override
  public String toString() {
    return "EntitySpec[" + name + "]";
  }

  static Optional<FieldCodec<?>> codecOf(String type) {
    try {
      return Optional.of(FieldCodecs.parse(type));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** Assembles an {@link EntitySpec}; the table declaration checks it with the others. */
  public static final class Builder {
    private final String name;
    private final Map<String, String> fields = new LinkedHashMap<>();
    private final Map<String, FieldCodec<?>> codecs = new LinkedHashMap<>();
    private final Map<String, KeyTemplate> keys = new LinkedHashMap<>();
    private @Nullable ShardSpec shards;

    private Builder(String name) {
      this.name = Objects.requireNonNull(name, "name");
    }

    /** A field of a plain type ({@code string}, {@code number}, …) or a codec name. */
    public Builder field(String field, String type) {
      fields.put(field, type);
      return this;
    }

    /** A field with a codec object. */
    public Builder field(String field, FieldCodec<?> codec) {
      fields.put(field, codec.spec());
      codecs.put(field, codec);
      return this;
    }

    /** The template of a key attribute. */
    public Builder key(String attribute, String template) {
      return key(attribute, KeyTemplate.of(template));
    }

    public Builder key(String attribute, KeyTemplate template) {
      keys.put(attribute, Objects.requireNonNull(template, "template"));
      return this;
    }

    /** Shards the entity's writes. */
    public Builder shards(@Nullable ShardSpec value) {
      this.shards = value;
      return this;
    }

    public EntitySpec build() {
      return new EntitySpec(this);
    }
  }
}
