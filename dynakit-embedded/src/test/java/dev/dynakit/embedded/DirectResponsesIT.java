package dev.dynakit.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The direct in-process client answers exactly as the wire format does: every operation and every
 * response member (items of all ten types, capacity, item-collection metrics, paging keys, table
 * descriptions with indices and timestamps, errors with their payloads), compared on twin engines.
 */
class DirectResponsesIT {
  private static final String TABLE = "orders";
  private static final String OTHER = "customers";

  private TwinClients twins;

  @BeforeEach
  void createTables() {
    twins = new TwinClients();
    twins.same(DirectResponsesIT::createOrders, DirectResponsesIT::withoutTableId);
    twins.same(
        c ->
            c.createTable(
                b ->
                    b.tableName(OTHER)
                        .billingMode(BillingMode.PAY_PER_REQUEST)
                        .keySchema(key("id", KeyType.HASH))
                        .attributeDefinitions(attribute("id", ScalarAttributeType.S))),
        r -> r.tableDescription().toBuilder().tableId(null).build());
    for (int i = 0; i < 12; i++) {
      Map<String, AttributeValue> item = Items.everyType("c1", i);
      twins.same(c -> c.putItem(b -> b.tableName(TABLE).item(item)));
    }
    twins.same(c -> c.putItem(b -> b.tableName(OTHER).item(Map.of("id", s("x"), "n", n("1")))));
  }

  @AfterEach
  void close() {
    twins.close();
  }

  @Test
  void directClient_skipsTheJsonOfSuccesses_wireClientDoesNot() {
    GetItemResponse direct =
        twins.direct.getItem(b -> b.tableName(OTHER).key(Map.of("id", s("x"))));
    GetItemResponse wire = twins.wire.getItem(b -> b.tableName(OTHER).key(Map.of("id", s("x"))));
    // only an answer sent as JSON bytes carries their checksum
    assertThat(direct.sdkHttpResponse().firstMatchingHeader("x-amz-crc32")).isEmpty();
    assertThat(wire.sdkHttpResponse().firstMatchingHeader("x-amz-crc32")).isPresent();
    assertThat(direct.responseMetadata().requestId()).isNotBlank();
    assertThat(direct.item()).isEqualTo(wire.item());
  }

  @Test
  void describeAndListTables_areAlike() {
    twins.same(c -> c.describeTable(b -> b.tableName(TABLE)), DirectResponsesIT::withoutTableId);
    twins.same(c -> c.listTables(b -> b.limit(1)));
    twins.same(c -> c.listTables(b -> b.exclusiveStartTableName(OTHER)));
    twins.same(DynamoDbClient::describeLimits);
    twins.same(DynamoDbClient::describeEndpoints);
  }

  @Test
  void timeToLiveAndTags_areAlike() {
    twins.same(
        c ->
            c.updateTimeToLive(
                b ->
                    b.tableName(TABLE)
                        .timeToLiveSpecification(t -> t.enabled(true).attributeName("ttl"))));
    twins.same(c -> c.describeTimeToLive(b -> b.tableName(TABLE)));
    String arn = twins.direct.describeTable(b -> b.tableName(TABLE)).table().tableArn();
    twins.same(c -> c.tagResource(b -> b.resourceArn(arn).tags(t -> t.key("team").value("core"))));
    twins.same(c -> c.listTagsOfResource(b -> b.resourceArn(arn)));
  }

