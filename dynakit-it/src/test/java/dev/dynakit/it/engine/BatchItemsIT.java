package dev.dynakit.it.engine;

import static dev.dynakit.it.engine.EngineErrors.assertError;
import static dev.dynakit.it.engine.Items.item;
import static dev.dynakit.it.engine.Items.key;
import static dev.dynakit.it.engine.Items.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

@ParameterizedClass
@EnumSource(EngineSetup.class)
class BatchItemsIT {
  @Parameter EngineSetup setup;
  EngineFixture fx;

  @BeforeEach
  void setUp() {
    fx = new EngineFixture(setup);
    fx.createTable("users");
    fx.createTable("events", "seq", ScalarAttributeType.N);
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private static WriteRequest put(Map<String, AttributeValue> item) {
    return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
  }

  private static WriteRequest delete(Map<String, AttributeValue> key) {
    return WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build()).build();
  }

  private Map<String, AttributeValue> get(String table, Map<String, AttributeValue> key) {
    return fx.client.getItem(b -> b.tableName(table).key(key).consistentRead(true)).item();
  }

  private boolean exists(String table, Map<String, AttributeValue> key) {
    return fx.client.getItem(b -> b.tableName(table).key(key).consistentRead(true)).hasItem();
  }

  private BatchWriteItemResponse write(Map<String, List<WriteRequest>> requests) {
    return fx.client.batchWriteItem(b -> b.requestItems(requests));
  }

