package dev.dynakit.core.item;

import dev.dynakit.core.MarshallingException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Maps a Java record to an item and back: each component is one attribute of the same name.
 *
 * <p>Component types: {@code String}, all primitive and boxed numbers, {@code BigDecimal}, {@code
 * BigInteger}, {@code boolean}, {@code char}, {@code byte[]}, {@code SdkBytes}, {@code ByteBuffer},
 * {@code UUID} and enums (as text), nested records (as maps), {@code List}, {@code Set}, {@code
 * Collection} and {@code Map<String, V>} of those, {@code Optional} of those, and {@code Object}
 * (the plain value as read). Anything else needs a {@link FieldCodec}, either for one component
 * ({@link Builder#field}) or for every value of a type ({@link Builder#codec}). Unsupported types
 * are reported when the codec is made.
 *
 * <p>Writes omit null components and empty optionals. Reads leave a missing attribute as null (an
 * empty optional), and refuse one for a primitive component. Numbers are converted exactly: an
 * {@code int} component refuses 2.5 or 3000000000.
 *
 * @param <R> the record type
 */
public final class RecordCodec<R extends Record> {
  private static final ClassValue<RecordCodec<?>> DEFAULTS =
      new ClassValue<>() {
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        protected RecordCodec<?> computeValue(Class<?> type) {
          return new RecordCodec(type, Map.of(), new TypeMapping(Map.of()));
        }
      };

  private record Component(String name, Method accessor, TypeMapping.Adapter adapter) {}

  private final Class<R> type;
  private final List<Component> components;
  private final Constructor<R> constructor;

  RecordCodec(Class<R> type, Map<String, FieldCodec<?>> fieldCodecs, TypeMapping mapping) {
    if (!type.isRecord()) {
      throw new MarshallingException(null, type.getName() + " is not a record");
    }
    this.type = type;
    RecordComponent[] declared = type.getRecordComponents();
    List<Component> list = new ArrayList<>(declared.length);
    Class<?>[] parameterTypes = new Class<?>[declared.length];
    for (int i = 0; i < declared.length; i++) {
      RecordComponent component = declared[i];
      String where = type.getSimpleName() + "." + component.getName();
      FieldCodec<?> codec = fieldCodecs.get(component.getName());
      TypeMapping.Adapter adapter =
          codec != null
              ? TypeMapping.codecAdapter(codec)
              : mapping.forType(component.getGenericType(), where);
      Method accessor = component.getAccessor();
      accessor.setAccessible(true);
      list.add(new Component(component.getName(), accessor, adapter));
      parameterTypes[i] = component.getType();
    }
    this.components = List.copyOf(list);
    try {
      this.constructor = type.getDeclaredConstructor(parameterTypes);
      this.constructor.setAccessible(true);
    } catch (NoSuchMethodException e) {
      throw new MarshallingException(null, type.getName() + " has no canonical constructor", e);
    }
  }

  /**
   * The codec for a record type with the built-in mappings only (made once per type and shared).
   *
   * @throws MarshallingException when a component's type needs a codec
   */
  @SuppressWarnings("unchecked")
  public static <R extends Record> RecordCodec<R> of(Class<R> type) {
    return (RecordCodec<R>) DEFAULTS.get(type);
  }

  @SuppressWarnings("unchecked")
  static RecordCodec<Record> ofUnchecked(Class<?> type) {
    return (RecordCodec<Record>) DEFAULTS.get(type);
  }

  /** A codec with field codecs for some components or types. */
  public static <R extends Record> Builder<R> builder(Class<R> type) {
    return new Builder<>(type);
  }

  /** The record type. */
  public Class<R> type() {
    return type;
  }

  /** The record as an item of plain values, ready for {@link Marshalling#toItem}. */
  public Map<String, Object> toMap(R record) {
    Objects.requireNonNull(record, "record");
    Map<String, Object> item = new LinkedHashMap<>();
    for (Component component : components) {
      Object value = read(component, record);
      if (value != null) {
        Object plain = component.adapter().toPlain(value, where(component));
        if (plain != null) {
          item.put(component.name(), plain);
        }
      }
    }
    return item;
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> toMapUnchecked(Object record) {
    return toMap((R) record);
  }

  /** The record built from an item of plain values (as {@link Marshalling#fromItem} returns). */
  public R fromMap(Map<String, ?> item) {
    Object[] arguments = new Object[components.size()];
    for (int i = 0; i < arguments.length; i++) {
      Component component = components.get(i);
      Object plain = item.get(component.name());
      arguments[i] =
          plain == null
              ? component.adapter().absent(where(component))
              : component.adapter().fromPlain(plain, where(component));
    }
    try {
      return constructor.newInstance(arguments);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new MarshallingException(
          type.getSimpleName(), "the record refused the item: " + cause.getMessage(), cause);
    } catch (ReflectiveOperationException e) {
      throw new MarshallingException(type.getSimpleName(), "cannot build the record", e);
    }
  }

  /** The record as the SDK's attribute map. */
  public Map<String, AttributeValue> toItem(R record) {
    return Marshalling.toItem(toMap(record));
  }

  /** The record built from the SDK's attribute map. */
  public R fromItem(Map<String, AttributeValue> item) {
    return fromMap(Marshalling.fromItem(item));
  }

  private @Nullable Object read(Component component, R record) {
    try {
      return component.accessor().invoke(record);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new MarshallingException(where(component), "the accessor failed", cause);
    } catch (IllegalAccessException e) {
      throw new MarshallingException(where(component), "the accessor is not accessible", e);
    }
  }

  private String where(Component component) {
    return type.getSimpleName() + "." + component.name();
  }

  @Override
  public String toString() {
    return "RecordCodec[" + type.getName() + "]";
  }

  /** Declares codecs for components or types, then builds the {@link RecordCodec}. */
  public static final class Builder<R extends Record> {
    private final Class<R> type;
    private final Map<String, FieldCodec<?>> fieldCodecs = new LinkedHashMap<>();
    private final Map<Class<?>, FieldCodec<?>> typeCodecs = new LinkedHashMap<>();

    private Builder(Class<R> type) {
      this.type = Objects.requireNonNull(type, "type");
    }

    /** A codec for one top-level component, by name. */
    public Builder<R> field(String component, FieldCodec<?> codec) {
      boolean known = false;
      for (RecordComponent declared : type.getRecordComponents()) {
        known |= declared.getName().equals(component);
      }
      if (!known) {
        throw new MarshallingException(component, "not a component of " + type.getName());
      }
      fieldCodecs.put(component, Objects.requireNonNull(codec, "codec"));
      return this;
    }

    /**
     * Codecs for top-level components by name, as a table declaration lists them; names that are
     * not components are ignored, so one declaration serves several record types.
     */
    public Builder<R> fields(Map<String, ? extends FieldCodec<?>> codecs) {
      for (RecordComponent declared : type.getRecordComponents()) {
        FieldCodec<?> codec = codecs.get(declared.getName());
        if (codec != null) {
          fieldCodecs.put(declared.getName(), codec);
        }
      }
      return this;
    }

    /** A codec for every value of a type, in this record and the records it nests. */
    public <T> Builder<R> codec(Class<T> valueType, FieldCodec<T> codec) {
      typeCodecs.put(Objects.requireNonNull(valueType, "valueType"), codec);
      return this;
    }

    /**
     * @throws MarshallingException when a component's type has neither a mapping nor a codec
     */
    public RecordCodec<R> build() {
      return new RecordCodec<>(type, fieldCodecs, new TypeMapping(typeCodecs));
    }
  }
}
