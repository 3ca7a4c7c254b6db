package dev.dynakit.core.adapter;

import dev.dynakit.core.BatchIncompleteException;
import dev.dynakit.core.expr.Expression;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Reads items of the table by primary key with BatchGetItem: 100 keys per request, duplicates sent
 * once, unprocessed keys resent with backoff, results in the order of the keys (null where no item
 * exists).
 */
final class BatchReader {
  static final int MAX_KEYS = 100;

  private final Sender sender;
  private final String table;
  private final Backoff backoff;

  BatchReader(Sender sender, String table, Backoff backoff) {
    this.sender = sender;
    this.table = table;
    this.backoff = backoff;
  }

  /**
   * @param keys primary keys (exactly the table's key attributes)
   * @param projection what to read; it must include the key attributes, which match items to keys
   */
  List<@Nullable Map<String, AttributeValue>> read(
      List<Map<String, AttributeValue>> keys, @Nullable Expression projection, boolean consistent) {
    Set<Map<String, AttributeValue>> unique = new LinkedHashSet<>(keys);
    Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found = new HashMap<>();
    Set<String> keyNames = keys.isEmpty() ? Set.of() : keys.get(0).keySet();
    List<Map<String, AttributeValue>> chunk = new ArrayList<>(MAX_KEYS);
    for (Map<String, AttributeValue> key : unique) {
      chunk.add(key);
      if (chunk.size() == MAX_KEYS) {
        readChunk(chunk, projection, consistent, keyNames, found);
        chunk.clear();
      }
    }
    if (!chunk.isEmpty()) {
      readChunk(chunk, projection, consistent, keyNames, found);
    }
    List<@Nullable Map<String, AttributeValue>> aligned = new ArrayList<>(keys.size());
    for (Map<String, AttributeValue> key : keys) {
      aligned.add(found.get(key));
    }
    return aligned;
  }

  private void readChunk(
      List<Map<String, AttributeValue>> chunk,
      @Nullable Expression projection,
      boolean consistent,
      Set<String> keyNames,
      Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found) {
    KeysAndAttributes request = keysAndAttributes(chunk, projection, consistent);
    int attempt = 1;
    while (true) {
      BatchGetItemResponse response =
          sender.batchGetItem(
              BatchGetItemRequest.builder()
                  .requestItems(Map.of(table, request))
                  .returnConsumedCapacity(sender.capacity())
                  .build(),
              attempt);
      for (Map<String, AttributeValue> item : response.responses().getOrDefault(table, List.of())) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (String name : keyNames) {
          key.put(name, item.get(name));
        }
        found.put(key, item);
      }
      KeysAndAttributes unprocessed = response.unprocessedKeys().get(table);
      if (unprocessed == null || unprocessed.keys().isEmpty()) {
        return;
      }
      if (attempt >= backoff.maxAttempts() || !backoff.pause(attempt + 1)) {
        throw new BatchIncompleteException("BatchGetItem", unprocessed.keys().size(), attempt);
      }
      request = unprocessed;
      attempt++;
    }
  }

  private static KeysAndAttributes keysAndAttributes(
      List<Map<String, AttributeValue>> keys, @Nullable Expression projection, boolean consistent) {
    KeysAndAttributes.Builder request =
        KeysAndAttributes.builder().keys(List.copyOf(keys)).consistentRead(consistent);
    if (projection != null) {
      request.projectionExpression(projection.text());
      if (!projection.names().isEmpty()) {
        request.expressionAttributeNames(projection.names());
      }
    }
    return request.build();
  }
}
