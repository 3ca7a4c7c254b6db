package dev.dynakit.embedded;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
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
import software.amazon.awssdk.utils.builder.Buildable;

/**
 * Fills SDK model objects from the engine's answer as a plain tree ({@code
 * EngineResponse.result()}), member by member, by the model's own field metadata (the names and
 * types the SDK's JSON unmarshaller reads) and its public setters ({@code SdkField.set} on the
 * model's builders): the same result as writing the tree as JSON and letting the SDK parse it,
 * without the text in between. Members the model does not know are skipped, as the SDK skips
 * unknown JSON members.
 */
final class ModelTrees {
  // the SDK's model classes and fields are few and live as long as the class loader
  private static final Map<Class<?>, Map<String, Member>> MEMBERS = new ConcurrentHashMap<>();
  private static final Base64.Decoder BASE64 = Base64.getDecoder();

  /** One settable field of a model class, with the conversion of its values worked out once. */
  private record Member(SdkField<?> field, Conversion conversion) {}

  /** Turns one value of the plain tree into what the SDK's field setter takes. */
  private interface Conversion {
    Object apply(Object value);
  }

  private ModelTrees() {}

  /** {@code response} with the members of {@code result} set on it. */
  static SdkResponse fill(SdkResponse response, Map<String, Object> result) {
    SdkResponse.Builder builder = response.toBuilder();
    if (!(builder instanceof SdkPojo)) {
      throw new IllegalStateException(
          "The SDK's " + response.getClass().getName() + " builder exposes no field metadata");
    }
    fill((SdkPojo) builder, result);
    return builder.build();
  }

  private static void fill(SdkPojo builder, Map<?, ?> values) {
    Map<String, Member> members = members(builder);
    for (Map.Entry<?, ?> entry : values.entrySet()) {
      Object value = entry.getValue();
      Member member = members.get(entry.getKey());
      if (value != null && member != null) {
        member.field().set(builder, member.conversion().apply(value));
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
      return value -> pojo(field, (Map<?, ?>) value);
    }
    if (type == MarshallingType.LIST) {
      Conversion member = conversion(field.getRequiredTrait(ListTrait.class).memberFieldInfo());
      return value -> list((List<?>) value, member);
    }
    if (type == MarshallingType.MAP) {
      Conversion member = conversion(field.getRequiredTrait(MapTrait.class).valueFieldInfo());
      return value -> map((Map<?, ?>) value, member);
    }
    if (type == MarshallingType.STRING) {
      return value -> value instanceof String ? value : String.valueOf(value);
    }
    return value -> scalar(type, value);
  }

  private static Object pojo(SdkField<?> field, Map<?, ?> value) {
    SdkPojo nested = field.constructor().get();
    fill(nested, value);
    return ((Buildable) nested).build();
  }

  private static List<Object> list(List<?> source, Conversion member) {
    List<Object> list = new ArrayList<>(source.size());
    for (Object element : source) {
      list.add(element == null ? null : member.apply(element));
    }
    return list;
  }

  private static Map<String, Object> map(Map<?, ?> source, Conversion member) {
    Map<String, Object> map = new LinkedHashMap<>((int) (source.size() / 0.75f) + 1);
    for (Map.Entry<?, ?> e : source.entrySet()) {
      Object v = e.getValue();
      map.put((String) e.getKey(), v == null ? null : member.apply(v));
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
      return SdkBytes.fromByteArrayUnsafe(BASE64.decode((String) value));
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
}
