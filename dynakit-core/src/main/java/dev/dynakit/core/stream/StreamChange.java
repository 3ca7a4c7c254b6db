package dev.dynakit.core.stream;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One change of an item, as a stream record tells it, with the item's keys and images as the
 * toolkit's plain items ({@code Map<String, Object>}, see {@link
 * dev.dynakit.core.item.Marshalling}).
 *
 * @param kind what the change did
 * @param eventId the record's id, the same each time the record is delivered
 * @param shardId the shard the record was read from
 * @param sequenceNumber the record's position in its stream (ordered within a shard)
 * @param approximateCreation when the change was made, to the second
 * @param keys the item's key attributes
 * @param oldImage the item before the change: null for an INSERT, or when the stream's view type
 *     does not carry old images
 * @param newImage the item after the change: null for a REMOVE, or when the stream's view type does
 *     not carry new images
 * @param byService whether DynamoDB itself made the change (a deletion by time to live)
 */
public record StreamChange(
    ChangeKind kind,
    String eventId,
    String shardId,
    String sequenceNumber,
    Instant approximateCreation,
    Map<String, Object> keys,
    @Nullable Map<String, Object> oldImage,
    @Nullable Map<String, Object> newImage,
    boolean byService) {

  public StreamChange {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(shardId, "shardId");
    Objects.requireNonNull(sequenceNumber, "sequenceNumber");
    Objects.requireNonNull(approximateCreation, "approximateCreation");
    keys = copy(keys);
    oldImage = oldImage == null ? null : copy(oldImage);
    newImage = newImage == null ? null : copy(newImage);
  }

  private static Map<String, Object> copy(Map<String, Object> item) {
    // plain items may hold null values (NULL attributes), which Map.copyOf refuses
    return Collections.unmodifiableMap(new LinkedHashMap<>(item));
  }
}
