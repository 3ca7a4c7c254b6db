package dev.dynakit.embedded;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Items that hold every attribute type, for comparing transports. */
final class Items {
  private Items() {}

  /** An item of the {@code orders} table with all ten attribute types, nested ones included. */
  static Map<String, AttributeValue> everyType(String pk, int n) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("pk", AttributeValue.fromS(pk));
    item.put("sk", AttributeValue.fromN(Integer.toString(n)));
    item.put("name", AttributeValue.fromS(String.format("name-%02d", n)));
    item.put("status", AttributeValue.fromS(n % 2 == 0 ? "open" : "closed"));
    item.put("count", AttributeValue.fromN(n + ".50"));
    item.put("big", AttributeValue.fromN("-1.2345678901234567890123456789012345678E+125"));
    item.put("bin", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, (byte) 255, 7})));
    item.put("flag", AttributeValue.fromBool(n % 3 == 0));
    item.put("nothing", AttributeValue.fromNul(true));
    item.put("tags", AttributeValue.fromSs(List.of("b", "a", "c" + n)));
    item.put("numbers", AttributeValue.fromNs(List.of("1", "2.5", "-3e2")));
    item.put(
        "blobs",
        AttributeValue.fromBs(
            List.of(
                SdkBytes.fromByteArray(new byte[] {1}),
                SdkBytes.fromByteArray(new byte[] {2, 3}))));
    item.put(
        "list",
        AttributeValue.fromL(
            List.of(
                AttributeValue.fromS("one"),
                AttributeValue.fromN("2"),
                AttributeValue.fromL(List.of()),
                AttributeValue.fromM(Map.of()))));
    Map<String, AttributeValue> map = new LinkedHashMap<>();
    map.put("deep", AttributeValue.fromM(Map.of("x", AttributeValue.fromBool(false))));
    map.put("empty", AttributeValue.fromS(""));
    item.put("map", AttributeValue.fromM(map));
    return item;
  }
}
