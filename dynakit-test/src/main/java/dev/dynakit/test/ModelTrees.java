package dev.dynakit.test;

import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.internal.value.Numbers;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.protocol.MarshallLocation;
import software.amazon.awssdk.core.protocol.MarshallingType;
import software.amazon.awssdk.core.traits.ListTrait;
import software.amazon.awssdk.core.traits.MapTrait;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.utils.builder.Buildable;

/**
 * Fills SDK model objects from the engine's response objects, member by member, by the model's own
 * field metadata (the names and types the SDK's JSON unmarshaller reads): the same result as
 * writing the object as JSON and letting the SDK parse it, without the text in between. Members the
 * model does not know are skipped, as the SDK skips unknown JSON members.
 */
final class ModelTrees {
  // the SDK's model classes and fields are few and live as long as the class loader
  private static final Map<Class<?>, Map<String, Member>> MEMBERS = new ConcurrentHashMap<>();

  /** One settable field of a model class, with the conversion of its values worked out once. */
  private record Member(SdkField<?> field, Conversion conversion) {}

  /**
   * Turns one of the engine's response values into what the SDK's field setter takes; stored items
   * among them are built by {@code items}, one builder for the whole response.
   */
  private interface Conversion {
    Object apply(Object value, SdkItemBuilder items);
  }

  private ModelTrees() {}

  /**
   * {@code response} with the members of {@code result} set on it. Its lists and maps (a page's
   * items above all) go in without the setters' copies where {@link BuilderFields} can do so.
   */
  static SdkResponse fill(SdkResponse response, Map<String, Object> result) {
    SdkResponse.Builder builder = response.toBuilder();
    if (!(builder instanceof SdkPojo)) {
      throw new IllegalStateException(
          "The SDK's " + response.getClass().getName() + " builder exposes no field metadata");
    }
    SdkItemBuilder items = new SdkItemBuilder();
    List<Object> setDirectly = new ArrayList<>(4);
    Map<String, Member> members = members((SdkPojo) builder);
    for (Map.Entry<String, Object> entry : result.entrySet()) {
      Object value = entry.getValue();
      Member member = members.get(entry.getKey());
      if (value == null || member == null) {
        continue;
      }
      Object converted = member.conversion().apply(value, items);
      SdkField<?> field = member.field();
      Object view =
          (converted instanceof List || converted instanceof Map) && BuilderFields.shortcut(field)
              ? BuilderFields.set((SdkPojo) builder, field, converted)
              : null;
      if (view == null) {
        field.set(builder, converted);
      } else {
        setDirectly.add(field);
        setDirectly.add(view);
      }
    }
    SdkResponse built = builder.build();
    for (int i = 0; i < setDirectly.size(); i += 2) {
      if (!BuilderFields.check(
          (SdkPojo) built, (SdkField<?>) setDirectly.get(i), setDirectly.get(i + 1))) {
        // that shortcut is off now: again, through the setter
        return fill(response, result);
      }
    }
    return built;
  }

  private static void fill(SdkPojo builder, Map<?, ?> values, SdkItemBuilder items) {
    Map<String, Member> members = members(builder);
    for (Map.Entry<?, ?> entry : values.entrySet()) {
      Object value = entry.getValue();
      Member member = members.get(entry.getKey());
      if (value != null && member != null) {
        member.field().set(builder, member.conversion().apply(value, items));
      }
    }
  }

  private static Map<String, Member> members(SdkPojo pojo) {
    Map<String, Member> known = MEMBERS.get(pojo.getClass());
    if (known == null) {
      Map<String, Member> byName = new HashMap<>();
      for (SdkField<?> field : pojo.sdkFields()) {
        if (field.location() == MarshallLocation.PAYLOAD) {
          byName.put(field.unmarshallLocationName(), new Member(field, conversion(field)));
        }
      }
      known = Map.copyOf(byName);
      MEMBERS.putIfAbsent(pojo.getClass(), known);
    }
    return known;
  }

  private static Conversion conversion(SdkField<?> field) {
    MarshallingType<?> type = field.marshallingType();
    if (type == MarshallingType.SDK_POJO) {
      return (value, items) ->
          value instanceof AttrValue
              ? attributeValue((AttrValue) value)
              : pojo(field, value, items);
    }
    if (type == MarshallingType.LIST) {
      Conversion member = conversion(field.getRequiredTrait(ListTrait.class).memberFieldInfo());
      return (value, items) -> list((List<?>) value, member, items);
    }
    if (type == MarshallingType.MAP) {
      Conversion member = conversion(field.getRequiredTrait(MapTrait.class).valueFieldInfo());
      return (value, items) -> map((Map<?, ?>) value, member, items);
    }
    if (type == MarshallingType.STRING) {
      return (value, items) -> value instanceof String ? value : String.valueOf(value);
    }
    return (value, items) -> scalar(type, value);
  }

  private static Object pojo(SdkField<?> field, Object value, SdkItemBuilder items) {
    SdkPojo nested = field.constructor().get();
    fill(nested, (Map<?, ?>) value, items);
    return ((Buildable) nested).build();
  }

