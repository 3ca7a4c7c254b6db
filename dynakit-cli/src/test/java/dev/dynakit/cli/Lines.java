package dev.dynakit.cli;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * JSON Lines test data for load and export: items of every DynamoDB type (numbers of 38 digits,
 * sets, binaries, nested maps and lists, a map that looks like a tag), and a comparison that takes
 * numbers by value (DynamoDB keeps a number's value, not its trailing zeros).
 */
final class Lines {
  static final String SPEC =
      """
      {
        "table": "things",
        "keyFields": ["group", {"name": "n", "type": "number", "width": 7}],
        "structuralKey": "_sk",
        "technicalPrefix": "_"
      }
      """;

  private Lines() {}

  /** Item {@code n}: every type, values drawn from {@code random}. */
  static Map<String, Object> item(int n, Random random) {
    Map<String, Object> item = new LinkedHashMap<>();
    item.put("group", "g" + n % 7);
    item.put("n", BigDecimal.valueOf(n));
    item.put("name", "item \"" + n + "\" \u00e9\u4e2d\n");
    item.put("big", new BigDecimal("12345678901234567890123456789012345678").negate());
    item.put("tiny", new BigDecimal("1.2345678901234567890123456789012345678E-120"));
    item.put("price", BigDecimal.valueOf(random.nextInt(1_000_000), 2));
    item.put("flag", random.nextBoolean());
    item.put("nothing", null);
    item.put("blob", SdkBytes.fromByteArray(bytes(random, 1 + random.nextInt(40))));
    item.put("tags", new LinkedHashSet<>(List.of("a" + n % 3, "b", "c" + n)));
    item.put(
        "scores",
        new TreeSet<>(List.of(BigDecimal.valueOf(n), new BigDecimal("0.5"), BigDecimal.TEN)));
    Set<SdkBytes> blobs = new LinkedHashSet<>();
    blobs.add(SdkBytes.fromByteArray(new byte[] {1, 2, (byte) n}));
    blobs.add(SdkBytes.fromByteArray(new byte[] {(byte) 255}));
    item.put("blobs", blobs);
    Map<String, Object> nested = new LinkedHashMap<>();
    nested.put("list", new ArrayList<>(List.of(BigDecimal.ONE, "two", List.of(true, Map.of()))));
    nested.put("$B", "not a binary: a map key");
    nested.put("deep", Map.of("deeper", Map.of("deepest", BigDecimal.valueOf(-n))));
    item.put("nested", nested);
    item.put("lookalike", Map.of("$SS", List.of("a map whose only key is a tag")));
    item.put("empty", "");
    return item;
  }

  private static byte[] bytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  /** The number of items in table {@code things}, all pages counted. */
  static int count(DynamoDbClient client) {
    return client.scanPaginator(r -> r.tableName("things").select(Select.COUNT)).stream()
        .mapToInt(ScanResponse::count)
        .sum();
  }

  /** The value with every number by value (trailing zeros stripped), to compare items. */
  static Object canonical(Object value) {
    if (value instanceof BigDecimal) {
      BigDecimal number = ((BigDecimal) value).stripTrailingZeros();
      return number.signum() == 0 ? BigDecimal.ZERO : number;
    }
    if (value instanceof Map) {
      Map<Object, Object> map = new LinkedHashMap<>();
      ((Map<?, ?>) value).forEach((k, v) -> map.put(k, v == null ? "<null>" : canonical(v)));
      return map;
    }
    if (value instanceof Set) {
      Set<Object> set = new LinkedHashSet<>();
      for (Object element : (Set<?>) value) {
        set.add(canonical(element));
      }
      return set;
    }
    if (value instanceof List) {
      List<Object> list = new ArrayList<>();
      for (Object element : (List<?>) value) {
        list.add(element == null ? "<null>" : canonical(element));
      }
      return list;
    }
    return value;
  }
}
