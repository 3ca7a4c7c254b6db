package dev.dynakit.core.entity;

import dev.dynakit.core.ItemExistsException;
import dev.dynakit.core.ItemNotFoundException;
import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.Patch;
import dev.dynakit.core.adapter.ReadOptions;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.entity.internal.EntityItems;
import dev.dynakit.core.item.FieldCodec;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.KeyTemplate;
import dev.dynakit.core.schema.ShardSpec;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * One entity of a single-table design, read and written through the table's {@link Adapter} (its
 * hooks, versions and technical fields apply as to any item). Writes take the entity's fields: the
 * view composes the key attributes from them, the Adapter stamps the type field and the index
 * attributes (sparse ones only while their condition holds). Reads address an item by the fields
 * its primary-key templates name and return the fields, the type field and the version; an item of
 * another entity is never returned.
 *
 * <pre>{@code
 * EntityView<Order> orders = shop.entity("order", Order.class);
 * orders.put(new Order("c42", "o981", LocalDate.parse("2026-03-01"), "SHIPPED", 25, false, null));
 * Order o = orders.get(Map.of("customerId", "c42", "orderDate", "2026-03-01", "orderId", "o981"))
 *     .orElseThrow();
 * }</pre>
 *
 * <p>A sharded entity writes to the shard of its {@code by} field, or to a random one; a random
 * shard is addressed by giving {@code "shard"} in the key. Immutable and thread-safe.
 *
 * @param <T> maps or a record type
 */
public final class EntityView<T> {
  private final Adapter adapter;
  private final TableSpec spec;
  private final EntitySpec entity;
  private final EntityShape<T> shape;

  EntityView(Adapter adapter, EntitySpec entity, EntityShape<T> shape) {
    this.adapter = adapter;
    this.spec = adapter.spec();
    this.entity = entity;
    this.shape = shape;
  }

  /** The entity's name (the value of its items' type field). */
  public String name() {
    return entity.name();
  }

  /** The entity's declaration. */
  public EntitySpec spec() {
    return entity;
  }

  /**
   * The fields that address an item: those the primary-key templates name, in template order
   * (partition key first), without the shard ({@code customerId, orderDate, orderId}).
   */
  public List<String> keyFields() {
    List<String> names = new ArrayList<>();
    for (String attribute : spec.primaryKeyNames()) {
      for (String field : entity.keys().get(attribute).fieldNames()) {
        if (!names.contains(field)) {
          names.add(field);
        }
      }
    }
    return names;
  }

  /** The key fields of an item (see {@link #keyFields()}), for {@link #get} and the others. */
  public Map<String, Object> keyOf(T item) {
    Map<String, Object> fields = shape.toStored(item);
    Map<String, Object> key = new LinkedHashMap<>();
    for (String field : keyFields()) {
      Object value = fields.get(field);
      if (value == null) {
        throw new MalformedKeyException(field, "the item has no value for this key field");
      }
      key.put(field, value);
    }
    return key;
  }

  /** Creates the item; {@link ItemExistsException} when its key is taken. */
  public T create(T item) {
    return create(item, WriteOptions.defaults());
  }

  public T create(T item, WriteOptions options) {
    return read(adapter.post(writable(shape.toStored(item)), options));
  }

  /** Replaces (or, per the Adapter's rules for versions and overwrite, creates) the item. */
  public T put(T item) {
    return put(item, WriteOptions.defaults());
  }

  public T put(T item, WriteOptions options) {
    return read(adapter.put(writable(shape.toStored(item)), options));
  }

  /**
   * The item with this key: the fields its primary-key templates name (and {@code "shard"} for an
   * entity sharded at random).
   */
  public Optional<T> get(Map<String, ?> key) {
    return get(key, ReadOptions.defaults());
  }

  public Optional<T> get(Map<String, ?> key, ReadOptions options) {
    return adapter.getByKey(primaryKey(key), options).flatMap(this::mine).map(shape::fromStored);
  }

  /**
   * Changes some fields; the index attributes follow. A change of a field of the primary key is
   * refused ({@link dev.dynakit.core.KeyFieldChangedException}); {@link ItemNotFoundException} when
   * there is no item.
   */
  public Optional<T> patch(Map<String, ?> key, Patch patch) {
    return patch(key, patch, WriteOptions.defaults());
  }

  public Optional<T> patch(Map<String, ?> key, Patch patch, WriteOptions options) {
    return adapter.patch(primaryKey(key), stored(patch), options).map(this::read);
  }

  /** Deletes the item with this key; deleting a missing item does nothing. */
  public void delete(Map<String, ?> key) {
    delete(key, WriteOptions.defaults());
  }