  @Test
  void itemWrites_returnTheSameValuesCapacityAndMetrics() {
    twins.same(
        c ->
            c.putItem(
                b ->
                    b.tableName(TABLE)
                        .item(Items.everyType("c1", 3))
                        .returnValues(ReturnValue.ALL_OLD)
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)));
    for (ReturnValue rv :
        List.of(ReturnValue.ALL_NEW, ReturnValue.UPDATED_OLD, ReturnValue.UPDATED_NEW)) {
      twins.same(
          c ->
              c.updateItem(
                  b ->
                      b.tableName(TABLE)
                          .key(Map.of("pk", s("c1"), "sk", n("4")))
                          .updateExpression(
                              "SET #l = list_append(#l, :l), #m.#k = :v ADD #ss :ss, #n :one")
                          .expressionAttributeNames(
                              Map.of(
                                  "#l", "list", "#m", "map", "#k", "deep", "#ss", "tags", "#n",
                                  "count"))
                          .expressionAttributeValues(
                              Map.of(
                                  ":l", AttributeValue.fromL(List.of(s("more"))),
                                  ":v", n("-1.5e-3"),
                                  ":ss", AttributeValue.fromSs(List.of("new")),
                                  ":one", n("1")))
                          .returnValues(rv)
                          .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                          .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)));
    }
    twins.same(
        c ->
            c.deleteItem(
                b ->
                    b.tableName(TABLE)
                        .key(Map.of("pk", s("c1"), "sk", n("5")))
                        .returnValues(ReturnValue.ALL_OLD)
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)));
    twins.same(
        c -> c.deleteItem(b -> b.tableName(TABLE).key(Map.of("pk", s("none"), "sk", n("5")))));
  }

  @Test
  void reads_returnTheSameItems() {
    GetItemResponse got =
        twins.same(
            c ->
                c.getItem(
                    b ->
                        b.tableName(TABLE)
                            .key(Map.of("pk", s("c1"), "sk", n("7")))
                            .consistentRead(true)
                            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)));
    // numbers come back canonical ("7.50" as "7.5"), so compare the rest
    assertThat(got.item()).containsOnlyKeys(Items.everyType("c1", 7).keySet());
    assertThat(got.item()).containsEntry("bin", Items.everyType("c1", 7).get("bin"));
    assertThat(got.item()).containsEntry("map", Items.everyType("c1", 7).get("map"));
    GetItemResponse missing =
        twins.same(
            c -> c.getItem(b -> b.tableName(TABLE).key(Map.of("pk", s("c9"), "sk", n("7")))));
    assertThat(missing.hasItem()).isFalse();
    twins.same(
        c ->
            c.getItem(
                b ->
                    b.tableName(TABLE)
                        .key(Map.of("pk", s("c1"), "sk", n("7")))
                        .projectionExpression("#m.deep, #l[1], bin")
                        .expressionAttributeNames(Map.of("#m", "map", "#l", "list"))));
  }

  @Test
  void queriesAndScans_pageAlike() {
    QueryResponse first =
        twins.same(
            c ->
                c.query(
                    b ->
                        b.tableName(TABLE)
                            .keyConditionExpression("pk = :p AND sk > :s")
                            .expressionAttributeValues(Map.of(":p", s("c1"), ":s", n("2")))
                            .limit(4)
                            .scanIndexForward(false)
                            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)));
    assertThat(first.hasLastEvaluatedKey()).isTrue();
    twins.same(
        c ->
            c.query(
                b ->
                    b.tableName(TABLE)
                        .indexName("byName")
                        .keyConditionExpression("pk = :p")
                        .expressionAttributeValues(Map.of(":p", s("c1")))
                        .exclusiveStartKey(
                            Map.of("pk", s("c1"), "sk", n("3"), "name", s("name-03")))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)));
    twins.same(
        c ->
            c.query(
                b ->
                    b.tableName(TABLE)
                        .indexName("byStatus")
                        .keyConditionExpression("#s = :s")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":s", s("open")))
                        .select(Select.COUNT)));
    for (int segment = 0; segment < 3; segment++) {
      int seg = segment;
      twins.same(
          c ->
              c.scan(
                  b ->
                      b.tableName(TABLE)
                          .segment(seg)
                          .totalSegments(3)
                          .filterExpression("#c > :z")
                          .expressionAttributeNames(Map.of("#c", "count"))
                          .expressionAttributeValues(Map.of(":z", n("4")))));
    }
  }

  @Test
  void batches_andTransactions_areAlike() {
    twins.same(
        c ->
            c.batchGetItem(
                b ->
                    b.requestItems(
                            Map.of(
                                TABLE,
                                software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes
                                    .builder()
                                    .keys(
                                        Map.of("pk", s("c1"), "sk", n("1")),
                                        Map.of("pk", s("c1"), "sk", n("2")))
                                    .projectionExpression("pk, sk, bin, numbers")
                                    .build(),
                                OTHER,
                                software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes
                                    .builder()
                                    .keys(Map.of("id", s("x")))
                                    .build()))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
    twins.same(
        c ->
            c.batchWriteItem(
                b ->
                    b.requestItems(
                            Map.of(
                                TABLE,
                                List.of(
                                    WriteRequest.builder()
                                        .putRequest(
                                            PutRequest.builder()
                                                .item(Items.everyType("c2", 1))
                                                .build())
                                        .build(),
                                    WriteRequest.builder()
                                        .deleteRequest(
                                            d -> d.key(Map.of("pk", s("c1"), "sk", n("0"))))
                                        .build())))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)));
    twins.same(
        c ->
            c.transactWriteItems(
                b ->
                    b.transactItems(
                            t ->
                                t.update(
                                    u ->
                                        u.tableName(TABLE)
                                            .key(Map.of("pk", s("c1"), "sk", n("8")))
                                            .updateExpression("SET #n = :n")
                                            .expressionAttributeNames(Map.of("#n", "name"))
                                            .expressionAttributeValues(Map.of(":n", s("renamed")))),
                            t -> t.put(p -> p.tableName(OTHER).item(Map.of("id", s("y")))))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)));
    twins.same(
        c ->
            c.transactGetItems(
                b ->
                    b.transactItems(
                            t ->
                                t.get(
                                    g ->
                                        g.tableName(TABLE)
                                            .key(Map.of("pk", s("c1"), "sk", n("8")))),
                            t -> t.get(g -> g.tableName(OTHER).key(Map.of("id", s("nobody")))))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
  }

  @Test
  void errors_areAlike() {
    twins.sameError(
        c ->
            c.putItem(
                b ->
                    b.tableName(TABLE)
                        .item(Items.everyType("c1", 1))
                        .conditionExpression("attribute_not_exists(pk)")
                        .returnValuesOnConditionCheckFailure(
                            ReturnValuesOnConditionCheckFailure.ALL_OLD)));
    twins.sameError(
        c ->
            c.transactWriteItems(
                b ->
                    b.transactItems(
                        t -> t.put(p -> p.tableName(OTHER).item(Map.of("id", s("z")))),
                        t ->
                            t.conditionCheck(
                                k ->
                                    k.tableName(TABLE)
                                        .key(Map.of("pk", s("c1"), "sk", n("1")))
                                        .conditionExpression("attribute_not_exists(pk)")
                                        .returnValuesOnConditionCheckFailure(
                                            ReturnValuesOnConditionCheckFailure.ALL_OLD)))));
    twins.sameError(c -> c.getItem(b -> b.tableName("missing").key(Map.of("id", s("x")))));
    twins.sameError(c -> c.getItem(b -> b.tableName(TABLE).key(Map.of("pk", s("c1")))));
  }

  @Test
  void tableLifecycle_isAlike() throws InterruptedException {
    twins.same(
        c ->
            c.updateTable(
                b ->
                    b.tableName(OTHER)
                        .attributeDefinitions(attribute("n", ScalarAttributeType.N))
                        .globalSecondaryIndexUpdates(
                            u ->
                                u.create(
                                    g ->
                                        g.indexName("byN")
                                            .keySchema(key("n", KeyType.HASH))
                                            .projection(
                                                p -> p.projectionType(ProjectionType.KEYS_ONLY))))),
        DirectResponsesIT::withoutTableIdAndIndexProgress);
    // each engine backfills in the background: compare once both are done
    awaitActive(twins.direct);
    awaitActive(twins.wire);
    twins.same(
        c -> c.deleteTable(b -> b.tableName(OTHER)),
        r -> r.tableDescription().toBuilder().tableId(null).build());
  }

  private static void awaitActive(DynamoDbClient c) throws InterruptedException {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (c.describeTable(b -> b.tableName(OTHER))
            .table()
            .globalSecondaryIndexes()
            .get(0)
            .indexStatus()
        != IndexStatus.ACTIVE) {
      assertThat(System.nanoTime()).as("byN not ACTIVE in time").isLessThan(deadline);
      Thread.sleep(10);
    }
  }

  private static CreateTableResponse createOrders(DynamoDbClient c) {
    return c.createTable(
        b ->
            b.tableName(TABLE)
                .billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(7L))
                .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .attributeDefinitions(
                    attribute("pk", ScalarAttributeType.S),
                    attribute("sk", ScalarAttributeType.N),
                    attribute("name", ScalarAttributeType.S),
                    attribute("status", ScalarAttributeType.S))
                .localSecondaryIndexes(
                    l ->
                        l.indexName("byName")
                            .keySchema(key("pk", KeyType.HASH), key("name", KeyType.RANGE))
                            .projection(p -> p.projectionType(ProjectionType.ALL)))
                .globalSecondaryIndexes(
                    g ->
                        g.indexName("byStatus")
                            .keySchema(key("status", KeyType.HASH), key("sk", KeyType.RANGE))
                            .projection(
                                p ->
                                    p.projectionType(ProjectionType.INCLUDE)
                                        .nonKeyAttributes("name"))
                            .provisionedThroughput(
                                t -> t.readCapacityUnits(3L).writeCapacityUnits(2L))));
  }

  private static TableDescription withoutTableId(CreateTableResponse r) {
    return r.tableDescription().toBuilder().tableId(null).build();
  }

  /** Each engine backfills on its own thread: how far it got when it answered may differ. */
  private static TableDescription withoutTableIdAndIndexProgress(UpdateTableResponse r) {
    TableDescription d = r.tableDescription();
    return d.toBuilder()
        .tableId(null)
        .globalSecondaryIndexes(
            d.globalSecondaryIndexes().stream()
                .map(
                    g ->
                        g.toBuilder()
                            .indexStatus((String) null)
                            .backfilling(null)
                            .indexSizeBytes(null)
                            .itemCount(null)
                            .build())
                .collect(Collectors.toList()))
        .build();
  }

  private static TableDescription withoutTableId(DescribeTableResponse r) {
    return r.table().toBuilder().tableId(null).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static AttributeDefinition attribute(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private static AttributeValue s(String value) {
    return AttributeValue.fromS(value);
  }

  private static AttributeValue n(String value) {
    return AttributeValue.fromN(value);
  }

  static SdkBytes bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return SdkBytes.fromByteArray(b);
  }
}
