package dev.dynakit.engine.fuzz;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Turns a valid request into a hostile one: members dropped, duplicated, renamed and retyped,
 * hostile numbers and strings, deep nesting, lone surrogates, invalid UTF-8, huge exponents, nulls,
 * parts grafted from other operations' requests, and now and then a body cut short. Everything is
 * decided by the {@link Random} given, so a seed reproduces a request.
 */
final class Mutator {
  private static final List<String> HOSTILE_NUMBERS =
      List.of(
          "1e-2147483649",
          "1e2147483648",
          "-5E+99999999999",
          "1e400",
          "-0",
          "0.0",
          "-1",
          "2147483648",
          "9223372036854775808",
          "-9223372036854775809",
          "1e-400",
          "0.5",
          "1E+2",
          "123456789012345678901234567890123456789012345",
          "0e-2147483648",
          "1e2147483647");
  private static final List<String> HOSTILE_TEXTS =
      List.of(
          "",
          " ",
          "1e-2147483649",
          "1e126",
          "-1e-131",
          "9.99999999999999999999999999999999999E+125",
          "1e2147483648",
          "NaN",
          "Infinity",
          "0x10",
          "1_0",
          " 1",
          "00001",
          ".5",
          "-",
          "+1",
          "1e",
          "AAEC",
          "AQ=",
          "====",
          "!!",
          "#",
          ":",
          "#x",
          ":v",
          "a.b[99999999999]",
          "a[-1]",
          "(((",
          "SET",
          "REMOVE a, a",
          "attribute_exists(",
          "size(pk) = :v",
          "pk = :v AND pk = :v",
          "ALL_OLD",
          "NONE",
          "COUNT",
          "S",
          "N",
          "B",
          "SS",
          "NS",
          "BS",
          "M",
          "L",
          "NULL",
          "BOOL",
          "HASH",
          "RANGE",
          "PAY_PER_REQUEST",
          "PROVISIONED",
          "KEYS_ONLY",
          "INCLUDE",
          "EQ",
          "BETWEEN",
          "fuzz",
          "fuzz2",
          "byG",
          "byL",
          "pk",
          "sk",
          "g",
          "\u0000",
          "\u007f\u0001",
          "é€😀",
          "\uFFFF",
          "arn:aws:dynamodb:us-east-1:000000000000:table/",
          "arn:aws:dynamodb:eu-west-1:111111111111:table/fuzz/index/byG");
  private static final List<String> RAW_JSON =
      List.of(
          "\"a\\ud800\"",
          "\"\\udc00x\"",
          "\"\\ud800\\ud800\"",
          "\"\\u0000\"",
          "\"\\uD83D\\uDE00\"",
          "1e-2147483649",
          "-1e2147483648",
          "1E+999999999999",
          "[]",
          "{}",
          "[null]",
          "{\"\":null}",
          "true",
          "0",
          "-0.0e-0",
          "\"\\/\"");
  private static final List<String> NAMES =
      List.of(
          "S",
          "N",
          "B",
          "SS",
          "NS",
          "BS",
          "M",
          "L",
          "NULL",
          "BOOL",
          "TableName",
          "Key",
          "Item",
          "Limit",
          "IndexName",
          "Select",
          "Segment",
          "TotalSegments",
          "ExclusiveStartKey",
          "ExpressionAttributeValues",
          "ExpressionAttributeNames",
          "ConditionExpression",
          "UpdateExpression",
          "KeyConditionExpression",
          "FilterExpression",
          "ProjectionExpression",
          "ReturnValues",
          "RequestItems",
          "TransactItems",
          "Keys",
          "AttributesToGet",
          "ComparisonOperator",
          "AttributeValueList",
          "Value",
          "Exists",
          "Action",
          "ProvisionedThroughput",
          "ReadCapacityUnits",
          "KeySchema",
          "AttributeDefinitions",
          "Projection",
          "NonKeyAttributes",
          "Tags",
          "TagKeys",
          "ResourceArn",
          "pk",
          "sk",
          "g",
          "",
          "#s",
          ":v",
          "Zz");