  public void delete(Map<String, ?> key, WriteOptions options) {
    adapter.delete(primaryKey(key), options);
  }

  /**
   * Reads the item, lets {@code mapFn} change it and writes the difference, refused if the item
   * changed in between (see {@link Adapter#edit}).
   *
   * @return the item after the edit; empty when there is none or {@code mapFn} returned null
   */
  public Optional<T> edit(Map<String, ?> key, UnaryOperator<T> mapFn) {
    return edit(key, mapFn, WriteOptions.defaults());
  }

  public Optional<T> edit(Map<String, ?> key, UnaryOperator<T> mapFn, WriteOptions options) {
    Map<String, Object> primary = primaryKey(key);
    return adapter
        .edit(
            primary,
            item -> {
              if (mine(item).isEmpty()) {
                return null;
              }
              T changed = mapFn.apply(shape.fromStored(item));
              if (changed == null) {
                return null;
              }
              Map<String, Object> next = shape.toStored(changed);
              for (String attribute : spec.primaryKeyNames()) {
                next.put(attribute, item.get(attribute));
              }
              return next;
            },
            options)
        .map(this::read);
  }

  /**
   * Copies the item to the key its fields make with {@code overrides} laid over them (a null value
   * removes the field): the key attributes, index attributes (sparse ones only while their
   * condition holds) and the type field are derived for the copy, which starts at version 1 as a
   * created item does. A random shard is kept unless {@code overrides} gives {@code "shard"}.
   *
   * @return the copy; empty when there is no item of this entity at {@code key}
   * @throws ItemExistsException when the copy's key is taken (unless {@link
   *     WriteOptions#overwrite()}) or is the source's own key
   */
  public Optional<T> clone(Map<String, ?> key, Map<String, ?> overrides) {
    return clone(key, overrides, WriteOptions.defaults());
  }

  public Optional<T> clone(Map<String, ?> key, Map<String, ?> overrides, WriteOptions options) {
    return adapter.clone(primaryKey(key), copier(key, overrides), options).map(this::read);
  }

  /**
   * Moves the item as {@link #clone} copies it, writing the copy and deleting the source in one
   * transaction (the source only at the version read; an expected version or condition in the
   * options is about the source).
   *
   * @return the item at its new key; empty when there is no item of this entity at {@code key}
   * @throws ItemExistsException when the new key is taken (unless {@link WriteOptions#overwrite()})
   *     or is the source's own key; nothing is written then
   */
  public Optional<T> move(Map<String, ?> key, Map<String, ?> overrides) {
    return move(key, overrides, WriteOptions.defaults());
  }

  public Optional<T> move(Map<String, ?> key, Map<String, ?> overrides, WriteOptions options) {
    return adapter.move(primaryKey(key), copier(key, overrides), options).map(this::read);
  }

  /**
   * The table's primary key (attribute to value) of the item with these key fields.
   *
   * @throws MalformedKeyException when a field the templates need is missing, or a random shard is
   *     not given
   */
  public Map<String, Object> primaryKey(Map<String, ?> key) {
    Map<String, Object> fields = storedFields(key);
    Integer shard = shardOf(key, fields);
    Map<String, Object> primary = new LinkedHashMap<>();
    for (String attribute : spec.primaryKeyNames()) {
      primary.put(attribute, entity.keys().get(attribute).compose(fields, shard));
    }
    return primary;
  }

  /**
   * Adds to a number field of a counter entity sharded at random: an atomic ADD on one random
   * shard's item (created at the amount when the shard has none). Writes spread over the shards;
   * {@link #total} sums them.
   *
   * @param key the fields of the counter's key, without the shard
   */
  public void increment(Map<String, ?> key, String field, long by) {
    ShardSpec shards = entity.shards();
    if (shards == null) {
      throw new MalformedKeyException(
          KeyTemplate.SHARD, "entity '" + entity.name() + "' is not sharded; patch it instead");
    }
    Map<String, Object> shardKey = new LinkedHashMap<>(key);
    shardKey.put(
        KeyTemplate.SHARD,
        java.util.concurrent.ThreadLocalRandom.current().nextInt(shards.count()));
    Map<String, Object> primary = primaryKey(shardKey);
    Patch add = Patch.builder().add(field, by).build();
    while (true) {
      try {
        adapter.patch(primary, add);
        return;
      } catch (ItemNotFoundException absent) {
        Map<String, Object> item = storedFields(key);
        item.put(field, by);
        item.putAll(primary);
        try {
          adapter.post(item);
          return;
        } catch (ItemExistsException raced) {
          // another writer created this shard's item first: add to it
        }
      }
    }
  }

