package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.KeyRules.INVALID;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Violations;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The StreamSpecification member of CreateTable and UpdateTable: shape, rules and labels. */
final class StreamSpecs {
  static final List<String> VIEW_TYPES =
      List.of("NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY");

  /** DynamoDB's stream labels are UTC timestamps with milliseconds and no zone. */
  private static final DateTimeFormatter LABEL =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

  /** A StreamSpecification as sent: enabled, and the view type (null when absent). */
  record Spec(boolean enabled, String viewType) {
    /** The stored form: a response tree for DescribeTable, present only while enabled. */
    Map<String, Object> stored() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("StreamEnabled", Boolean.TRUE);
      m.put("StreamViewType", viewType);
      return m;
    }
  }

  private StreamSpecs() {}

  /** Shape-checks the member; null when absent or incomplete. */
  static Spec read(Request req, Violations v) {
    Request s = req.object("StreamSpecification");
    if (s == null) {
      return null;
    }
    Boolean enabled = s.bool("StreamEnabled");
    String viewType = s.string("StreamViewType");
    v.notNull("streamSpecification.streamEnabled", enabled);
    v.oneOf("streamSpecification.streamViewType", viewType, VIEW_TYPES);
    return enabled == null ? null : new Spec(enabled, viewType);
  }

  /** CreateTable's rules: a view type exactly when the stream is enabled. */
  static void checkCreate(Spec spec) {
    if (spec.enabled() && spec.viewType() == null) {
      throw EngineException.validation(
          INVALID + "Table is being created with a stream enabled, UpdateViewType is required");
    }
    if (!spec.enabled() && spec.viewType() != null) {
      throw EngineException.validation(
          INVALID
              + "Table is being created with a stream disabled, UpdateViewType should not be"
              + " specified");
    }
  }

  /** UpdateTable's rules, given whether the table has an enabled stream now. */
  static void checkUpdate(Spec spec, boolean currentlyEnabled, String tableName) {
    if (spec.enabled() && spec.viewType() == null) {
      throw EngineException.validation(
          INVALID + "If stream is being enabled then UpdateViewType is required");
    }
    if (!spec.enabled() && spec.viewType() != null) {
      throw EngineException.validation(
          INVALID + "If stream is being disabled, then UpdateViewType must not be specified");
    }
    if (spec.enabled() && currentlyEnabled) {
      throw EngineException.validation(
          "Table already has an enabled stream: TableName: " + tableName);
    }
    if (!spec.enabled() && !currentlyEnabled) {
      throw EngineException.validation("Table has no stream to disable: TableName: " + tableName);
    }
  }

  /** The label of a stream enabled at {@code at}. */
  static String label(Instant at) {
    return LABEL.format(at);
  }
}
