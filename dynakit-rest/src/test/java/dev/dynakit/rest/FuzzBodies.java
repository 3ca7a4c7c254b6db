package dev.dynakit.rest;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Mutations of valid JSON bodies for the REST fuzz property: a body is parsed into a tree whose
 * objects may hold a name twice and whose leaves may be raw JSON text (hostile numbers, escapes),
 * mutated, and written back.
 */
final class FuzzBodies {
  /** What a body mutation does. */
  enum Mutation {
    DROP_FIELD,
    DUPLICATE_FIELD,
    RETYPE_FIELD,
    HOSTILE_NUMBER,
    HOSTILE_STRING,
    HOSTILE_NAME,
    TECHNICAL_FIELD,
    DEEP_NESTING,
    WRAP_IN_ARRAY,
    TRUNCATE,
    FLIP_BYTE,
    EMPTY
  }

  static final String[] NUMBERS = {
    "1e-2147483649",
    "1e2147483648",
    "-1e2147483647",
    "1e999999999",
    "1e-99999999999",
    "-0",
    "0e0",
    "1e400",
    "-1e-400",
    "1E+125",
    "1e126",
    "1e-131",
    "9.9999999999999999999999999999999999999E+125",
    "123456789012345678901234567890123456789012",
    "9223372036854775808",
    "-9223372036854775809",
    "0.00000000000000000000000000000000000000001",
    "1" + "0".repeat(999),
    "1.5",
    "-5",
    "2147483648",
  };

  static final String[] STRINGS = {
    "\"\"",
    "\"\\ud800\"",
    "\"a\\udc00b\"",
    "\"\\udc00\\ud800\"",
    "\"\\u0000\"",
    "\"\\ud83d\\ude00\"",
    "\"%zz\"",
    "\"%2F\"",
    "\"a/b\"",
    "\"TX:Dallas:1\"",
    "\" \"",
    "\"\\n\\t\\r\"",
    "\"-tech\"",
    "\"_v\"",
    "\"" + "x".repeat(70_000) + "\"",
  };

  private FuzzBodies() {}

  /** A JSON value written as is. */
  record Raw(String json) {}

  /** An object whose entries may repeat a name. */
  record Obj(List<Object[]> entries) {}

  static Object tree(String json) {
    return convert(JsonText.parse(json.getBytes(StandardCharsets.UTF_8)));
  }

  private static Object convert(Object value) {
    if (value instanceof Map<?, ?> map) {
      List<Object[]> entries = new ArrayList<>();
      map.forEach((k, v) -> entries.add(new Object[] {k, convert(v)}));
      return new Obj(entries);
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      list.forEach(v -> out.add(convert(v)));
      return out;
    }
    return value == null ? new Raw("null") : value;
  }

  /** The body after a mutation, as bytes. */
  static byte[] mutate(Object tree, Mutation mutation, Random random) {
    switch (mutation) {
      case TRUNCATE:
        {
          byte[] bytes = bytes(tree);
          return java.util.Arrays.copyOf(bytes, random.nextInt(Math.max(1, bytes.length)));
        }
      case FLIP_BYTE:
        {
          byte[] bytes = bytes(tree);
          if (bytes.length > 0) {
            bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
          }
          return bytes;
        }
      case EMPTY:
        return new byte[0];
      case WRAP_IN_ARRAY:
        return bytes(List.of(tree));
      case DEEP_NESTING:
        {
          Object deep = deep(20 + random.nextInt(60), random);
          return bytes(change(tree, random, (entries, at) -> entries.get(at)[1] = deep));
        }
      default:
        return bytes(change(tree, random, (entries, at) -> edit(entries, at, mutation, random)));
    }
  }

  /** Arrays and objects nested {@code depth} levels around a number. */
  private static Object deep(int depth, Random random) {
    Object nested = 1L;
    for (int i = 0; i < depth; i++) {
      nested =
          random.nextBoolean()
              ? List.of(nested)
              : new Obj(List.<Object[]>of(new Object[] {"n", nested}));
    }
    return nested;
  }

  /** What to do to the entries of one object in the tree, at one position. */
  private interface Edit {
    void apply(List<Object[]> entries, int at);
  }

  /**
   * Applies an edit to one object of the tree (the first one found, depth first, often the top).
   */
  private static Object change(Object tree, Random random, Edit edit) {
    Obj target = firstObject(tree, random);
    if (target == null) {
      return tree;
    }
    List<Object[]> entries = target.entries();
    if (entries.isEmpty()) {
      entries.add(new Object[] {"added", 1L});
    }
    edit.apply(entries, random.nextInt(entries.size()));
    return tree;
  }

  private static Obj firstObject(Object tree, Random random) {
    if (tree instanceof Obj obj) {
      return obj;
    }
    if (tree instanceof List<?> list && !list.isEmpty()) {
      return firstObject(list.get(random.nextInt(list.size())), random);
    }
    return null;
  }

  private static void edit(List<Object[]> entries, int at, Mutation mutation, Random random) {
    Object[] entry = entries.get(at);
    switch (mutation) {
      case DROP_FIELD -> entries.remove(at);
      case DUPLICATE_FIELD -> entries.add(new Object[] {entry[0], entry[1]});
      case RETYPE_FIELD -> entry[1] = retyped(random);
      case HOSTILE_NUMBER -> entry[1] = new Raw(NUMBERS[random.nextInt(NUMBERS.length)]);
      case HOSTILE_STRING -> entry[1] = new Raw(STRINGS[random.nextInt(STRINGS.length)]);
      case HOSTILE_NAME -> {
        String name = STRINGS[random.nextInt(STRINGS.length - 1)];
        entries.add(new Object[] {new Raw(name), entry[1]});
      }
      case TECHNICAL_FIELD -> {
        String[] names = {
          "-search-name", "_v", "_sk", "-x", "__descriptor__", "_delete", "_arrayOps"
        };
        entries.add(new Object[] {names[random.nextInt(names.length)], retyped(random)});
      }
      default -> throw new IllegalArgumentException(mutation.toString());
    }
  }

  private static Object retyped(Random random) {
    return switch (random.nextInt(8)) {
      case 0 -> new Raw("null");
      case 1 -> Boolean.TRUE;
      case 2 -> 42L;
      case 3 -> "text";
      case 4 -> new ArrayList<>(List.of(1L, "two", new Raw("null")));
      case 5 -> new Obj(new ArrayList<>(List.<Object[]>of(new Object[] {"a", 1L})));
      case 6 -> new Raw(NUMBERS[random.nextInt(NUMBERS.length)]);
      default -> new ArrayList<>();
    };
  }

  static byte[] bytes(Object tree) {
    StringBuilder out = new StringBuilder();
    write(out, tree);
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void write(StringBuilder out, Object value) {
    if (value instanceof Raw raw) {
      out.append(raw.json());
    } else if (value instanceof Obj obj) {
      out.append('{');
      boolean first = true;
      for (Object[] entry : obj.entries()) {
        if (!first) {
          out.append(',');
        }
        first = false;
        if (entry[0] instanceof Raw name) {
          out.append(name.json());
        } else {
          out.append(new String(JsonText.write(entry[0]), StandardCharsets.UTF_8));
        }
        out.append(':');
        write(out, entry[1]);
      }
      out.append('}');
    } else if (value instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        write(out, list.get(i));
      }
      out.append(']');
    } else {
      out.append(new String(JsonText.write(value), StandardCharsets.UTF_8));
    }
  }
}
