package dev.dynakit.core.mass;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item a mass operation could not handle, and why.
 *
 * @param key the item's primary key as stored
 * @param reason what went wrong: {@code VersionConflict}, {@code ConditionalCheckFailed}, {@code
 *     ValidationException}, {@code InvalidItem} (a validation hook refused it), {@code KeyChanged},
 *     {@code DestinationDiffers}, or DynamoDB's error code
 * @param message the details, or null
 */
public record ItemFailure(
    Map<String, AttributeValue> key, String reason, @Nullable String message) {
  public ItemFailure {
    key = Collections.unmodifiableMap(new LinkedHashMap<>(key));
    Objects.requireNonNull(reason, "reason");
  }
}
