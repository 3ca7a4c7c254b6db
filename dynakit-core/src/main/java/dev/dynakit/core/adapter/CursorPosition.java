package dev.dynakit.core.adapter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a cursor holds: the key where reading continues, and small named notes (a mass operation's
 * phase, say).
 *
 * @param lastKey the last key read (DynamoDB's {@code LastEvaluatedKey}); strings, numbers and
 *     binaries only, as keys are
 * @param notes named text values, possibly none
 */
public record CursorPosition(Map<String, AttributeValue> lastKey, Map<String, String> notes) {
  public CursorPosition {
    lastKey = Collections.unmodifiableMap(new LinkedHashMap<>(lastKey));
    notes = Collections.unmodifiableMap(new LinkedHashMap<>(notes));
  }

  /** A position without notes. */
  public static CursorPosition at(Map<String, AttributeValue> lastKey) {
    return new CursorPosition(lastKey, Map.of());
  }
}