  @Test
  void batchWrite_putsAndDeletesOverTwoTables() {
    fx.client.putItem(b -> b.tableName("users").item(item("pk", "gone", "v", 1)));
    BatchWriteItemResponse r =
        fx.client.batchWriteItem(
            b ->
                b.requestItems(
                        Map.of(
                            "users",
                            List.of(put(item("pk", "ann", "age", 31)), delete(key("gone"))),
                            "events",
                            List.of(
                                put(item("pk", "ann", "seq", 1, "what", "login")),
                                put(item("pk", "ann", "seq", 2, "what", "logout")))))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertThat(r.unprocessedItems()).isEmpty();
    assertThat(get("users", key("ann"))).containsEntry("age", Items.n("31"));
    assertThat(exists("users", key("gone"))).isFalse();
    assertThat(get("events", item("pk", "ann", "seq", 2))).containsEntry("what", s("logout"));
    Map<String, Double> units = new HashMap<>();
    for (ConsumedCapacity c : r.consumedCapacity()) {
      units.put(c.tableName(), c.capacityUnits());
    }
    assertThat(units).isEqualTo(Map.of("users", 2.0, "events", 2.0));
  }

  @Test
  void batchWrite_limits() {
    List<WriteRequest> many = new ArrayList<>();
    for (int i = 0; i < 26; i++) {
      many.add(put(item("pk", "u" + i)));
    }
    assertError(
        () -> write(Map.of("users", many)),
        "ValidationException",
        "Member must have length less than or equal to 25");
    assertError(
        () ->
            write(
                Map.of(
                    "users",
                    many.subList(0, 13),
                    "events",
                    List.of(
                        put(item("pk", "e", "seq", 1)),
                        put(item("pk", "e", "seq", 2)),
                        put(item("pk", "e", "seq", 3)),
                        put(item("pk", "e", "seq", 4)),
                        put(item("pk", "e", "seq", 5)),
                        put(item("pk", "e", "seq", 6)),
                        put(item("pk", "e", "seq", 7)),
                        put(item("pk", "e", "seq", 8)),
                        put(item("pk", "e", "seq", 9)),
                        put(item("pk", "e", "seq", 10)),
                        put(item("pk", "e", "seq", 11)),
                        put(item("pk", "e", "seq", 12)),
                        put(item("pk", "e", "seq", 13))))),
        "ValidationException",
        "Too many items requested for the BatchWriteItem call");
    assertThat(exists("users", key("u0"))).isFalse();
    write(Map.of("users", many.subList(0, 25)));
    assertThat(exists("users", key("u24"))).isTrue();
  }

  @Test
  void batchWrite_twoRequestsOnOneKey_areRefused() {
    assertError(
        () ->
            write(
                Map.of(
                    "users",
                    List.of(put(item("pk", "x")), put(item("pk", "y")), delete(key("x"))))),
        "ValidationException",
        "Provided list of item keys contains duplicates");
    assertThat(exists("users", key("y"))).isFalse();
    // The same key in two tables is two items.
    write(
        Map.of(
            "users",
            List.of(put(item("pk", "x"))),
            "events",
            List.of(put(item("pk", "x", "seq", 0)))));
    assertThat(exists("users", key("x"))).isTrue();
  }

  @Test
  void batchWrite_anyInvalidRequest_writesNothing() {
    String big = "z".repeat(400 * 1024);
    assertError(
        () ->
            write(
                Map.of(
                    "users",
                    List.of(
                        put(item("pk", "a")),
                        put(item("pk", "b")),
                        put(item("pk", "c", "big", big))))),
        "ValidationException",
        "Item size has exceeded the maximum allowed size");
    assertError(
        () ->
            write(Map.of("users", List.of(put(item("pk", "a")), put(Map.of("pk", Items.n("1")))))),
        "ValidationException",
        "The provided key element does not match the schema");
    assertError(
        () -> write(Map.of("users", List.of(put(item("pk", "a")), put(item("pk", ""))))),
        "ValidationException",
        "The AttributeValue for a key attribute cannot contain an empty string value");
    assertError(
        () ->
            write(Map.of("users", List.of(put(item("pk", "a")), delete(item("pk", "b", "x", 1))))),
        "ValidationException",
        "The provided key element does not match the schema");
    assertThatThrownBy(
            () ->
                write(
                    Map.of(
                        "users", List.of(put(item("pk", "a"))),
                        "nosuchtable", List.of(put(item("pk", "a"))))))
        .isInstanceOf(ResourceNotFoundException.class);
    assertThat(exists("users", key("a"))).isFalse();
    assertThat(exists("users", key("b"))).isFalse();
  }

  @Test
  void batchGet_projectionsAndConsistencyPerTable() {
    fx.client.putItem(b -> b.tableName("users").item(item("pk", "ann", "age", 31, "city", "Oslo")));
    fx.client.putItem(b -> b.tableName("users").item(item("pk", "bob", "age", 40, "city", "Rome")));
    fx.client.putItem(
        b -> b.tableName("events").item(item("pk", "ann", "seq", 1, "what", "login", "n", 3)));
    BatchGetItemResponse r =
        fx.client.batchGetItem(
            b ->
                b.requestItems(
                        Map.of(
                            "users",
                            KeysAndAttributes.builder()
                                .keys(key("ann"), key("bob"), key("nobody"))
                                .projectionExpression("#c, age")
                                .expressionAttributeNames(Map.of("#c", "city"))
                                .consistentRead(true)
                                .build(),
                            "events",
                            KeysAndAttributes.builder().keys(item("pk", "ann", "seq", 1)).build()))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertThat(r.unprocessedKeys()).isEmpty();
    assertThat(r.responses().get("users"))
        .containsExactlyInAnyOrder(
            item("city", "Oslo", "age", 31), item("city", "Rome", "age", 40));
    assertThat(r.responses().get("events"))
        .containsExactly(item("pk", "ann", "seq", 1, "what", "login", "n", 3));
    Map<String, Double> units = new HashMap<>();
    for (ConsumedCapacity c : r.consumedCapacity()) {
      units.put(c.tableName(), c.capacityUnits());
    }
    // Strongly consistent reads cost a unit per key, eventually consistent ones half a unit.
    assertThat(units).isEqualTo(Map.of("users", 3.0, "events", 0.5));

    BatchGetItemResponse legacy =
        fx.client.batchGetItem(
            b ->
                b.requestItems(
                    Map.of(
                        "users",
                        KeysAndAttributes.builder()
                            .keys(key("bob"))
                            .attributesToGet("age")
                            .build())));
    assertThat(legacy.responses().get("users")).containsExactly(item("age", 40));
  }

  @Test
  void batchGet_limitsAndDuplicates() {
    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    for (int i = 0; i < 101; i++) {
      keys.add(key("k" + i));
    }
    assertError(
        () ->
            fx.client.batchGetItem(
                b ->
                    b.requestItems(
                        Map.of("users", KeysAndAttributes.builder().keys(keys).build()))),
        "ValidationException",
        "Member must have length less than or equal to 100");
    List<Map<String, AttributeValue>> events = new ArrayList<>();
    for (int i = 0; i < 41; i++) {
      events.add(item("pk", "e", "seq", i));
    }
    assertError(
        () ->
            fx.client.batchGetItem(
                b ->
                    b.requestItems(
                        Map.of(
                            "users",
                            KeysAndAttributes.builder().keys(keys.subList(0, 60)).build(),
                            "events",
                            KeysAndAttributes.builder().keys(events).build()))),
        "ValidationException",
        "Too many items requested for the BatchGetItem call");
    assertError(
        () ->
            fx.client.batchGetItem(
                b ->
                    b.requestItems(
                        Map.of(
                            "users",
                            KeysAndAttributes.builder()
                                .keys(key("a"), key("b"), key("a"))
                                .build()))),
        "ValidationException",
        "Provided list of item keys contains duplicates");
    assertError(
        () ->
            fx.client.batchGetItem(
                b ->
                    b.requestItems(
                        Map.of(
                            "users",
                            KeysAndAttributes.builder()
                                .keys(key("a"))
                                .projectionExpression("pk")
                                .build(),
                            "events",
                            KeysAndAttributes.builder()
                                .keys(item("pk", "a", "seq", 1))
                                .attributesToGet("pk")
                                .build()))),
        "ValidationException",
        "Can not use both expression and non-expression parameters in the same request");
    assertError(
        () ->
            fx.client.batchGetItem(
                b ->
                    b.requestItems(
                        Map.of("users", KeysAndAttributes.builder().keys(item("pk", 1)).build()))),
        "ValidationException",
        "The provided key element does not match the schema");
  }

  @Test
  void batchGet_ofTheApiReferencesExample_returns52Of100ItemsOf300Kilobytes() {
    // "if you ask to retrieve 100 items, but each individual item is 300 KB in size, the system
    // returns 52 items (so as not to exceed the 16 MB limit)"
    String filler = "f".repeat(300 * 1024 - 20);
    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    for (int start = 0; start < 100; start += 25) {
      List<WriteRequest> puts = new ArrayList<>();
      for (int i = start; i < start + 25; i++) {
        String pk = String.format("i%03d", i);
        // 300 KB with the names and the key: "pk" + 4 + "d" + the filler
        Map<String, AttributeValue> it = item("pk", pk, "d", filler + "x".repeat(13));
        puts.add(put(it));
        keys.add(key(pk));
      }
      write(Map.of("users", puts));
    }
    BatchGetItemResponse r =
        fx.client.batchGetItem(
            b -> b.requestItems(Map.of("users", KeysAndAttributes.builder().keys(keys).build())));
    assertThat(r.responses().get("users")).hasSize(52);
    assertThat(r.unprocessedKeys().get("users").keys()).hasSize(48);
  }

  @Test
  void batchGet_over16MegabytesLeavesUnprocessedKeys_thatTheNextRequestsFetch() {
    String filler = "f".repeat(390_000);
    List<Map<String, AttributeValue>> keys = new ArrayList<>();
    for (int start = 0; start < 100; start += 25) {
      List<WriteRequest> puts = new ArrayList<>();
      for (int i = start; i < start + 25; i++) {
        puts.add(put(item("pk", "big" + i, "data", filler, "n", i)));
        keys.add(key("big" + i));
      }
      write(Map.of("users", puts));
    }
    Map<String, KeysAndAttributes> request =
        Map.of(
            "users",
            KeysAndAttributes.builder()
                .keys(keys)
                .projectionExpression("pk, #d, n")
                .expressionAttributeNames(Map.of("#d", "data"))
                .consistentRead(true)
                .build());
    Set<String> seen = new HashSet<>();
    int rounds = 0;
    while (!request.isEmpty()) {
      rounds++;
      Map<String, KeysAndAttributes> ask = request;
      BatchGetItemResponse r = fx.client.batchGetItem(b -> b.requestItems(ask));
      List<Map<String, AttributeValue>> got = r.responses().get("users");
      long bytes = 0;
      for (Map<String, AttributeValue> it : got) {
        assertThat(seen.add(it.get("pk").s())).isTrue();
        assertThat(it.get("data").s()).hasSize(390_000);
        bytes += it.get("data").s().length();
      }
      assertThat(bytes).isLessThanOrEqualTo(16L * 1024 * 1024);
      assertThat(got).isNotEmpty();
      request = new LinkedHashMap<>(r.unprocessedKeys());
      if (!request.isEmpty()) {
        KeysAndAttributes left = request.get("users");
        assertThat(left.projectionExpression()).isEqualTo("pk, #d, n");
        assertThat(left.expressionAttributeNames()).isEqualTo(Map.of("#d", "data"));
        assertThat(left.consistentRead()).isTrue();
        assertThat(left.keys().size() + got.size()).isEqualTo(100 - (seen.size() - got.size()));
      }
    }
    assertThat(rounds).isGreaterThanOrEqualTo(3);
    assertThat(seen).hasSize(100);
  }
}