  /** A JSON member written twice: the first value, then the second (which the parser keeps). */
  record Dup(Object first, Object second) {}

  /** JSON text written as it is: escapes and numbers no Java value could carry. */
  record Raw(String json) {}

  /** Bytes written as they are, inside a string's quotes: invalid UTF-8 and the like. */
  record RawBytes(byte[] bytes) {}

  private final Random random;
  private final List<Map<String, Object>> donors;

  Mutator(Random random, List<Map<String, Object>> donors) {
    this.random = random;
    this.donors = donors;
  }

  /** A hostile body made from {@code tree} (which is changed). */
  byte[] mutate(Map<String, Object> tree) {
    // mostly one change, so that most requests get past the first check to the next ones
    int rounds = random.nextInt(3) == 0 ? 2 + random.nextInt(3) : 1;
    Object root = tree;
    for (int i = 0; i < rounds; i++) {
      root = mutateSomewhere(root);
    }
    byte[] body = JsonText.write(root);
    int whole = random.nextInt(40);
    if (whole == 0 && body.length > 1) {
      return java.util.Arrays.copyOf(body, random.nextInt(body.length)); // cut short
    }
    if (whole == 1) {
      return new byte[0];
    }
    return body;
  }

  private Object mutateSomewhere(Object root) {
    List<Slot> slots = new ArrayList<>();
    collect(root, slots, 0);
    if (slots.isEmpty() || random.nextInt(30) == 0) {
      return hostileValue(0);
    }
    Slot slot = slots.get(random.nextInt(slots.size()));
    slot.apply(this);
    return root;
  }

  /** A place in the tree: a member of an object or an element of a list. */
  private record Slot(Object container, Object key) {
    @SuppressWarnings("unchecked")
    void apply(Mutator m) {
      if (container instanceof Map<?, ?> raw) {
        Map<String, Object> map = (Map<String, Object>) raw;
        String name = (String) key;
        m.mutateMember(map, name);
      } else {
        List<Object> list = (List<Object>) container;
        int index = (Integer) key;
        m.mutateElement(list, index);
      }
    }
  }

  private void mutateMember(Map<String, Object> map, String name) {
    Object value = map.get(name);
    switch (random.nextInt(9)) {
      case 0 -> map.remove(name);
      case 1 -> map.put(name, new Dup(hostileValue(0), value));
      case 2 -> map.put(name, new Dup(value, hostileValue(0)));
      case 3 -> {
        map.remove(name);
        map.put(NAMES.get(random.nextInt(NAMES.size())), value);
      }
      case 4 -> map.put(NAMES.get(random.nextInt(NAMES.size())), hostileValue(0));
      case 5 -> map.put(name, null);
      default -> map.put(name, replacement(value));
    }
  }

  private void mutateElement(List<Object> list, int index) {
    switch (random.nextInt(6)) {
      case 0 -> list.remove(index);
      case 1 -> list.add(index, list.get(index));
      case 2 -> list.set(index, null);
      default -> list.set(index, replacement(list.get(index)));
    }
  }

  /** Something in place of {@code value}: often of a kind it could be, sometimes anything. */
  private Object replacement(Object value) {
    if (value instanceof String s && random.nextBoolean()) {
      return tweak(s);
    }
    if (random.nextInt(4) == 0) {
      return graft();
    }
    return hostileValue(0);
  }

  private Object tweak(String s) {
    return switch (random.nextInt(12)) {
      case 0, 4, 5 -> s + HOSTILE_TEXTS.get(random.nextInt(HOSTILE_TEXTS.size()));
      case 1 -> s.isEmpty() ? s : s.substring(0, random.nextInt(s.length()));
      case 2, 6 -> s.repeat(1 + random.nextInt(3));
      case 3 -> new RawBytes(invalidUtf8(s));
      default -> HOSTILE_TEXTS.get(random.nextInt(HOSTILE_TEXTS.size()));
    };
  }

