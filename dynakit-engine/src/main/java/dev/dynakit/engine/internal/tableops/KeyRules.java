package dev.dynakit.engine.internal.tableops;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.KeyElement;
import dev.dynakit.engine.internal.table.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DynamoDB's semantic rules for a table's key and its AttributeDefinitions, with DynamoDB's exact
 * messages, applied after the shape checks.
 */
final class KeyRules {
  /** The prefix DynamoDB puts before most semantic refusals. */
  static final String INVALID = "One or more parameter values were invalid: ";

  private KeyRules() {}

  /** AttributeDefinitions by name; refuses a name defined twice. */
  static Map<String, KeyAttr> byName(List<KeyAttr> definitions) {
    Map<String, KeyAttr> byName = new LinkedHashMap<>();
    for (KeyAttr d : definitions) {
      if (byName.putIfAbsent(d.name(), d) != null) {
        throw EngineException.validation("Attribute Name is duplicated: " + d.name());
      }
    }
    return byName;
  }

  /** The table's key: one HASH element, then optionally one RANGE element. */
  static KeySchema tableKey(List<KeyElement> key, Map<String, KeyAttr> definitions) {
    if (key.size() > definitions.size()) {
      throw EngineException.validation(
          "Invalid KeySchema: Some index key attribute have no definition");
    }
    requireDefined(key, definitions);
    if (key.size() == 2 && key.get(0).attributeName().equals(key.get(1).attributeName())) {
      throw sameName();
    }
    requireHashFirst(key);
    if (key.size() == 2 && key.get(1).isHash()) {
      throw EngineException.validation(
          "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
    }
    return toSchema(key, definitions);
  }

  /** Every key attribute must be declared in AttributeDefinitions. */
  static void requireDefined(List<KeyElement> key, Map<String, KeyAttr> definitions) {
    for (KeyElement e : key) {
      if (!definitions.containsKey(e.attributeName())) {
        throw EngineException.validation(
            INVALID
                + "Some index key attributes are not defined in AttributeDefinitions. Keys: "
                + names(key)
                + ", AttributeDefinitions: "
                + definitions.keySet().stream().toList().toString());
      }
    }
  }

  static void requireHashFirst(List<KeyElement> key) {
    if (!key.get(0).isHash()) {
      throw EngineException.validation(
          "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
    }
  }

  static EngineException sameName() {
    return EngineException.validation(
        "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  }

  /** Splits validated elements into hash and range attributes with their declared types. */
  static KeySchema toSchema(List<KeyElement> key, Map<String, KeyAttr> definitions) {
    List<KeyAttr> hash = new ArrayList<>();
    List<KeyAttr> range = new ArrayList<>();
    for (KeyElement e : key) {
      (e.isHash() ? hash : range).add(definitions.get(e.attributeName()));
    }
    return new KeySchema(hash, range);
  }

  /**
   * Without indexes the key must use every definition; with indexes, every definition must be used
   * by the table key or an index key.
   */
  static void requireAllUsed(
      List<KeyAttr> definitions, List<KeyElement> tableKey, List<List<KeyElement>> indexKeys) {
    if (indexKeys.isEmpty()) {
      if (tableKey.size() != definitions.size()) {
        throw EngineException.validation(
            INVALID
                + "Number of attributes in KeySchema does not exactly match number of attributes"
                + " defined in AttributeDefinitions");
      }
      return;
    }
    Set<String> used = new LinkedHashSet<>(names(tableKey));
    for (List<KeyElement> k : indexKeys) {
      used.addAll(names(k));
    }
    List<String> defined = new ArrayList<>();
    for (KeyAttr d : definitions) {
      defined.add(d.name());
    }
    if (!used.containsAll(defined)) {
      throw EngineException.validation(
          INVALID
              + "Some AttributeDefinitions are not used. AttributeDefinitions: "
              + defined
              + ", keys used: "
              + new ArrayList<>(used));
    }
  }

  static List<String> names(List<KeyElement> key) {
    List<String> names = new ArrayList<>(key.size());
    for (KeyElement e : key) {
      names.add(e.attributeName());
    }
    return names;
  }
}
