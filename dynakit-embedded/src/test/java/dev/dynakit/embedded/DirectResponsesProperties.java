package dev.dynakit.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * For random items of every attribute type, nested to several levels, the direct in-process client
 * reads back exactly what the wire format reads back — and what was written.
 */
class DirectResponsesProperties {
  private static final String TABLE = "things";
  private static final String PAGES = "pages";
  private static TwinClients twins;
  private static int nextKey;

  @BeforeContainer
  static void createTable() {
    twins = new TwinClients();
    twins.same(
        c -> c.createTable(Tables.keyedById(TABLE)),
        r -> r.tableDescription().toBuilder().tableId(null).build());
    twins.same(
        c ->
            c.createTable(
                b ->
                    b.tableName(PAGES)
                        .billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(
                            k -> k.attributeName("id").keyType(KeyType.HASH),
                            k -> k.attributeName("n").keyType(KeyType.RANGE))
                        .attributeDefinitions(
                            AttributeDefinition.builder()
                                .attributeName("id")
                                .attributeType(ScalarAttributeType.S)
                                .build(),
                            AttributeDefinition.builder()
                                .attributeName("n")
                                .attributeType(ScalarAttributeType.N)
                                .build())),
        r -> r.tableDescription().toBuilder().tableId(null).build());
  }

  @AfterContainer
  static void close() {
    twins.close();
  }

  @Property(tries = 200)
  void randomItems_readBackAlike(@ForAll("items") Map<String, AttributeValue> attributes) {
    String id = "item-" + nextKey++;
    Map<String, AttributeValue> item = new LinkedHashMap<>(attributes);
    item.put("id", AttributeValue.fromS(id));
    twins.same(
        c -> c.putItem(b -> b.tableName(TABLE).item(item).returnValues(ReturnValue.ALL_OLD)));
    Map<String, AttributeValue> read =
        twins
            .same(c -> c.getItem(b -> b.tableName(TABLE).key(Map.of("id", item.get("id")))))
            .item();
    assertThat(read).isEqualTo(canonical(item));
    twins.same(
        c ->
            c.deleteItem(
                b ->
                    b.tableName(TABLE)
                        .key(Map.of("id", item.get("id")))
                        .returnValues(ReturnValue.ALL_OLD)));
  }

  /**
   * A Query page of random items under one partition key, whose attributes repeat from item to item
   * (as the direct client's item builder takes repeated values again), reads back alike.
   */
  @Property(tries = 40)
  void randomPages_queryBackAlike(@ForAll("pages") List<Map<String, AttributeValue>> page) {
    String id = "page-" + nextKey++;
    for (int i = 0; i < page.size(); i++) {
      Map<String, AttributeValue> item = new LinkedHashMap<>(page.get(i));
      item.put("id", AttributeValue.fromS(id));
      item.put("n", AttributeValue.fromN(Integer.toString(i)));
      twins.same(c -> c.putItem(b -> b.tableName(PAGES).item(item)));
    }
    List<Map<String, AttributeValue>> read =
        twins
            .same(
                c ->
                    c.query(
                        b ->
                            b.tableName(PAGES)
                                .keyConditionExpression("id = :id")
                                .expressionAttributeValues(
                                    Map.of(":id", AttributeValue.fromS(id)))))
            .items();
    assertThat(read).hasSize(page.size());
  }

  @Provide
  Arbitrary<List<Map<String, AttributeValue>>> pages() {
    Arbitrary<AttributeValue> repeating =
        Arbitraries.oneOf(
            Arbitraries.of("a", "same", "").map(AttributeValue::fromS),
            Arbitraries.of("1", "-2.5", "1e20").map(AttributeValue::fromN),
            value(1));
    return Arbitraries.maps(Arbitraries.of("kind", "size", "x", "y", "z"), repeating)
        .ofMaxSize(4)
        .list()
        .ofMinSize(1)
        .ofMaxSize(6);
  }

  @Provide
  Arbitrary<Map<String, AttributeValue>> items() {
    return Arbitraries.maps(names(), value(3)).ofMaxSize(6);
  }

  private static Arbitrary<String> names() {
    return Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(5).filter(n -> !n.equals("id"));
  }

