package dev.dynakit.core.token;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a token holds: where work stopped and what state it was in.
 *
 * @param phase the phase of a multi-phase operation ({@code copy}, {@code delete}, …); empty for a
 *     one-phase operation or a paging cursor
 * @param position the key of the last item completely handled, in the shape of DynamoDB's {@code
 *     ExclusiveStartKey} (table key plus index key attributes when reading an index); empty when
 *     the phase starts from its beginning. Strings, numbers and binaries only, as keys are.
 * @param notes small named values the operation needs to continue (counters, a pending item's
 *     state); possibly none
 */
public record ResumePoint(
    String phase, Map<String, AttributeValue> position, Map<String, String> notes) {
  public ResumePoint {
    Objects.requireNonNull(phase, "phase");
    position = Collections.unmodifiableMap(new LinkedHashMap<>(position));
    notes = Collections.unmodifiableMap(new LinkedHashMap<>(notes));
  }

  /** A one-phase position without notes (a paging cursor). */
  public static ResumePoint at(Map<String, AttributeValue> position) {
    return new ResumePoint("", position, Map.of());
  }

  /** The start of a phase. */
  public static ResumePoint startOf(String phase) {
    return new ResumePoint(phase, Map.of(), Map.of());
  }

  /** Whether this is the start of its phase. */
  public boolean atStart() {
    return position.isEmpty();
  }

  /** This point with one more note. */
  public ResumePoint withNote(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(notes);
    more.put(name, value);
    return new ResumePoint(phase, position, more);
  }
}
