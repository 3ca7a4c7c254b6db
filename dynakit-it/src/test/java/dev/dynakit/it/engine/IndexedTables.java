package dev.dynakit.it.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The table the index tests share, {@code people} (pk S, sk S), with one GSI of each projection on
 * {@code status}, a multi-attribute GSI (region + country, then city + zip) and a KEYS_ONLY LSI on
 * {@code age}; plus helpers to read indices through Query and DescribeTable.
 */
final class IndexedTables {
  static final String TABLE = "people";

  private IndexedTables() {}

  static AttributeDefinition def(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  static KeySchemaElement hash(String name) {
    return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
  }

  static KeySchemaElement range(String name) {
    return KeySchemaElement.builder().attributeName(name).keyType(KeyType.RANGE).build();
  }

  static Projection projection(ProjectionType type, String... nonKey) {
    Projection.Builder p = Projection.builder().projectionType(type);
    if (nonKey.length > 0) {
      p.nonKeyAttributes(nonKey);
    }
    return p.build();
  }

  static GlobalSecondaryIndex gsi(String name, Projection projection, KeySchemaElement... key) {
    return GlobalSecondaryIndex.builder()
        .indexName(name)
        .keySchema(key)
        .projection(projection)
        .build();
  }

  static void createPeople(DynamoDbClient client) {
    client.createTable(
        b ->
            b.tableName(TABLE)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                    def("pk", ScalarAttributeType.S),
                    def("sk", ScalarAttributeType.S),
                    def("status", ScalarAttributeType.S),
                    def("rank", ScalarAttributeType.N),
                    def("region", ScalarAttributeType.S),
                    def("country", ScalarAttributeType.S),
                    def("city", ScalarAttributeType.S),
                    def("zip", ScalarAttributeType.N),
                    def("age", ScalarAttributeType.N))
                .keySchema(hash("pk"), range("sk"))
                .globalSecondaryIndexes(
                    gsi("byStatus", projection(ProjectionType.ALL), hash("status"), range("rank")),
                    gsi("byStatusKeys", projection(ProjectionType.KEYS_ONLY), hash("status")),
                    gsi(
                        "byStatusMail",
                        projection(ProjectionType.INCLUDE, "email"),
                        hash("status")),
                    gsi(
                        "byPlace",
                        projection(ProjectionType.KEYS_ONLY),
                        hash("region"),
                        hash("country"),
                        range("city"),
                        range("zip")))
                .localSecondaryIndexes(
                    LocalSecondaryIndex.builder()
                        .indexName("byAge")
                        .keySchema(hash("pk"), range("age"))
                        .projection(projection(ProjectionType.KEYS_ONLY))
                        .build()));
  }

  /** Every item of an index partition, through Query (all pages). */
  static List<Map<String, AttributeValue>> query(
      DynamoDbClient client,
      String table,
      String index,
      String keyCondition,
      Map<String, AttributeValue> values,
      Map<String, String> names) {
    List<Map<String, AttributeValue>> out = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      QueryRequest.Builder q =
          QueryRequest.builder()
              .tableName(table)
              .indexName(index)
              .keyConditionExpression(keyCondition)
              .expressionAttributeValues(values);
      if (!names.isEmpty()) {
        q.expressionAttributeNames(names);
      }
      if (start != null) {
        q.exclusiveStartKey(start);
      }
      QueryResponse r = client.query(q.build());
      out.addAll(r.items());
      start =
          r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    return out;
  }

  /** The item count DescribeTable reports for an index (GSI or LSI), or -1 if there is none. */
  static long indexItemCount(DynamoDbClient client, String table, String index) {
    TableDescription t = client.describeTable(b -> b.tableName(table)).table();
    for (var g : t.globalSecondaryIndexes()) {
      if (g.indexName().equals(index)) {
        return g.itemCount();
      }
    }
    for (var l : t.localSecondaryIndexes()) {
      if (l.indexName().equals(index)) {
        return l.itemCount();
      }
    }
    return -1;
  }

  /** The IndexStatus of a GSI, or null if the table has none by that name. */
  static IndexStatus gsiStatus(DynamoDbClient client, String table, String index) {
    TableDescription t = client.describeTable(b -> b.tableName(table)).table();
    for (var g : t.globalSecondaryIndexes()) {
      if (g.indexName().equals(index)) {
        return g.indexStatus();
      }
    }
    return null;
  }
}