  /** The sum of a number field over every shard of a sharded item (consistent reads). */
  public BigDecimal total(Map<String, ?> key, String field) {
    ShardSpec shards = entity.shards();
    int count = shards == null ? 1 : shards.count();
    List<Map<String, Object>> keys = new ArrayList<>();
    for (int shard = 0; shard < count; shard++) {
      Map<String, Object> shardKey = new LinkedHashMap<>(key);
      if (shards != null) {
        shardKey.put(KeyTemplate.SHARD, shard);
      }
      keys.add(primaryKey(shardKey));
    }
    BigDecimal sum = BigDecimal.ZERO;
    for (Map<String, Object> item :
        adapter.getByKeys(keys, ReadOptions.builder().consistent().build())) {
      if (item != null && mine(item).isPresent() && item.get(field) instanceof Number n) {
        sum = sum.add(new BigDecimal(n.toString()));
      }
    }
    return sum;
  }

  /** A read item as this view returns it (used by the pattern pages). */
  T fromItem(Map<String, Object> item) {
    return shape.fromStored(item);
  }

  private T read(Map<String, Object> item) {
    return shape.fromStored(item);
  }

  private Optional<Map<String, Object>> mine(Map<String, Object> item) {
    String typeField = spec.typeField();
    Object type = typeField == null ? null : item.get(typeField);
    return entity.name().equals(type) ? Optional.of(item) : Optional.empty();
  }

  /** The stored fields plus the primary key that tells the Adapter which entity they are. */
  private Map<String, Object> writable(Map<String, Object> stored) {
    Map<String, Object> item = new LinkedHashMap<>(stored);
    Integer shard = EntityItems.shardFor(entity, stored);
    for (String attribute : spec.primaryKeyNames()) {
      item.put(attribute, entity.keys().get(attribute).compose(stored, shard));
    }
    return item;
  }

  /**
   * The map function of a copy: the source's fields (an item of another entity maps to nothing)
   * with the overrides, and the primary key they compose; the Adapter derives the rest.
   */
  private UnaryOperator<Map<String, Object>> copier(Map<String, ?> key, Map<String, ?> overrides) {
    Map<String, Object> changes = new LinkedHashMap<>();
    overrides.forEach(
        (field, value) -> {
          if (entity.keys().containsKey(field) || KeyTemplate.SHARD.equals(field)) {
            return; // composed from the fields
          }
          FieldCodec<?> codec = entity.codecs().get(field);
          changes.put(field, codec == null || value == null ? value : codec.normalize(value));
        });
    Object shardOverride = overrides.get(KeyTemplate.SHARD);
    return item -> {
      if (mine(item).isEmpty()) {
        return null;
      }
      Map<String, Object> fields = new LinkedHashMap<>(item);
      fields.keySet().removeAll(entity.keys().keySet());
      fields.putAll(changes);
      changes.keySet().forEach(field -> fields.remove(field, null)); // null overrides remove
      Map<String, Object> target = new LinkedHashMap<>(fields);
      ShardSpec shards = entity.shards();
      if (shards != null && shards.by() == null) {
        target.put(
            KeyTemplate.SHARD, shardOverride != null ? shardOverride : key.get(KeyTemplate.SHARD));
      }
      fields.putAll(primaryKey(target));
      return fields;
    };
  }

  private @Nullable Integer shardOf(Map<String, ?> key, Map<String, Object> fields) {
    ShardSpec shards = entity.shards();
    if (shards == null) {
      return null;
    }
    Object given = key.get(KeyTemplate.SHARD);
    if (given != null) {
      int shard = Integer.parseInt(given.toString());
      if (shard < 0 || shard >= shards.count()) {
        throw new MalformedKeyException(
            KeyTemplate.SHARD, "must be from 0 to " + (shards.count() - 1) + ", got " + shard);
      }
      return shard;
    }
    if (shards.by() == null) {
      throw new MalformedKeyException(
          KeyTemplate.SHARD,
          "entity '" + entity.name() + "' is sharded at random: give the shard of the item");
    }
    return EntityItems.shardFor(entity, fields);
  }

  private Map<String, Object> storedFields(Map<String, ?> values) {
    Map<String, Object> stored = new LinkedHashMap<>();
    values.forEach(
        (field, value) -> {
          if (value != null && !KeyTemplate.SHARD.equals(field)) {
            FieldCodec<?> codec = entity.codecs().get(field);
            stored.put(field, codec == null ? value : codec.normalize(value));
          }
        });
    return stored;
  }

  private Patch stored(Patch patch) {
    Patch.Builder out = patch.toBuilder();
    patch
        .set()
        .forEach(
            (path, value) -> {
              FieldCodec<?> codec = entity.codecs().get(path);
              if (codec != null && value != null) {
                out.set(path, codec.normalize(value));
              }
            });
    return out.build();
  }
}
