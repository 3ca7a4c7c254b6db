package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.KeyRules.INVALID;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.table.IndexSpec;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.KeyElement;
import dev.dynakit.engine.internal.table.KeySchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** DynamoDB's semantic rules for secondary-index declarations, with DynamoDB's messages. */
final class IndexRules {
  /** At most this many HASH, and this many RANGE, elements in a GSI key (multi-attribute keys). */
  static final int MAX_KEY_ATTRIBUTES_PER_KIND = 4;

  static final int MAX_GLOBAL_INDEXES = 20;
  static final int MAX_LOCAL_INDEXES = 5;

  /** At most this many projected non-key attributes over all indexes of a table. */
  static final int MAX_PROJECTED_ATTRIBUTES = 100;

  private IndexRules() {}

  /** An LSI's key: the table's hash attribute and one range attribute. */
  static KeySchema localKey(IndexSpec index, KeySchema tableKey, Map<String, KeyAttr> defs) {
    List<KeyElement> key = index.keySchema();
    KeyRules.requireDefined(key, defs);
    if (key.size() == 2 && key.get(0).attributeName().equals(key.get(1).attributeName())) {
      throw KeyRules.sameName();
    }
    KeyRules.requireHashFirst(key);
    if (key.size() == 2 && key.get(1).isHash()) {
      throw EngineException.validation(
          "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
    }
    if (key.size() != 2) {
      throw EngineException.validation(
          INVALID + "Index KeySchema does not have a range key for index: " + index.name());
    }
    String indexHash = key.get(0).attributeName();
    String tableHash = tableKey.hashKey().name();
    if (!indexHash.equals(tableHash)) {
      throw EngineException.validation(
          INVALID
              + "Index KeySchema does not have the same leading hash key as table KeySchema for"
              + " index: "
              + index.name()
              + ". index hash key: "
              + indexHash
              + ", table hash key: "
              + tableHash);
    }
    return KeyRules.toSchema(key, defs);
  }

  /**
   * A GSI's key: one to four HASH elements followed by up to four RANGE elements. DynamoDB does not
   * document which rule it reports first for a key that breaks several; the order here (undefined
   * attributes, a repeated name, a first element that is no HASH, a HASH after a RANGE, then the
   * counts) is ours, and CreateTableIndexesTest pins it.
   */
  static KeySchema globalKey(IndexSpec index, Map<String, KeyAttr> defs) {
    List<KeyElement> key = index.keySchema();
    KeyRules.requireDefined(key, defs);
    Set<String> seen = new HashSet<>();
    for (KeyElement e : key) {
      if (!seen.add(e.attributeName())) {
        if (key.size() == 2) {
          throw KeyRules.sameName();
        }
        throw EngineException.validation(
            "The KeySchema contains multiple key attributes with the same name");
      }
    }
    KeyRules.requireHashFirst(key);
    int hashes = 0;
    int ranges = 0;
    for (KeyElement e : key) {
      if (e.isHash()) {
        if (ranges > 0) {
          throw EngineException.validation(
              INVALID
                  + "All HASH key attributes must precede RANGE key attributes in the KeySchema");
        }
        hashes++;
      } else {
        ranges++;
      }
    }
    if (hashes > MAX_KEY_ATTRIBUTES_PER_KIND) {
      throw tooMany("HASH");
    }
    if (ranges > MAX_KEY_ATTRIBUTES_PER_KIND) {
      throw tooMany("RANGE");
    }
    return KeyRules.toSchema(key, defs);
  }

  private static EngineException tooMany(String kind) {
    return EngineException.validation(
        INVALID
            + "The KeySchema exceeds the maximum allowed number of "
            + kind
            + " key attributes");
  }

  /** Projection rules: a type is required, and NonKeyAttributes go with INCLUDE only. */
  static void projection(IndexSpec index) {
    String type = index.projectionType();
    if (type == null) {
      throw EngineException.validation(INVALID + "Unknown ProjectionType: null");
    }
    List<String> nonKey = index.nonKeyAttributes();
    if (nonKey != null && !"INCLUDE".equals(type)) {
      throw EngineException.validation(
          INVALID + "ProjectionType is " + type + ", but NonKeyAttributes is specified");
    }
    if (nonKey == null && "INCLUDE".equals(type)) {
      throw EngineException.validation(
          INVALID + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
    }
    if (nonKey != null) {
      Set<String> seen = new HashSet<>();
      for (String a : nonKey) {
        if (!seen.add(a)) {
          throw EngineException.validation(INVALID + "Duplicate element in NonKeyAttributes: " + a);
        }
      }
    }
  }

  /**
   * The total of projected non-key attributes over all indexes; the same name projected into two
   * indexes counts twice, as DynamoDB counts it.
   */
  static void projectedTotal(List<List<String>> nonKeyLists) {
    int total = 0;
    for (List<String> l : nonKeyLists) {
      total += l.size();
    }
    if (total > MAX_PROJECTED_ATTRIBUTES) {
      throw EngineException.validation(
          INVALID
              + "Number of projected attributes in all indexes exceeds limit of "
              + MAX_PROJECTED_ATTRIBUTES
              + ", number of projected attributes:"
              + total);
    }
  }

  /** NonKeyAttributes as DynamoDB reports them: sorted by name; empty unless INCLUDE. */
  static List<String> sortedNonKey(IndexSpec index) {
    List<String> out =
        new ArrayList<>(index.nonKeyAttributes() == null ? List.of() : index.nonKeyAttributes());
    out.sort(null);
    return out;
  }
}