  private byte[] invalidUtf8(String s) {
    byte[][] bad = {
      {(byte) 0xC0, (byte) 0x80},
      {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
      {(byte) 0xFF},
      {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
      {(byte) 0xE2, (byte) 0x82}
    };
    byte[] prefix =
        s.replace("\"", "").replace("\\", "").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] b = bad[random.nextInt(bad.length)];
    byte[] out = java.util.Arrays.copyOf(prefix, prefix.length + b.length);
    System.arraycopy(b, 0, out, prefix.length, b.length);
    return out;
  }

  private Object graft() {
    Map<String, Object> donor = donors.get(random.nextInt(donors.size()));
    List<Slot> slots = new ArrayList<>();
    collect(donor, slots, 0);
    if (slots.isEmpty()) {
      return donor;
    }
    Slot slot = slots.get(random.nextInt(slots.size()));
    Object value =
        slot.container() instanceof Map<?, ?> m
            ? m.get(slot.key())
            : ((List<?>) slot.container()).get((Integer) slot.key());
    return JsonText.copy(value);
  }

  /** A value of any kind, hostile ones often. */
  Object hostileValue(int depth) {
    // the raw kinds refuse a whole body at once (SerializationException): rarer, so that the
    // mutations after them reach the operations' own checks
    return switch (random.nextInt(depth > 2 ? 11 : 20)) {
      case 0 -> new Raw(HOSTILE_NUMBERS.get(random.nextInt(HOSTILE_NUMBERS.size())));
      case 1 -> new Raw(RAW_JSON.get(random.nextInt(RAW_JSON.size())));
      case 2, 3, 4 -> HOSTILE_TEXTS.get(random.nextInt(HOSTILE_TEXTS.size()));
      case 5 -> random.nextBoolean();
      case 6 -> null;
      case 7, 8 ->
          random.nextInt(3) == 0 ? new BigDecimal("1e-130") : (long) random.nextInt(2000) - 5;
      case 9 -> longString();
      case 10 -> deep(1 + (random.nextInt(8) == 0 ? random.nextInt(1200) : random.nextInt(40)));
      case 11, 12, 13, 14 -> {
        List<Object> list = new ArrayList<>();
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
          list.add(hostileValue(depth + 1));
        }
        yield list;
      }
      default -> {
        Map<String, Object> map = new LinkedHashMap<>();
        int n = random.nextInt(3);
        for (int i = 0; i < n; i++) {
          map.put(NAMES.get(random.nextInt(NAMES.size())), hostileValue(depth + 1));
        }
        yield map;
      }
    };
  }

  private String longString() {
    int length = random.nextInt(4) == 0 ? 65_536 + random.nextInt(10) : random.nextInt(2_000);
    return "x".repeat(length);
  }

  /** Attribute values nested {@code depth} levels: maps, lists, or plain JSON arrays. */
  private Object deep(int depth) {
    Object v = new LinkedHashMap<>(Map.of("S", "leaf"));
    int style = random.nextInt(3);
    for (int i = 0; i < depth; i++) {
      Map<String, Object> wrap = new LinkedHashMap<>();
      switch (style) {
        case 0 -> {
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("a", v);
          wrap.put("M", m);
          v = wrap;
        }
        case 1 -> {
          wrap.put("L", new ArrayList<>(List.of(v)));
          v = wrap;
        }
        default -> v = new ArrayList<>(List.of(v));
      }
    }
    return v;
  }

  private void collect(Object node, List<Slot> slots, int depth) {
    if (depth > 60) {
      return;
    }
    if (node instanceof Map<?, ?> map) {
      for (Object k : map.keySet()) {
        slots.add(new Slot(map, k));
        collect(map.get(k), slots, depth + 1);
      }
    } else if (node instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        slots.add(new Slot(list, i));
        collect(list.get(i), slots, depth + 1);
      }
    }
  }
}
