package dev.dynakit.engine.internal.query;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.item.KeyFactory;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** The ExclusiveStartKey of a Query or Scan: read, checked against the target, positioned. */
final class StartKey {
  static final String INVALID = "The provided starting key is invalid";

  /**
   * Value errors DynamoDB reports without the starting-key prefix (number and set problems); every
   * other value error is prefixed.
   */
  private static final Pattern UNPREFIXED =
      Pattern.compile("contains duplicates|number set|numeric value|significant digits|magnitude");

  private StartKey() {}

  /** The ExclusiveStartKey's values, or null when absent. */
  static @Nullable Map<String, AttrValue> parse(Request request) {
    try {
      return request.item("ExclusiveStartKey");
    } catch (EngineException e) {
      if (e.type() != ErrorType.VALIDATION || UNPREFIXED.matcher(e.getMessage()).find()) {
        throw e;
      }
      throw EngineException.validation(INVALID + ": " + e.getMessage());
    }
  }

  /**
   * Checks that the start key holds exactly the target's position attributes with their declared
   * types and valid key values.
   *
   * @param schemaMessage the message for a key of the wrong shape: DynamoDB says "The provided
   *     starting key is invalid" for Query and index Scans and adds ": The provided key element
   *     does not match the schema" for table Scans
   */
  static void check(Map<String, AttrValue> start, ReadTarget target, String schemaMessage) {
    List<KeyAttr> attrs = target.positionAttributes();
    if (start.size() != attrs.size()) {
      throw EngineException.validation(schemaMessage);
    }
    for (KeyAttr a : attrs) {
      AttrValue v = start.get(a.name());
      if (v == null || !v.typeName().equals(a.type())) {
        throw EngineException.validation(schemaMessage);
      }
    }
    Map<String, AttrValue> tableKey = new LinkedHashMap<>();
    for (KeyAttr a : target.table().def().key().all()) {
      tableKey.put(a.name(), start.get(a.name()));
    }
    try {
      KeyFactory.fromKey(target.table(), tableKey);
    } catch (EngineException e) {
      throw EngineException.validation(INVALID + ": " + e.getMessage());
    }
    for (KeyAttr a : attrs) {
      if (!tableKey.containsKey(a.name()) && isEmpty(start.get(a.name()))) {
        throw EngineException.validation(
            INVALID
                + ": One or more parameter values are not valid. The AttributeValue for a key"
                + " attribute cannot contain an empty "
                + (a.type().equals("S") ? "string" : "binary")
                + " value. Key: "
                + a.name());
      }
    }
  }

  private static boolean isEmpty(AttrValue v) {
    if (v instanceof AttrValue.S s) {
      return s.value().isEmpty();
    }
    return v instanceof AttrValue.B b && b.value().length() == 0;
  }
}
