package dev.dynakit.core.item;

import dev.dynakit.core.MarshallingException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Plain Java values to and from the SDK's {@link AttributeValue}.
 *
 * <p>Writes: {@code String}, {@code Character}, enums (their name) and {@code UUID} become S; every
 * {@code Number} becomes N exactly (or is refused — never rounded); {@code Boolean} becomes BOOL;
 * {@code null} becomes NULL; {@code byte[]}, {@code SdkBytes} and {@code ByteBuffer} become B;
 * other collections and object arrays become L; {@code Map}s with string keys and records become M;
 * a {@code Set} of strings, numbers or binaries becomes SS, NS or BS (DynamoDB has no empty sets,
 * so an empty {@code Set} is refused). An {@code AttributeValue} passes through unchanged. Dates
 * and other types need a {@link FieldCodec}.
 *
 * <p>Reads: see the package documentation for the fixed Java types. Returned collections are
 * mutable copies.
 */
public final class Marshalling {
  private Marshalling() {}

  /** The attribute value of a plain Java value. */
  public static AttributeValue toAttributeValue(@Nullable Object value) {
    return write(value, null);
  }

  /** The plain Java value of an attribute value. */
  public static @Nullable Object fromAttributeValue(AttributeValue value) {
    return read(value, null);
  }

  /** An item of plain Java values as the SDK's attribute map (insertion order kept). */
  public static Map<String, AttributeValue> toItem(Map<String, ?> item) {
    Map<String, AttributeValue> out = new LinkedHashMap<>(capacity(item.size()));
    item.forEach((name, value) -> out.put(requireName(name, null), write(value, name)));
    return out;
  }

  /** The SDK's attribute map as an item of plain Java values (insertion order kept). */
  public static Map<String, Object> fromItem(Map<String, AttributeValue> item) {
    Map<String, Object> out = new LinkedHashMap<>(capacity(item.size()));
    item.forEach((name, value) -> out.put(name, read(value, name)));
    return out;
  }

  /** A hash map capacity that holds {@code size} entries without resizing (items are small). */
  static int capacity(int size) {
    return size < 12 ? 16 : (int) (size / 0.75f) + 1;
  }

  static AttributeValue write(@Nullable Object value, @Nullable String where) {
    if (value == null) {
      return AttributeValue.fromNul(true);
    }
    if (value instanceof AttributeValue) {
      return (AttributeValue) value;
    }
    if (value instanceof String) {
      return AttributeValue.fromS((String) value);
    }
    if (value instanceof Number) {
      return AttributeValue.fromN(NumberText.of((Number) value, where));
    }
    if (value instanceof Boolean) {
      return AttributeValue.fromBool((Boolean) value);
    }
    SdkBytes bytes = bytesOrNull(value);
    if (bytes != null) {
      return AttributeValue.fromB(bytes);
    }
    if (value instanceof Character || value instanceof Enum || value instanceof UUID) {
      return AttributeValue.fromS(text(value));
    }
    if (value instanceof Set) {
      return writeSet((Set<?>) value, where);
    }
    if (value instanceof Collection) {
      return writeList((Collection<?>) value, where);
    }
    if (value instanceof Object[]) {
      return writeList(List.of((Object[]) value), where);
    }
    if (value instanceof Map) {
      return writeMap((Map<?, ?>) value, where);
    }
    if (value instanceof Record) {
      return writeMap(RecordCodec.ofUnchecked(value.getClass()).toMap((Record) value), where);
    }
    throw new MarshallingException(
        where,
        "cannot store a "
            + value.getClass().getName()
            + "; declare a FieldCodec for this field (dates, instants and URLs have one in"
            + " FieldCodecs) or convert it first");
  }

  private static AttributeValue writeList(Collection<?> values, @Nullable String where) {
    List<AttributeValue> list = new ArrayList<>(values.size());
    int index = 0;
    for (Object element : values) {
      list.add(write(element, at(where, index++)));
    }
    return AttributeValue.fromL(list);
  }

  private static AttributeValue writeMap(Map<?, ?> values, @Nullable String where) {
    Map<String, AttributeValue> map = new LinkedHashMap<>();
    values.forEach(
        (key, element) -> {
          String name = requireName(key, where);
          map.put(name, write(element, where == null ? name : where + "." + name));
        });
    return AttributeValue.fromM(map);
  }

