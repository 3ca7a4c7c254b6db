package dev.dynakit.core.entity.internal;

import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.KeyTemplate;
import dev.dynakit.core.schema.ShardSpec;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;

/**
 * How an entity's fields become its key attributes and back. The entity of a stored item is found
 * from its primary key alone (the declaration guarantees that no two entities can make the same
 * one), never from a field a caller could set, so a read never returns an item as the wrong entity.
 */
public final class EntityItems {
  private EntityItems() {}

  /** The table's primary-key attributes: the partition key, then the sort key if any. */
  public static List<String> primaryKey(TableSpec spec) {
    return spec.primaryKeyNames();
  }

  /** The entity whose templates made this item's primary key, if any. */
  public static Optional<EntitySpec> entityOfKey(TableSpec spec, Map<String, ?> item) {
    return spec.entityOf(item);
  }

  /**
   * The slot values of the item's primary key under the entity's templates (the shard under {@link
   * KeyTemplate#SHARD}), or null when the entity did not make that key.
   */
  public static @Nullable Map<String, String> decomposeKey(
      TableSpec spec, EntitySpec entity, Map<String, ?> item) {
    return entity.keySlots(spec.primaryKeyNames(), item).orElse(null);
  }

  /**
   * The key attributes the entity's templates make of these field values (stored forms): every
   * primary-key attribute, and each index key attribute whose fields are present and whose {@code
   * when} condition holds.
   *
   * @param shard the shard of a sharded entity, or null
   * @throws MalformedKeyException when a primary-key field is missing or a padded value breaks its
   *     slot
   */
  public static Map<String, Object> keyAttributes(
      TableSpec spec, EntitySpec entity, Map<String, ?> fields, @Nullable Integer shard) {
    Map<String, Object> attributes = new LinkedHashMap<>();
    List<String> primary = spec.primaryKeyNames();
    @SuppressWarnings("unchecked")
    Map<String, Object> view = Collections.unmodifiableMap((Map<String, Object>) fields);
    entity
        .keys()
        .forEach(
            (attribute, template) -> {
              boolean required = primary.contains(attribute);
              if (!required) {
                if (template.when() != null && !template.when().test(view)) {
                  return;
                }
                if (!fields.keySet().containsAll(template.fieldNames())
                    || template.fieldNames().stream().anyMatch(f -> fields.get(f) == null)) {
                  return;
                }
              }
              attributes.put(attribute, template.compose(fields, shard));
            });
    return attributes;
  }

  /**
   * Derives, in place, an item's key attributes and type from its primary key and fields: the
   * entity is the one whose templates made the primary key; every attribute its templates name is
   * composed again from the fields (an index attribute whose condition fails is removed); the type
   * field gets the entity's name.
   *
   * @throws MalformedKeyException when the primary key is no entity's
   */
  public static EntitySpec derive(TableSpec spec, Map<String, Object> item) {
    EntitySpec entity =
        entityOfKey(spec, item)
            .orElseThrow(
                () ->
                    new MalformedKeyException(
                        spec.partitionKey().name(),
                        "the key "
                            + keyText(spec, item)
                            + " is made by no entity of table '"
                            + spec.tableName()
                            + "'"));
    Map<String, String> slots = decomposeKey(spec, entity, item);
    Integer shard = shardOf(slots);
    Map<String, Object> attributes = keyAttributes(spec, entity, item, shard);
    item.keySet().removeAll(entity.keys().keySet());
    item.putAll(attributes);
    String typeField = spec.typeField();
    if (typeField != null) {
      item.put(typeField, entity.name());
    }
    return entity;
  }

  /** The shard in decomposed key slots, or null. */
  public static @Nullable Integer shardOf(@Nullable Map<String, String> slots) {
    String shard = slots == null ? null : slots.get(KeyTemplate.SHARD);
    return shard == null ? null : Integer.valueOf(shard);
  }

  /**
   * The shard a write of these fields goes to: a stable hash (CRC-32 of the UTF-8 text) of the
   * {@code by} field's value modulo the count, or a random shard without {@code by}; null for an
   * entity that is not sharded.
   */
  public static @Nullable Integer shardFor(EntitySpec entity, Map<String, ?> fields) {
    ShardSpec shards = entity.shards();
    if (shards == null) {
      return null;
    }
    if (shards.by() == null) {
      return ThreadLocalRandom.current().nextInt(shards.count());
    }
    Object value = fields.get(shards.by());
    if (value == null) {
      throw new MalformedKeyException(shards.by(), "required: it picks the item's shard");
    }
    CRC32 crc = new CRC32();
    crc.update(plainText(value).getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() % shards.count());
  }

  /** Field values from decomposed key text, typed as the entity declares them. */
  public static Map<String, Object> fieldsOf(EntitySpec entity, Map<String, String> slots) {
    Map<String, Object> fields = new LinkedHashMap<>();
    slots.forEach(
        (name, text) -> {
          if (KeyTemplate.SHARD.equals(name)) {
            return;
          }
          String type = entity.fields().get(name);
          if ("number".equals(type)) {
            fields.put(name, new BigDecimal(text));
          } else if ("boolean".equals(type)) {
            fields.put(name, Boolean.valueOf(text));
          } else {
            fields.put(name, text);
          }
        });
    return fields;
  }

  private static String plainText(Object value) {
    if (value instanceof Number) {
      BigDecimal number = new BigDecimal(value.toString()).stripTrailingZeros();
      return number.signum() == 0 ? "0" : number.toPlainString();
    }
    return String.valueOf(value);
  }

  private static String keyText(TableSpec spec, Map<String, ?> item) {
    StringBuilder text = new StringBuilder();
    for (String attribute : spec.primaryKeyNames()) {
      text.append(text.length() == 0 ? "" : ", ")
          .append(attribute)
          .append(" '")
          .append(item.get(attribute))
          .append('\'');
    }
    return text.toString();
  }
}
