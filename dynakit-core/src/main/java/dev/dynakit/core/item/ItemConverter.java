package dev.dynakit.core.item;

import dev.dynakit.core.MarshallingException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items to and from the SDK's attribute maps with per-field codecs applied: on the way in a field
 * with a codec is normalised to its stored form (it may be given as the Java type or already in
 * stored form), on the way out it is decoded to the Java type. Fields without a codec go through
 * {@link Marshalling} unchanged. Codecs apply to top-level attributes. Immutable and thread-safe.
 */
public final class ItemConverter {
  private static final ItemConverter PLAIN = new ItemConverter(Map.of());

  private final Map<String, FieldCodec<?>> codecs;

  private ItemConverter(Map<String, FieldCodec<?>> codecs) {
    this.codecs = codecs;
  }

  /** A converter with codecs for some fields. */
  public static ItemConverter of(Map<String, ? extends FieldCodec<?>> codecs) {
    Map<String, FieldCodec<?>> copy = new LinkedHashMap<>();
    codecs.forEach(
        (field, codec) -> copy.put(Objects.requireNonNull(field), Objects.requireNonNull(codec)));
    return copy.isEmpty() ? PLAIN : new ItemConverter(Map.copyOf(copy));
  }

  /** A converter without codecs: plain {@link Marshalling}. */
  public static ItemConverter plain() {
    return PLAIN;
  }

  /** The codecs by field name. */
  public Map<String, FieldCodec<?>> codecs() {
    return codecs;
  }

  /** The item with every codec field in stored form (other fields untouched); a new map. */
  public Map<String, Object> encode(Map<String, ?> item) {
    Map<String, Object> out = new LinkedHashMap<>(item);
    for (Map.Entry<String, FieldCodec<?>> entry : codecs.entrySet()) {
      Object value = out.get(entry.getKey());
      if (value != null) {
        out.put(entry.getKey(), store(entry.getKey(), entry.getValue(), value));
      }
    }
    return out;
  }

  /**
   * The item with every codec field decoded to its Java type (other fields untouched); a new map.
   */
  public Map<String, Object> decode(Map<String, ?> item) {
    Map<String, Object> out = new LinkedHashMap<>(item);
    for (Map.Entry<String, FieldCodec<?>> entry : codecs.entrySet()) {
      Object value = out.get(entry.getKey());
      if (value != null) {
        out.put(entry.getKey(), load(entry.getKey(), entry.getValue(), value));
      }
    }
    return out;
  }

  /** An item of Java values as the SDK's attribute map, codecs applied. */
  public Map<String, AttributeValue> toAttributes(Map<String, ?> item) {
    // without codecs the item goes straight to attribute values, with no copy in between
    return Marshalling.toItem(codecs.isEmpty() ? item : encode(item));
  }

  /** The SDK's attribute map as an item of Java values, codecs applied. */
  public Map<String, Object> fromAttributes(Map<String, AttributeValue> item) {
    Map<String, Object> out = Marshalling.fromItem(item);
    // the map is new: decode the codec fields in place rather than copying it again
    for (Map.Entry<String, FieldCodec<?>> entry : codecs.entrySet()) {
      Object value = out.get(entry.getKey());
      if (value != null) {
        out.put(entry.getKey(), load(entry.getKey(), entry.getValue(), value));
      }
    }
    return out;
  }

  /**
   * One top-level field's value as an attribute value, through the field's codec if it has one; for
   * update values, conditions and keys.
   */
  public AttributeValue toAttribute(String field, @Nullable Object value) {
    FieldCodec<?> codec = codecs.get(field);
    if (value == null || codec == null || value instanceof AttributeValue) {
      return Marshalling.write(value, field);
    }
    return Marshalling.write(store(field, codec, value), field);
  }

  /** One top-level field's attribute value as a Java value, through the field's codec if any. */
  public @Nullable Object fromAttribute(String field, AttributeValue value) {
    Object plain = Marshalling.read(value, field);
    FieldCodec<?> codec = codecs.get(field);
    return plain == null || codec == null ? plain : load(field, codec, plain);
  }

  private static Object store(String field, FieldCodec<?> codec, Object value) {
    try {
      return codec.normalize(value);
    } catch (MarshallingException e) {
      throw e.field() == null ? new MarshallingException(field, e.getMessage(), e.getCause()) : e;
    }
  }

  private static Object load(String field, FieldCodec<?> codec, Object plain) {
    try {
      return codec.fromStored(plain);
    } catch (MarshallingException e) {
      throw e.field() == null ? new MarshallingException(field, e.getMessage(), e.getCause()) : e;
    }
  }

  @Override
  public String toString() {
    return "ItemConverter" + codecs.keySet();
  }
}
