package dev.dynakit.core.item;

import dev.dynakit.core.MarshallingException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkBytes;

/**
 * How a declared Java type (a record component, or an element inside one) maps to the plain values
 * {@link Marshalling} reads and writes. Built once per record type, so that an unsupported type is
 * reported when the codec is made, not on the first item.
 */
final class TypeMapping {
  /** Converts between one Java type and its plain form. */
  interface Adapter {
    /** The plain form, or null when nothing is to be stored (an empty {@code Optional}). */
    @Nullable Object toPlain(Object value, String where);

    Object fromPlain(Object plain, String where);

    /** The Java value for an absent or NULL attribute. */
    default @Nullable Object absent(String where) {
      return null;
    }
  }

  private final Map<Class<?>, FieldCodec<?>> typeCodecs;
  private final Map<Class<?>, RecordCodec<?>> nested = new LinkedHashMap<>();
  private final Set<Class<?>> building = new java.util.HashSet<>();

  TypeMapping(Map<Class<?>, FieldCodec<?>> typeCodecs) {
    this.typeCodecs = Map.copyOf(typeCodecs);
  }

  Map<Class<?>, FieldCodec<?>> typeCodecs() {
    return typeCodecs;
  }

  /**
   * The record codec for a nested record type, made once and shared (records may nest themselves).
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  synchronized RecordCodec<?> nestedCodec(Class<?> type) {
    RecordCodec<?> codec = nested.get(type);
    if (codec == null) {
      building.add(type);
      try {
        codec = new RecordCodec((Class) type, Map.of(), this);
      } finally {
        building.remove(type);
      }
      nested.put(type, codec);
    }
    return codec;
  }

  private synchronized boolean isBuilding(Class<?> type) {
    return building.contains(type);
  }

  static Adapter codecAdapter(FieldCodec<?> codec) {
    return new Adapter() {
      @Override
      public Object toPlain(Object value, String where) {
        return withContext(where, () -> codec.normalize(value));
      }

      @Override
      public Object fromPlain(Object plain, String where) {
        return withContext(where, () -> codec.fromStored(plain));
      }
    };
  }

  Adapter forType(Type type, String where) {
    Class<?> raw = rawClass(type, where);
    FieldCodec<?> codec = typeCodecs.get(raw);
    if (codec != null) {
      return codecAdapter(codec);
    }
    if (raw == String.class || raw == Object.class || raw == Boolean.class) {
      return checked(raw, Function.identity());
    }
    if (raw == boolean.class) {
      return primitive(checked(Boolean.class, Function.identity()), "boolean");
    }
    Adapter number = numberAdapter(raw);
    if (number != null) {
      return raw.isPrimitive() ? primitive(number, raw.getName()) : number;
    }
    if (raw == char.class || raw == Character.class) {
      Adapter character = characterAdapter();
      return raw.isPrimitive() ? primitive(character, "char") : character;
    }
    if (raw == byte[].class || raw == SdkBytes.class || raw == ByteBuffer.class) {
      return bytesAdapter(raw);
    }
    if (raw == UUID.class) {
      return simple(Object::toString, plain -> UUID.fromString(expect(String.class, plain)));
    }
    if (raw.isEnum()) {
      return codecAdapter(enumCodec(raw));
    }
    if (raw.isRecord()) {
      if (!isBuilding(raw)) {
        nestedCodec(raw); // made now, so that its unsupported components are reported now
      }
      // a record that contains itself is resolved on first use
      return simple(
          value -> nestedCodec(raw).toMapUnchecked(value),
          plain -> nestedCodec(raw).fromMap(expectMap(plain)));
    }
    if (raw == Optional.class) {
      Adapter inner = forType(argument(type, 0, where), where);
      return new Adapter() {
        @Override
        public @Nullable Object toPlain(Object value, String at) {
          Optional<?> optional = (Optional<?>) value;
          return optional.isPresent() ? inner.toPlain(optional.get(), at) : null;
        }

        @Override
        public Object fromPlain(Object plain, String at) {
          return Optional.of(inner.fromPlain(plain, at));
        }

        @Override
        public Object absent(String at) {
          return Optional.empty();
        }
      };
    }
    if (raw == Map.class) {
      Class<?> keys = rawClass(argument(type, 0, where), where);
      if (keys != String.class && keys != Object.class) {
        throw new MarshallingException(where, "map keys must be String, not " + keys.getName());
      }
      return mapAdapter(forType(argument(type, 1, where), where + ".*"));
    }
    if (raw == List.class || raw == Collection.class || raw == Set.class) {
      return collectionAdapter(forType(argument(type, 0, where), where + "[]"), raw == Set.class);
    }
    throw new MarshallingException(
        where,
        "type "
            + raw.getName()
            + " has no built-in mapping; declare a FieldCodec for it"
            + " (RecordCodec.builder(...).field(...) or .codec(type, ...))");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static FieldCodec<?> enumCodec(Class<?> raw) {
    return FieldCodecs.enumName((Class) raw);
  }

  private static @Nullable Adapter numberAdapter(Class<?> raw) {
    if (raw == int.class || raw == Integer.class) {
      return number(BigDecimal::intValueExact);
    }
    if (raw == long.class || raw == Long.class) {
      return number(BigDecimal::longValueExact);
    }
    if (raw == short.class || raw == Short.class) {
      return number(BigDecimal::shortValueExact);
    }
    if (raw == byte.class || raw == Byte.class) {
      return number(BigDecimal::byteValueExact);
    }
    if (raw == double.class || raw == Double.class) {
      return number(BigDecimal::doubleValue);
    }
    if (raw == float.class || raw == Float.class) {
      return number(BigDecimal::floatValue);
    }
    if (raw == BigInteger.class) {
      return number(BigDecimal::toBigIntegerExact);
    }
    if (raw == BigDecimal.class || raw == Number.class) {
      return number(value -> value);
    }
    return null;
  }

  private static Adapter number(Function<BigDecimal, Object> convert) {
    return new Adapter() {
      @Override
      public Object toPlain(Object value, String where) {
        return value;
      }

      @Override
      public Object fromPlain(Object plain, String where) {
        BigDecimal exact = NumberText.exact(expect(Number.class, plain), where);
        try {
          return convert.apply(exact);
        } catch (ArithmeticException e) {
          throw new MarshallingException(where, "the number " + plain + " does not fit", e);
        }
      }
    };
  }

  private static Adapter characterAdapter() {
    return simple(
        String::valueOf,
        plain -> {
          String text = expect(String.class, plain);
          if (text.length() != 1) {
            throw new MarshallingException(null, "expected one character, got '" + text + "'");
          }
          return text.charAt(0);
        });
  }

  private static Adapter bytesAdapter(Class<?> raw) {
    return simple(
        value -> value,
        plain -> {
          SdkBytes bytes = Marshalling.bytesOrNull(plain);
          if (bytes == null) {
            throw new MarshallingException(
                null, "expected binary, got " + SimpleCodec.describe(plain));
          }
          if (raw == byte[].class) {
            return bytes.asByteArray();
          }
          return raw == ByteBuffer.class ? bytes.asByteBuffer() : bytes;
        });
  }

  private static Adapter mapAdapter(Adapter values) {
    return new Adapter() {
      @Override
      public Object toPlain(Object value, String where) {
        Map<String, Object> plain = new LinkedHashMap<>();
        ((Map<?, ?>) value)
            .forEach(
                (key, element) ->
                    plain.put(
                        String.valueOf(key),
                        element == null ? null : values.toPlain(element, where + "." + key)));
        return plain;
      }

      @Override
      public Object fromPlain(Object plain, String where) {
        Map<String, Object> map = new LinkedHashMap<>();
        expectMap(plain)
            .forEach(
                (key, element) ->
                    map.put(
                        key,
                        element == null
                            ? values.absent(where + "." + key)
                            : values.fromPlain(element, where + "." + key)));
        return Collections.unmodifiableMap(map);
      }
    };
  }

  private static Adapter collectionAdapter(Adapter elements, boolean set) {
    return new Adapter() {
      @Override
      public Object toPlain(Object value, String where) {
        Collection<Object> plain = set ? new LinkedHashSet<>() : new ArrayList<>();
        int index = 0;
        for (Object element : (Collection<?>) value) {
          String at = where + "[" + index++ + "]";
          plain.add(element == null ? null : elements.toPlain(element, at));
        }
        return plain;
      }

      @Override
      public Object fromPlain(Object plain, String where) {
        Collection<?> values = expect(Collection.class, plain);
        List<Object> out = new ArrayList<>(values.size());
        int index = 0;
        for (Object element : values) {
          String at = where + "[" + index++ + "]";
          out.add(element == null ? elements.absent(at) : elements.fromPlain(element, at));
        }
        return set
            ? Collections.unmodifiableSet(new LinkedHashSet<>(out))
            : Collections.unmodifiableList(out);
      }
    };
  }

  private static Adapter checked(Class<?> type, Function<Object, Object> read) {
    return simple(value -> value, plain -> read.apply(expect(type, plain)));
  }

  private static Adapter primitive(Adapter boxed, String name) {
    return new Adapter() {
      @Override
      public @Nullable Object toPlain(Object value, String where) {
        return boxed.toPlain(value, where);
      }

      @Override
      public Object fromPlain(Object plain, String where) {
        return boxed.fromPlain(plain, where);
      }

      @Override
      public Object absent(String where) {
        throw new MarshallingException(
            where, "the attribute is missing or NULL but the component is a primitive " + name);
      }
    };
  }

  private static Adapter simple(Function<Object, Object> write, Function<Object, Object> read) {
    return new Adapter() {
      @Override
      public Object toPlain(Object value, String where) {
        return withContext(where, () -> write.apply(value));
      }

      @Override
      public Object fromPlain(Object plain, String where) {
        return withContext(where, () -> read.apply(plain));
      }
    };
  }

  private static Object withContext(String where, java.util.function.Supplier<Object> work) {
    try {
      return work.get();
    } catch (MarshallingException e) {
      if (e.field() != null) {
        throw e;
      }
      throw new MarshallingException(where, e.getMessage(), e.getCause());
    } catch (RuntimeException e) {
      throw new MarshallingException(where, String.valueOf(e.getMessage()), e);
    }
  }

  static <T> T expect(Class<T> type, Object plain) {
    if (type.isInstance(plain)) {
      return type.cast(plain);
    }
    throw new MarshallingException(
        null, "expected " + type.getSimpleName() + ", got " + SimpleCodec.describe(plain));
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> expectMap(Object plain) {
    return expect(Map.class, plain);
  }

  private static Class<?> rawClass(Type type, String where) {
    if (type instanceof Class) {
      return (Class<?>) type;
    }
    if (type instanceof ParameterizedType) {
      return rawClass(((ParameterizedType) type).getRawType(), where);
    }
    if (type instanceof WildcardType) {
      return rawClass(((WildcardType) type).getUpperBounds()[0], where);
    }
    // type variables and generic arrays: the record does not say what is stored
    throw new MarshallingException(where, "the type " + type.getTypeName() + " is not concrete");
  }

  private static Type argument(Type type, int index, String where) {
    if (type instanceof ParameterizedType) {
      return ((ParameterizedType) type).getActualTypeArguments()[index];
    }
    return Object.class;
  }
}
