package dev.dynakit.core.adapter;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/** Consistent reads of whole stored items, for the operations that read before they write. */
final class StoredItems {
  private StoredItems() {}

  /** The item at the key as stored, or null. */
  static @Nullable Map<String, AttributeValue> read(AdapterContext ctx, PreparedKey key) {
    Map<String, AttributeValue> item =
        ctx.sender
            .getItem(
                GetItemRequest.builder()
                    .tableName(ctx.table())
                    .key(key.attributes())
                    .consistentRead(true)
                    .returnConsumedCapacity(ctx.sender.capacity())
                    .build())
            .item();
    return item == null || item.isEmpty() ? null : item;
  }
}
