package dev.dynakit.core.batch;

import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * One write of a batch: a put of a whole item or a delete by key, on a table.
 *
 * @param table the table written
 * @param request the put or delete, as BatchWriteItem carries it
 */
public record BatchWrite(String table, WriteRequest request) {
  public BatchWrite {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(request, "request");
    if ((request.putRequest() == null) == (request.deleteRequest() == null)) {
      throw new IllegalArgumentException("a batch write is either a put or a delete: " + request);
    }
  }

  /** A put of a whole item (it replaces whatever item has its key). */
  public static BatchWrite put(String table, Map<String, AttributeValue> item) {
    return new BatchWrite(table, WriteRequest.builder().putRequest(p -> p.item(item)).build());
  }

  /** A delete by primary key (deleting an absent item is not an error). */
  public static BatchWrite delete(String table, Map<String, AttributeValue> key) {
    return new BatchWrite(table, WriteRequest.builder().deleteRequest(d -> d.key(key)).build());
  }

  /** Whether this is a put (else a delete). */
  public boolean isPut() {
    return request.putRequest() != null;
  }

  /** The item put, or the key deleted. */
  public Map<String, AttributeValue> attributes() {
    return isPut() ? request.putRequest().item() : request.deleteRequest().key();
  }
}
