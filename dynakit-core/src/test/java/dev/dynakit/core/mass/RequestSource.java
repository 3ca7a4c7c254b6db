package dev.dynakit.core.mass;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * A scope read with a Query or a Scan: the request as planned, with the start and limit of each
 * page filled in. An item's position is its values of the position attributes: the table's key,
 * plus the index key when an index is read.
 */
final class RequestSource implements ScopeSource {
  private final DynamoDbClient client;
  private final @Nullable QueryRequest query;
  private final @Nullable ScanRequest scan;
  private final List<String> positionAttributes;

  private RequestSource(
      DynamoDbClient client,
      @Nullable QueryRequest query,
      @Nullable ScanRequest scan,
      List<String> positionAttributes) {
    this.client = client;
    this.query = query;
    this.scan = scan;
    this.positionAttributes = List.copyOf(positionAttributes);
  }

  static RequestSource query(
      DynamoDbClient client, QueryRequest query, List<String> positionAttributes) {
    return new RequestSource(client, query, null, positionAttributes);
  }

  static RequestSource scan(
      DynamoDbClient client, ScanRequest scan, List<String> positionAttributes) {
    return new RequestSource(client, null, scan, positionAttributes);
  }

  @Override
  public Page read(@Nullable Map<String, AttributeValue> exclusiveStart, int limit) {
    if (query != null) {
      QueryResponse response =
          client.query(query.toBuilder().exclusiveStartKey(exclusiveStart).limit(limit).build());
      return new Page(response.items(), next(response.lastEvaluatedKey()));
    }
    ScanResponse response =
        client.scan(scan.toBuilder().exclusiveStartKey(exclusiveStart).limit(limit).build());
    return new Page(response.items(), next(response.lastEvaluatedKey()));
  }

  @Override
  public long count(@Nullable Map<String, AttributeValue> exclusiveStart) {
    long total = 0;
    Map<String, AttributeValue> start = exclusiveStart;
    do {
      Map<String, AttributeValue> last;
      if (query != null) {
        QueryResponse response =
            client.query(query.toBuilder().exclusiveStartKey(start).select(Select.COUNT).build());
        total += response.count();
        last = response.lastEvaluatedKey();
      } else {
        ScanResponse response =
            client.scan(scan.toBuilder().exclusiveStartKey(start).select(Select.COUNT).build());
        total += response.count();
        last = response.lastEvaluatedKey();
      }
      start = next(last);
    } while (start != null);
    return total;
  }

  @Override
  public Map<String, AttributeValue> positionOf(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> position = new LinkedHashMap<>();
    for (String name : positionAttributes) {
      AttributeValue value = item.get(name);
      if (value == null) {
        throw new IllegalStateException(
            "an item read lacks its position attribute '" + name + "'; read it with the key");
      }
      position.put(name, value);
    }
    return position;
  }

  private static @Nullable Map<String, AttributeValue> next(Map<String, AttributeValue> lastKey) {
    return lastKey == null || lastKey.isEmpty() ? null : lastKey;
  }
}