  private static AttributeValue writeSet(Set<?> values, @Nullable String where) {
    if (values.isEmpty()) {
      throw new MarshallingException(
          where, "DynamoDB has no empty sets; remove the attribute or store an empty list");
    }
    Object first = values.iterator().next();
    if (first instanceof String || first instanceof Character || first instanceof Enum) {
      List<String> strings = new ArrayList<>();
      for (Object element : values) {
        if (!(element instanceof String
            || element instanceof Character
            || element instanceof Enum)) {
          throw mixedSet(where, "strings", element);
        }
        strings.add(text(element));
      }
      return AttributeValue.fromSs(distinct(strings));
    }
    if (first instanceof Number) {
      List<String> numbers = new ArrayList<>();
      Set<BigDecimal> seen = new LinkedHashSet<>();
      for (Object element : values) {
        if (!(element instanceof Number)) {
          throw mixedSet(where, "numbers", element);
        }
        String text = NumberText.of((Number) element, where);
        // 1 and 1.0 are one number to DynamoDB, which refuses duplicates in a set
        if (seen.add(new BigDecimal(text).stripTrailingZeros())) {
          numbers.add(text);
        }
      }
      return AttributeValue.fromNs(numbers);
    }
    if (bytesOrNull(first) != null) {
      List<SdkBytes> binaries = new ArrayList<>();
      for (Object element : values) {
        SdkBytes bytes = element == null ? null : bytesOrNull(element);
        if (bytes == null) {
          throw mixedSet(where, "binaries", element);
        }
        binaries.add(bytes);
      }
      return AttributeValue.fromBs(distinct(binaries));
    }
    throw new MarshallingException(
        where,
        "a set of "
            + (first == null ? "nulls" : first.getClass().getName())
            + " cannot be stored; DynamoDB sets hold strings, numbers or binaries (use a List)");
  }

  private static <T> List<T> distinct(List<T> values) {
    return new ArrayList<>(new LinkedHashSet<>(values));
  }

  private static MarshallingException mixedSet(
      @Nullable String where, String kind, @Nullable Object element) {
    return new MarshallingException(
        where,
        "a set of "
            + kind
            + " also holds "
            + (element == null ? "null" : element.getClass().getName())
            + "; DynamoDB sets hold one type and no nulls");
  }

  static @Nullable Object read(AttributeValue value, @Nullable String where) {
    switch (value.type()) {
      case S:
        return value.s();
      case N:
        return new BigDecimal(value.n());
      case B:
        return value.b();
      case BOOL:
        return value.bool();
      case NUL:
        return null;
      case SS:
        return new LinkedHashSet<>(value.ss());
      case NS:
        Set<BigDecimal> numbers = new LinkedHashSet<>();
        for (String text : value.ns()) {
          numbers.add(new BigDecimal(text));
        }
        return numbers;
      case BS:
        return new LinkedHashSet<>(value.bs());
      case L:
        List<Object> list = new ArrayList<>(value.l().size());
        int index = 0;
        for (AttributeValue element : value.l()) {
          list.add(read(element, at(where, index++)));
        }
        return list;
      case M:
        Map<String, Object> map = new LinkedHashMap<>();
        value
            .m()
            .forEach(
                (name, element) ->
                    map.put(name, read(element, where == null ? name : where + "." + name)));
        return map;
      default:
        throw new MarshallingException(where, "an attribute value of unknown type: " + value);
    }
  }

  static @Nullable SdkBytes bytesOrNull(Object value) {
    if (value instanceof SdkBytes) {
      return (SdkBytes) value;
    }
    if (value instanceof byte[]) {
      return SdkBytes.fromByteArray((byte[]) value);
    }
    if (value instanceof ByteBuffer) {
      return SdkBytes.fromByteBuffer((ByteBuffer) value);
    }
    return null;
  }

  private static String text(Object value) {
    return value instanceof Enum ? ((Enum<?>) value).name() : value.toString();
  }

  private static String requireName(@Nullable Object key, @Nullable String where) {
    if (key instanceof String) {
      return (String) key;
    }
    throw new MarshallingException(
        where,
        "map keys must be strings, got " + (key == null ? "null" : key.getClass().getName()));
  }

  private static String at(@Nullable String where, int index) {
    return (where == null ? "" : where) + "[" + index + "]";
  }
}