  private static Arbitrary<AttributeValue> value(int depth) {
    Arbitrary<AttributeValue> scalar =
        Arbitraries.oneOf(
            Arbitraries.strings().ofMaxLength(8).map(AttributeValue::fromS),
            numbers().map(AttributeValue::fromN),
            bytes().map(AttributeValue::fromB),
            Arbitraries.of(true, false).map(AttributeValue::fromBool),
            Arbitraries.just(AttributeValue.fromNul(true)),
            Arbitraries.strings()
                .ofMaxLength(4)
                .set()
                .ofMinSize(1)
                .ofMaxSize(4)
                .map(s -> AttributeValue.fromSs(List.copyOf(s))),
            numbers()
                .set()
                .ofMinSize(1)
                .ofMaxSize(4)
                .filter(DirectResponsesProperties::distinctNumbers)
                .map(s -> AttributeValue.fromNs(List.copyOf(s))),
            Arbitraries.integers()
                .between(0, 1000)
                .set()
                .ofMinSize(1)
                .ofMaxSize(3)
                .map(
                    s ->
                        AttributeValue.fromBs(
                            s.stream()
                                .map(i -> SdkBytes.fromUtf8String(Integer.toString(i)))
                                .collect(Collectors.toList()))));
    if (depth == 0) {
      return scalar;
    }
    Arbitrary<AttributeValue> nested = value(depth - 1);
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(6, scalar),
        net.jqwik.api.Tuple.of(
            1, nested.list().ofMaxSize(3).map(l -> AttributeValue.fromL(List.copyOf(l)))),
        net.jqwik.api.Tuple.of(
            1, Arbitraries.maps(names(), nested).ofMaxSize(3).map(AttributeValue::fromM)));
  }

  private static Arbitrary<String> numbers() {
    return Arbitraries.oneOf(
        Arbitraries.longs().map(String::valueOf),
        Arbitraries.bigDecimals()
            .between(new BigDecimal("-1e10"), new BigDecimal("1e10"))
            .ofScale(6)
            .map(BigDecimal::toPlainString),
        Arbitraries.of(
            "1e125", "-9.9999999999999999999999999999999999999E+125", "1E-130", "0.000"));
  }

  private static Arbitrary<SdkBytes> bytes() {
    return Arbitraries.bytes().array(byte[].class).ofMaxSize(6).map(SdkBytes::fromByteArray);
  }

  private static boolean distinctNumbers(java.util.Set<String> numbers) {
    return numbers.stream().map(n -> new BigDecimal(n).stripTrailingZeros()).distinct().count()
        == numbers.size();
  }

  /**
   * What DynamoDB gives back for an item: numbers in their canonical text, set members in its order
   * (strings and binaries by their bytes, numbers by value).
   */
  private static Map<String, AttributeValue> canonical(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> result = new LinkedHashMap<>();
    item.forEach((k, v) -> result.put(k, canonical(v)));
    return result;
  }

  private static AttributeValue canonical(AttributeValue v) {
    if (v.n() != null) {
      return AttributeValue.fromN(canonicalNumber(v.n()));
    }
    if (v.hasNs()) {
      return AttributeValue.fromNs(
          v.ns().stream()
              .sorted(java.util.Comparator.comparing(BigDecimal::new))
              .map(DirectResponsesProperties::canonicalNumber)
              .collect(Collectors.toList()));
    }
    if (v.hasSs()) {
      return AttributeValue.fromSs(
          v.ss().stream()
              .sorted(
                  java.util.Comparator.comparing(
                      (String s) -> s.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                      java.util.Arrays::compareUnsigned))
              .collect(Collectors.toList()));
    }
    if (v.hasBs()) {
      return AttributeValue.fromBs(
          v.bs().stream()
              .sorted(
                  java.util.Comparator.comparing(
                      software.amazon.awssdk.core.SdkBytes::asByteArray,
                      java.util.Arrays::compareUnsigned))
              .collect(Collectors.toList()));
    }
    if (v.hasL()) {
      return AttributeValue.fromL(
          v.l().stream().map(DirectResponsesProperties::canonical).collect(Collectors.toList()));
    }
    if (v.hasM()) {
      return AttributeValue.fromM(canonical(v.m()));
    }
    return v;
  }

  private static String canonicalNumber(String text) {
    BigDecimal d = new BigDecimal(text);
    return twinsCanonical(d);
  }

  /** DynamoDB's text of a number: plain notation, no trailing zeros, zero as "0". */
  private static String twinsCanonical(BigDecimal d) {
    return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
  }
}
