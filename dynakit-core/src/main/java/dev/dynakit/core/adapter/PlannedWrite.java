package dev.dynakit.core.adapter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A write the Adapter is about to send, as {@link Hooks#checkConsistency} sees it.
 *
 * @param context the write's context
 * @param key the item's key fields
 * @param item the prepared item (full writes) or the prepared fields to set (patches); null for a
 *     delete
 * @param action the request as a transaction action, after {@link Hooks#updateInput}
 */
public record PlannedWrite(
    WriteContext context,
    Map<String, Object> key,
    @Nullable Map<String, Object> item,
    TransactWriteItem action) {
  public PlannedWrite {
    Objects.requireNonNull(context, "context");
    key = Collections.unmodifiableMap(new LinkedHashMap<>(key));
    item = item == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(item));
    Objects.requireNonNull(action, "action");
  }
}
