package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.protocol.WireValues;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The legacy (pre-expression) request parameters: Expected, QueryFilter/ScanFilter,
 * AttributesToGet, AttributeUpdates and KeyConditions, with DynamoDB's validation. The trees are
 * the parsed request JSON; attribute values inside are typed JSON.
 */
public final class Legacy {
  /** The most key attributes a key schema has: four partition and four sort attributes. */
  private static final int MAX_KEY_CONDITIONS = 8;

  private static final Set<String> INDEXABLE =
      Set.of("EQ", "LE", "LT", "GE", "GT", "BEGINS_WITH", "BETWEEN");

  private Legacy() {}

  /**
   * The Expected parameter: per attribute, {@code Value}/{@code Exists} or {@code
   * ComparisonOperator}/{@code AttributeValueList}, joined by the ConditionalOperator.
   */
  public static ConditionExpr expected(
      Map<String, Object> expectedTree, @Nullable String conditionalOperator) {
    if (expectedTree.isEmpty() && conditionalOperator != null) {
      // An empty Expected is no Expected: the same refusal as a ConditionalOperator alone.
      throw EngineException.validation(
          "ConditionalOperator can only be used when Expected or QueryFilter or ScanFilter are"
              + " present");
    }
    List<Cond> conditions = new ArrayList<>();
    for (Map.Entry<String, Object> e : expectedTree.entrySet()) {
      conditions.add(expectation(e.getKey(), LegacyConditions.structure(e.getValue())));
    }
    return LegacyConditions.combine(conditions, conditionalOperator);
  }

  private static Cond expectation(String name, Request c) {
    String prefix = LegacyConditions.INVALID;
    boolean hasList = c.has("AttributeValueList");
    boolean hasValue = c.has("Value");
    if (hasList && hasValue) {
      throw EngineException.validation(
          prefix + "Value and AttributeValueList cannot be used together for Attribute: " + name);
    }
    if (c.has("ComparisonOperator")) {
      if (c.has("Exists")) {
        throw EngineException.validation(
            prefix
                + "Exists and ComparisonOperator cannot be used together for Attribute: "
                + name);
      }
      String operator = LegacyConditions.operator(c, "expected." + name + ".member");
      if (!operator.equals("NULL") && !operator.equals("NOT_NULL") && !hasList && !hasValue) {
        throw EngineException.validation(
            prefix
                + "Value or AttributeValueList must be used with ComparisonOperator: "
                + operator
                + " for Attribute: "
                + name);
      }
      List<AttrValue> values =
          hasValue
              ? List.of(WireValues.value(c.raw("Value")))
              : LegacyConditions.values(c.list("AttributeValueList"));
      // The whole list is checked before anything is evaluated: a malformed list is a
      // ValidationException, never a failed condition.
      LegacyConditions.checkCount(operator, values.size());
      LegacyConditions.checkSameType(values);
      LegacyConditions.checkTypes(operator, values);
      LegacyConditions.checkBetween(operator, values);
      if (operator.equals("NOT_CONTAINS")) {
        // In Expected, NOT_CONTAINS on a missing attribute fails the condition (unlike NE, and
        // unlike NOT contains() in a ConditionExpression): it asks about a value that is there.
        return new Cond.And(
            LegacyConditions.toCond(name, "NOT_NULL", List.of()),
            LegacyConditions.toCond(name, operator, values));
      }
      return LegacyConditions.toCond(name, operator, values);
    }
    if (hasList) {
      throw EngineException.validation(
          prefix
              + "AttributeValueList can only be used with a ComparisonOperator for Attribute: "
              + name);
    }
    Boolean exists = c.bool("Exists");
    if ((exists == null || exists) && !hasValue) {
      throw EngineException.validation(
          prefix
              + "Value must be provided when Exists is "
              + (exists == null ? "null" : "true")
              + " for Attribute: "
              + name);
    }
    if (exists != null && !exists) {
      if (hasValue) {
        throw EngineException.validation(
            prefix + "Value cannot be used when Exists is false for Attribute: " + name);
      }
      return LegacyConditions.toCond(name, "NULL", List.of());
    }
    return LegacyConditions.toCond(name, "EQ", List.of(WireValues.value(c.raw("Value"))));
  }

  /**
   * QueryFilter or ScanFilter: per attribute a ComparisonOperator and AttributeValueList, joined by
   * the ConditionalOperator.
   *
   * @param parameterName "QueryFilter" or "ScanFilter", for messages
   */
  public static ConditionExpr conditions(
      Map<String, Object> tree, @Nullable String conditionalOperator, String parameterName) {
    List<Cond> conditions = new ArrayList<>();
    for (Map.Entry<String, Object> e : tree.entrySet()) {
      LegacyConditions.Parsed p =
          LegacyConditions.parse(
              LegacyConditions.structure(e.getValue()),
              LegacyConditions.member(parameterName, e.getKey()),
              true);
      conditions.add(LegacyConditions.toCond(e.getKey(), p.operator(), p.values()));
    }
    return LegacyConditions.combine(conditions, conditionalOperator);
  }

  /** AttributesToGet: top-level attributes, each named once. */
  public static ProjectionExpr attributesToGet(List<String> names) {
    Set<String> seen = new HashSet<>();
    List<DocPath> paths = new ArrayList<>();
    for (String name : names) {
      if (!seen.add(name)) {
        throw EngineException.validation(
            LegacyConditions.INVALID + "Duplicate value in attribute name: " + name);
      }
      paths.add(DocPath.attribute(name));
    }
    return new PathProjection(paths);
  }

  /** AttributeUpdates: per top-level attribute a PUT (the default), ADD or DELETE action. */
  public static UpdateExpr attributeUpdates(Map<String, Object> tree) {
    return LegacyUpdate.parse(tree);
  }

  /**
   * KeyConditions: per key attribute a ComparisonOperator (EQ, LE, LT, GE, GT, BEGINS_WITH or
   * BETWEEN) and AttributeValueList; one to eight conditions (multi-attribute GSI keys).
   */
  public static KeyConditionExpr keyConditions(Map<String, Object> tree) {
    List<LegacyConditions.Parsed> parsed = new ArrayList<>();
    for (Map.Entry<String, Object> e : tree.entrySet()) {
      parsed.add(
          LegacyConditions.parse(
              LegacyConditions.structure(e.getValue()),
              LegacyConditions.member("KeyConditions", e.getKey()),
              true));
    }
    // A multi-attribute GSI key has up to four partition and four sort attributes; a query on a
    // table or single-attribute index refuses more than two conditions (see the query package).
    if (parsed.isEmpty() || parsed.size() > MAX_KEY_CONDITIONS) {
      throw EngineException.validation("Conditions can be of length 1 or 2 only");
    }
    List<KeyCondition> conditions = new ArrayList<>();
    int i = 0;
    for (String name : tree.keySet()) {
      LegacyConditions.Parsed p = parsed.get(i++);
      if (!INDEXABLE.contains(p.operator())) {
        throw EngineException.validation(
            "Attempted conditional constraint is not an indexable operation");
      }
      conditions.add(new KeyCondition(name, KeyOperator.valueOf(p.operator()), p.values()));
    }
    return new KeyConditions(conditions);
  }
}
