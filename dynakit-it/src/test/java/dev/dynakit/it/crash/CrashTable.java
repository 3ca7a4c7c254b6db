package dev.dynakit.it.crash;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The crash campaign's table: string key {@code pk}, items {@code {pk, v, pad[, g]}}, a GSI {@code
 * byG} on {@code g} projecting all attributes (made with the table) and, each cycle, a GSI {@code
 * lateN} on {@code g} keeping only keys, added to the populated table (so backfilled); a stream
 * with new images.
 */
final class CrashTable {
  static final String NAME = "crash";
  static final String PAD = "p".repeat(48);

  private CrashTable() {}

  /** The table's description, or null when it does not exist. */
  static TableDescription describe(DynamoDbClient client) {
    try {
      return client.describeTable(b -> b.tableName(NAME)).table();
    } catch (ResourceNotFoundException e) {
      return null;
    }
  }

  static void create(DynamoDbClient client) {
    client.createTable(
        b ->
            b.tableName(NAME)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                    a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                    a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                // checked against the table after each restart (CrashStreamCheck)
                .streamSpecification(
                    st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE))
                .globalSecondaryIndexes(
                    i ->
                        i.indexName("byG")
                            .keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                            .projection(p -> p.projectionType(ProjectionType.ALL))));
  }

  /** The stored form of a model item. */
  static Map<String, AttributeValue> item(String key, CrashModel.Item item) {
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    m.put("pk", AttributeValue.fromS(key));
    m.put("v", AttributeValue.fromN(Long.toString(item.v())));
    m.put("pad", AttributeValue.fromS(PAD));
    if (item.g() != null) {
      m.put("g", AttributeValue.fromS(item.g()));
    }
    return m;
  }
}