  private static List<Object> list(List<?> source, Conversion member, SdkItemBuilder items) {
    List<Object> list = new ArrayList<>(source.size());
    for (Object element : source) {
      list.add(element == null ? null : member.apply(element, items));
    }
    return list;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> map(Map<?, ?> source, Conversion member, SdkItemBuilder items) {
    byte[] stored = ItemCodec.pristineBytes((Map<String, AttrValue>) source);
    if (stored != null) {
      // an item as the store holds it: build the SDK's values from its bytes
      return items.item(stored);
    }
    Map<String, Object> map = new LinkedHashMap<>(capacity(source.size()));
    for (Map.Entry<?, ?> e : source.entrySet()) {
      Object v = e.getValue();
      map.put((String) e.getKey(), v == null ? null : member.apply(v, items));
    }
    return map;
  }

  private static Object scalar(MarshallingType<?> type, Object value) {
    if (type == MarshallingType.BOOLEAN) {
      return value;
    }
    if (type == MarshallingType.INTEGER) {
      return ((Number) value).intValue();
    }
    if (type == MarshallingType.LONG) {
      return ((Number) value).longValue();
    }
    if (type == MarshallingType.DOUBLE) {
      return ((Number) value).doubleValue();
    }
    if (type == MarshallingType.FLOAT) {
      return ((Number) value).floatValue();
    }
    if (type == MarshallingType.SHORT) {
      return ((Number) value).shortValue();
    }
    if (type == MarshallingType.BYTE) {
      return ((Number) value).byteValue();
    }
    if (type == MarshallingType.BIG_DECIMAL) {
      return decimal(value);
    }
    if (type == MarshallingType.INSTANT) {
      // the JSON protocol sends epoch seconds with a fraction; the SDK keeps milliseconds
      return Instant.ofEpochMilli(decimal(value).movePointRight(3).longValue());
    }
    if (type == MarshallingType.SDK_BYTES) {
      return value instanceof Binary
          ? SdkBytes.fromByteArrayUnsafe(((Binary) value).toByteArray())
          : SdkBytes.fromByteArrayUnsafe(Binary.fromBase64((String) value).toByteArray());
    }
    throw new IllegalStateException("No conversion to the SDK's " + type + " for " + value);
  }

  private static BigDecimal decimal(Object value) {
    if (value instanceof BigDecimal) {
      return (BigDecimal) value;
    }
    if (value instanceof Double || value instanceof Float) {
      return BigDecimal.valueOf(((Number) value).doubleValue());
    }
    return BigDecimal.valueOf(((Number) value).longValue());
  }

  /** The SDK's attribute value for one of the engine's. */
  static AttributeValue attributeValue(AttrValue value) {
    if (value instanceof AttrValue.S) {
      return AttributeValue.fromS(((AttrValue.S) value).value());
    }
    if (value instanceof AttrValue.N) {
      return AttributeValue.fromN(((AttrValue.N) value).text());
    }
    if (value instanceof AttrValue.M) {
      return AttributeValue.fromM(attributeMap(((AttrValue.M) value).values()));
    }
    if (value instanceof AttrValue.Bool) {
      return SdkItemBuilder.bool(((AttrValue.Bool) value).value());
    }
    if (value instanceof AttrValue.L) {
      List<AttrValue> source = ((AttrValue.L) value).values();
      List<AttributeValue> list = new ArrayList<>(source.size());
      for (AttrValue element : source) {
        list.add(attributeValue(element));
      }
      return AttributeValue.fromL(list);
    }
    if (value instanceof AttrValue.B) {
      return AttributeValue.fromB(bytes(((AttrValue.B) value).value()));
    }
    if (value instanceof AttrValue.Null) {
      return SdkItemBuilder.NULL;
    }
    if (value instanceof AttrValue.SS) {
      return AttributeValue.fromSs(List.copyOf(((AttrValue.SS) value).values()));
    }
    if (value instanceof AttrValue.NS) {
      List<BigDecimal> numbers = ((AttrValue.NS) value).values();
      List<String> texts = new ArrayList<>(numbers.size());
      for (BigDecimal n : numbers) {
        texts.add(Numbers.toText(n));
      }
      return AttributeValue.fromNs(texts);
    }
    List<Binary> binaries = ((AttrValue.BS) value).values();
    List<SdkBytes> list = new ArrayList<>(binaries.size());
    for (Binary b : binaries) {
      list.add(bytes(b));
    }
    return AttributeValue.fromBs(list);
  }

  private static Map<String, AttributeValue> attributeMap(Map<String, AttrValue> source) {
    Map<String, AttributeValue> map = new LinkedHashMap<>(capacity(source.size()));
    for (Map.Entry<String, AttrValue> e : source.entrySet()) {
      map.put(e.getKey(), attributeValue(e.getValue()));
    }
    return map;
  }

  private static SdkBytes bytes(Binary binary) {
    return SdkBytes.fromByteArrayUnsafe(binary.toByteArray());
  }

  private static int capacity(int size) {
    return (int) (size / 0.75f) + 1;
  }
}
