package dev.dynakit.core.batch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/** Test tables: a {@code pk} (S) / {@code sk} (N) table, items and a full scan. */
public final class Tables {
  private Tables() {}

  public static void create(DynamoDbClient client, String table) {
    client.createTable(
        r ->
            r.tableName(table)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(
                    a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                    a -> a.attributeName("sk").attributeType(ScalarAttributeType.N))
                .keySchema(
                    k -> k.attributeName("pk").keyType(KeyType.HASH),
                    k -> k.attributeName("sk").keyType(KeyType.RANGE)));
  }

  public static Map<String, AttributeValue> key(String pk, int sk) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    key.put("pk", AttributeValue.fromS(pk));
    key.put("sk", AttributeValue.fromN(Integer.toString(sk)));
    return key;
  }

  public static Map<String, AttributeValue> item(String pk, int sk, String payload) {
    Map<String, AttributeValue> item = key(pk, sk);
    item.put("payload", AttributeValue.fromS(payload));
    return item;
  }

  public static List<Map<String, AttributeValue>> scan(DynamoDbClient client, String table) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanRequest.Builder request = ScanRequest.builder().tableName(table).consistentRead(true);
      if (start != null) {
        request.exclusiveStartKey(start);
      }
      ScanResponse page = client.scan(request.build());
      items.addAll(page.items());
      start =
          page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty()
              ? page.lastEvaluatedKey()
              : null;
    } while (start != null);
    return items;
  }
}
