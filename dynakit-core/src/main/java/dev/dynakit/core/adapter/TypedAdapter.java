package dev.dynakit.core.adapter;

import dev.dynakit.core.item.FieldCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * An {@link Adapter} seen through a Java record type: reads return records, writes take them, with
 * the same hooks, versions and technical fields as the Adapter's map items. Immutable and
 * thread-safe; make one per record type ({@link Adapter#typed(Class)}) and share it.
 *
 * <pre>{@code
 * record Car(String state, String city, int car, Status status, LocalDate bought, Long version) {}
 * TypedAdapter<Car> cars = adapter.typed(Car.class);
 * Car saved = cars.post(new Car("TX", "Dallas", 42, Status.FREE, LocalDate.now(), null));
 * Car again = cars.getByKey(cars.keyOf(saved)).orElseThrow();
 * }</pre>
 *
 * <p>Each component maps to the field of its name. The version and created-at fields, which reads
 * return, map onto components of their own names, or else onto components named {@code version} and
 * {@code createdAt} ({@link Builder#component} renames any component). Fields with a codec in the
 * declaration are given and returned in the codec's Java type (the component must have that type);
 * other components use {@link dev.dynakit.core.item.RecordCodec}'s mappings (numbers, enums, UUIDs,
 * nested records, lists, sets, maps, optionals) and the codecs given to {@link Builder#codec}. A
 * type with no mapping is refused when the view is made, naming the component.
 *
 * <p>Missing fields become null components (empty optionals); a primitive component then fails, so
 * prefer boxed types for fields that may be absent and for the version ({@code null} on a new
 * record). A post ignores the version component: a create always starts at the first version.
 *
 * @param <R> the record type
 */
public final class TypedAdapter<R extends Record> {
  private final Adapter adapter;
  private final RecordMapping<R> mapping;

  private TypedAdapter(Adapter adapter, RecordMapping<R> mapping) {
    this.adapter = adapter;
    this.mapping = mapping;
  }

  /**
   * The typed view of an Adapter with the mappings by name.
   *
   * @throws dev.dynakit.core.MarshallingException when a component cannot be mapped
   */
  public static <R extends Record> TypedAdapter<R> of(Adapter adapter, Class<R> type) {
    return builder(adapter, type).build();
  }

  /** A typed view with renamed components or codecs for types. */
  public static <R extends Record> Builder<R> builder(Adapter adapter, Class<R> type) {
    return new Builder<>(adapter, type);
  }

  /** The Adapter below, for map items. */
  public Adapter adapter() {
    return adapter;
  }

  /** The record type. */
  public Class<R> type() {
    return mapping.type();
  }

  // ---- conversions

  /** The record as the item the Adapter writes (fields by name, null components left out). */
  public Map<String, Object> toItem(R record) {
    return mapping.toItem(Objects.requireNonNull(record, "record"));
  }

  /** The record of an item as the Adapter reads it. */
  public R fromItem(Map<String, ?> item) {
    return mapping.fromItem(item);
  }

  /** The key fields of a record, for {@link #getByKey}, {@link #patch} and {@link #delete}. */
  public Map<String, Object> keyOf(R record) {
    return mapping.keyOf(Objects.requireNonNull(record, "record"));
  }

  // ---- reads

  public Optional<R> getByKey(Map<String, ?> key) {
    return adapter.getByKey(key).map(mapping::fromItem);
  }

  public Optional<R> getByKey(Map<String, ?> key, ReadOptions options) {
    return adapter.getByKey(key, options).map(mapping::fromItem);
  }

  /** The records with these keys, in the order of the keys; null where there is none. */
  public List<@Nullable R> getByKeys(List<? extends Map<String, ?>> keys) {
    return records(adapter.getByKeys(keys));
  }

  public List<@Nullable R> getByKeys(List<? extends Map<String, ?>> keys, ReadOptions options) {
    return records(adapter.getByKeys(keys, options));
  }

  // ---- writes

  /** Creates the item of a record; see {@link Adapter#post(Map)}. */
  public R post(R record) {
    return post(record, WriteOptions.defaults());
  }

  public R post(R record, WriteOptions options) {
    Map<String, Object> item = toItem(record);
    String version = mapping.versionField();
    if (version != null) {
      item.remove(version);
    }
    return mapping.fromItem(adapter.post(item, options));
  }

  /** Replaces the item of a record; see {@link Adapter#put(Map, WriteOptions)}. */
  public R put(R record) {
    return put(record, WriteOptions.defaults());
  }

  public R put(R record, WriteOptions options) {
    return mapping.fromItem(adapter.put(toItem(record), options));
  }

  /** Changes some fields; see {@link Adapter#patch(Map, Patch, WriteOptions)}. */
  public Optional<R> patch(Map<String, ?> key, Patch patch) {
    return adapter.patch(key, patch).map(mapping::fromItem);
  }

  public Optional<R> patch(Map<String, ?> key, Patch patch, WriteOptions options) {
    return adapter.patch(key, patch, options).map(mapping::fromItem);
  }

  /** Deletes the item with this key. */
  public void delete(Map<String, ?> key) {
    adapter.delete(key);
  }

  public void delete(Map<String, ?> key, WriteOptions options) {
    adapter.delete(key, options);
  }

  /** Deletes the item of a record (by its key fields). */
  public void delete(R record) {
    adapter.delete(keyOf(record));
  }

  /**
   * Reads the record, lets {@code mapFn} change it and writes only the difference; see {@link
   * Adapter#edit}. Stored fields that are not components of the record are kept.
   */
  public Optional<R> edit(Map<String, ?> key, UnaryOperator<R> mapFn) {
    return edit(key, mapFn, WriteOptions.defaults());
  }

  public Optional<R> edit(Map<String, ?> key, UnaryOperator<R> mapFn, WriteOptions options) {
    return adapter.edit(key, item -> edited(item, mapFn), options).map(mapping::fromItem);
  }

  // ---- lists

  /** A page by offset and limit; see {@link Adapter#list}. */
  public TypedPage<R> list(ListOptions options) {
    return page(adapter.list(options));
  }

  /** The records below a partial key; see {@link Adapter#listUnder}. */
  public TypedPage<R> listUnder(Map<String, ?> partialKey, ListOptions options) {
    return page(adapter.listUnder(partialKey, options));
  }

  /** A page by cursor; see {@link Adapter#listByCursor}. */
  public TypedPage<R> listByCursor(@Nullable String cursor, ListOptions options) {
    CursorPage page = adapter.listByCursor(cursor, options);
    List<R> items = records(page.items());
    return new TypedPage<>(items, 0, items.size(), null, page.cursor());
  }

  @Override
  public String toString() {
    return "TypedAdapter[" + adapter.tableName() + ", " + mapping.type().getName() + "]";
  }

  private @Nullable Map<String, Object> edited(Map<String, Object> item, UnaryOperator<R> mapFn) {
    R after = mapFn.apply(mapping.fromItem(item));
    if (after == null) {
      return null;
    }
    Map<String, Object> merged = new LinkedHashMap<>(item);
    merged.keySet().removeAll(mapping.fields());
    merged.putAll(mapping.toItem(after));
    return merged;
  }

  private TypedPage<R> page(OffsetPage page) {
    return new TypedPage<>(records(page.items()), page.offset(), page.limit(), page.total(), null);
  }

  private List<@Nullable R> records(List<? extends @Nullable Map<String, Object>> items) {
    List<@Nullable R> records = new ArrayList<>(items.size());
    for (Map<String, Object> item : items) {
      records.add(item == null ? null : mapping.fromItem(item));
    }
    return records;
  }

  /** Assembles a {@link TypedAdapter}. */
  public static final class Builder<R extends Record> {
    private final Adapter adapter;
    private final Class<R> type;
    private final Map<String, String> renames = new LinkedHashMap<>();
    private final Map<Class<?>, FieldCodec<?>> typeCodecs = new LinkedHashMap<>();

    private Builder(Adapter adapter, Class<R> type) {
      this.adapter = Objects.requireNonNull(adapter, "adapter");
      this.type = Objects.requireNonNull(type, "type");
    }

    /** Maps a component onto a field of another name (the version field, for instance). */
    public Builder<R> component(String component, String field) {
      renames.put(Objects.requireNonNull(component, "component"), Objects.requireNonNull(field));
      return this;
    }

    /**
     * A codec for every value of a type that has no built-in mapping and no codec in the
     * declaration (in this record and the records it nests); values are stored in its stored form.
     */
    public <T> Builder<R> codec(Class<T> valueType, FieldCodec<T> codec) {
      typeCodecs.put(Objects.requireNonNull(valueType, "valueType"), codec);
      return this;
    }

    /**
     * @throws dev.dynakit.core.MarshallingException when a component cannot be mapped
     */
    public TypedAdapter<R> build() {
      return new TypedAdapter<>(
          adapter, new RecordMapping<>(adapter.spec(), type, renames, typeCodecs));
    }
  }
}
