package dev.dynakit.core.mass;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;

/** A scope of one item (the self row of a subtree), read with a consistent GetItem. */
final class SelfSource implements ScopeSource {
  private final DynamoDbClient client;
  private final String table;
  private final Map<String, AttributeValue> key;

  SelfSource(DynamoDbClient client, String table, Map<String, AttributeValue> key) {
    this.client = client;
    this.table = table;
    this.key = Map.copyOf(key);
  }

  @Override
  public Page read(@Nullable Map<String, AttributeValue> exclusiveStart, int limit) {
    if (exclusiveStart != null) {
      return new Page(List.of(), null);
    }
    GetItemResponse response =
        client.getItem(r -> r.tableName(table).key(key).consistentRead(true));
    return new Page(response.hasItem() ? List.of(response.item()) : List.of(), null);
  }

  @Override
  public long count(@Nullable Map<String, AttributeValue> exclusiveStart) {
    return read(exclusiveStart, 1).items().size();
  }

  @Override
  public Map<String, AttributeValue> positionOf(Map<String, AttributeValue> item) {
    return key;
  }
}
