package dev.dynakit.embedded;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.protocol.MarshallLocation;
import software.amazon.awssdk.core.protocol.MarshallingType;
import software.amazon.awssdk.core.traits.ListTrait;
import software.amazon.awssdk.core.traits.MapTrait;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Turns an SDK request into the tree its JSON body parses into on the engine's side ({@code
 * DynakitEngine.handle(String, Map)}), member by member, by the model's own field metadata (public
 * SDK API: {@code SdkPojo.sdkFields()}, {@code SdkField}'s getter and traits): the members the
 * SDK's JSON marshaller would write, under the same names, with the same values (defaults such as a
 * generated idempotency token included), without the text in between.
 *
 * <p>A request holding something the tree cannot carry exactly as the JSON text would (a member
 * outside the body, a timestamp, a number type DynamoDB's model does not use) has no tree: the
 * caller then sends it as JSON.
 */
final class RequestTrees {
  // the SDK's model classes and fields are few and live as long as the class loader
  private static final Map<Class<?>, Member[]> MEMBERS = new ConcurrentHashMap<>();
  private static final Base64.Encoder BASE64 = Base64.getEncoder();

  /** What a conversion answers for a member the marshaller leaves out (an unset list or map). */
  private static final Object SKIP = new Object();

  /** Raised inside a conversion when the tree cannot carry a value; never leaves this class. */
  private static final class NoTree extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NoTree() {
      super(null, null, false, false);
    }
  }

  private static final NoTree NO_TREE = new NoTree();

  /**
   * One member of a model class, with the conversion of its values worked out once; a null
   * conversion for a member outside the body.
   */
  private record Member(SdkField<?> field, String name, @Nullable Conversion conversion) {}

  private interface Conversion {
    /** The tree form of a non-null value, or {@link #SKIP} when the marshaller writes nothing. */
    Object apply(Object value);
  }

  private RequestTrees() {}

  /** The tree of {@code request}, or null when it cannot be built exactly (see above). */
  static @Nullable Map<String, Object> of(SdkPojo request) {
    try {
      return object(request);
    } catch (NoTree e) {
      return null;
    }
  }

  private static Map<String, Object> object(SdkPojo pojo) {
    Member[] members = members(pojo);
    Map<String, Object> tree = new LinkedHashMap<>(mapCapacity(members.length));
    for (Member member : members) {
      Object value = member.field().getValueOrDefault(pojo);
      if (value == null) {
        continue;
      }
      if (member.conversion() == null) {
        throw NO_TREE;
      }
      Object converted = member.conversion().apply(value);
      if (converted != SKIP) {
        tree.put(member.name(), converted);
      }
    }
    return tree;
  }

  private static Member[] members(SdkPojo pojo) {
    Member[] known = MEMBERS.get(pojo.getClass());
    if (known == null) {
      List<Member> members = new ArrayList<>();
      for (SdkField<?> field : pojo.sdkFields()) {
        members.add(
            new Member(
                field,
                field.locationName(),
                field.location() == MarshallLocation.PAYLOAD ? conversion(field) : null));
      }
      known = members.toArray(new Member[0]);
      MEMBERS.putIfAbsent(pojo.getClass(), known);
    }
    return known;
  }

  private static Conversion conversion(SdkField<?> field) {
    MarshallingType<?> type = field.marshallingType();
    if (type == MarshallingType.SDK_POJO) {
      return value ->
          value instanceof AttributeValue attributeValue
              ? attributeValue(attributeValue)
              : object((SdkPojo) value);
    }
    if (type == MarshallingType.LIST) {
      Conversion member = conversion(field.getRequiredTrait(ListTrait.class).memberFieldInfo());
      return value -> list((List<?>) value, member);
    }
    if (type == MarshallingType.MAP) {
      Conversion member = conversion(field.getRequiredTrait(MapTrait.class).valueFieldInfo());
      return value -> map((Map<?, ?>) value, member);
    }
    if (type == MarshallingType.STRING || type == MarshallingType.BOOLEAN) {
      return value -> value;
    }
    if (type == MarshallingType.INTEGER
        || type == MarshallingType.LONG
        || type == MarshallingType.SHORT) {
      // the parser reads every JSON integer that fits as a Long
      return value -> ((Number) value).longValue();
    }
    if (type == MarshallingType.SDK_BYTES) {
      return value -> BASE64.encodeToString(((SdkBytes) value).asByteArrayUnsafe());
    }
    // timestamps, floating point numbers, documents: their text depends on the JSON writer
    return value -> {
      throw NO_TREE;
    };
  }

  private static Object list(List<?> source, Conversion member) {
    if (source.isEmpty() && source instanceof SdkAutoConstructList) {
      return SKIP;
    }
    List<Object> list = new ArrayList<>(source.size());
    for (Object element : source) {
      // the marshaller writes a null element as JSON null
      list.add(element == null ? null : member.apply(element));
    }
    return list;
  }

  private static Object map(Map<?, ?> source, Conversion member) {
    if (source.isEmpty() && source instanceof SdkAutoConstructMap) {
      return SKIP;
    }
    Map<String, Object> map = new LinkedHashMap<>(mapCapacity(source.size()));
    // forEach rather than the entry set: the SDK's maps are unmodifiable views, whose entry set
    // wraps every entry in an object of its own, while forEach walks the map underneath
    source.forEach(
        (name, value) -> {
          // the marshaller leaves out an entry whose value is null
          if (value != null) {
            map.put((String) name, member.apply(value));
          }
        });
    return map;
  }

  /**
   * An attribute value, the commonest object of a request, read through its accessors rather than
   * the generic field walk. Exactly one member set (every well-formed value) gives a one-entry map;
   * anything else is written member by member, as the marshaller does, for the engine to reject
   * with DynamoDB's message.
   */
  static Object attributeValue(AttributeValue value) {
    // The SDK's builder names the one member set (S, N, ...) as the type, and null or UNKNOWN
    // otherwise; a member it does not count as set is always null.
    AttributeValue.Type type = value.type();
    if (type == AttributeValue.Type.S && value.s() != null) {
      return Map.of("S", value.s());
    }
    if (type == AttributeValue.Type.N && value.n() != null) {
      return Map.of("N", value.n());
    }
    String s = value.s();
    String n = value.n();
    SdkBytes b = value.b();
    Boolean bool = value.bool();
    Boolean nul = value.nul();
    boolean m = value.hasM();
    boolean l = value.hasL();
    boolean ss = value.hasSs();
    boolean ns = value.hasNs();
    boolean bs = value.hasBs();
    int set =
        (s != null ? 1 : 0)
            + (n != null ? 1 : 0)
            + (b != null ? 1 : 0)
            + (bool != null ? 1 : 0)
            + (nul != null ? 1 : 0)
            + (m ? 1 : 0)
            + (l ? 1 : 0)
            + (ss ? 1 : 0)
            + (ns ? 1 : 0)
            + (bs ? 1 : 0);
    if (set == 1) {
      if (s != null) {
        return Map.of("S", s);
      }
      if (n != null) {
        return Map.of("N", n);
      }
      if (bool != null) {
        return Map.of("BOOL", bool);
      }
      if (m) {
        return Map.of("M", map(value.m(), RequestTrees::attributeValueOf));
      }
      if (l) {
        return Map.of("L", list(value.l(), RequestTrees::attributeValueOf));
      }
    }
    return object(value);
  }

  private static Object attributeValueOf(Object value) {
    return attributeValue((AttributeValue) value);
  }

  private static int mapCapacity(int size) {
    return (int) (size / 0.75f) + 1;
  }
}
