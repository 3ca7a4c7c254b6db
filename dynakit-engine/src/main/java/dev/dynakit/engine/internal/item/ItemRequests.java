package dev.dynakit.engine.internal.item;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.expr.ConditionExpr;
import dev.dynakit.engine.internal.expr.ExpressionContext;
import dev.dynakit.engine.internal.expr.Expressions;
import dev.dynakit.engine.internal.expr.Legacy;
import dev.dynakit.engine.internal.expr.ProjectionExpr;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.Violations;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ValueWording;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The request parts that the item operations share, read and validated as DynamoDB does; Query,
 * Scan, the batch and the transaction operations reuse them for their own structures.
 */
public final class ItemRequests {
  private static final Pattern ENVELOPE = Pattern.compile("\\d+ validation errors? detected: ");

  // DynamoDB's choices for the write parameters, in the order its messages list them
  private static final List<String> CAPACITY_CHOICES = List.of("INDEXES", "TOTAL", "NONE");
  private static final List<String> METRICS_CHOICES = List.of("SIZE", "NONE");
  private static final List<String> RETURN_VALUES_CHOICES =
      List.of("ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW");
  private static final List<String> CONDITIONAL_OPERATORS = List.of("OR", "AND");

  /** The ReturnValues choices PutItem and DeleteItem support. */
  public static final List<String> OLD_OR_NONE = List.of("NONE", "ALL_OLD");

  /** Every ReturnValues choice (UpdateItem supports them all). */
  public static final List<String> ANY_RETURN_VALUES = RETURN_VALUES_CHOICES;

  private ItemRequests() {}

  /** The table named by {@code TableName}, validated and looked up. */
  public static Table table(Catalog catalog, Request request) {
    return table(catalog, tableName(request));
  }

  /** The table of a name {@link #tableName} validated. */
  public static Table table(Catalog catalog, String name) {
    Table table = catalog.find(name);
    if (table == null) {
      throw EngineException.notFound("Requested resource not found");
    }
    return table;
  }

  /**
   * Refuses a single-item write without its item or key ({@code member}) as DynamoDB does: with
   * every member constraint the request breaks, in DynamoDB's order, the missing member last.
   */
  public static void refuseWithout(Request request, String member) {
    if (request.has(member)) {
      return;
    }
    Violations v = new Violations();
    capacityAndMetricsChoices(request, v);
    String name = request.string("TableName");
    String nameProblem = name == null ? null : tableNameProblem(name);
    if (v.notNull("tableName", name) && nameProblem != null) {
      v.add("tableName", name, nameProblem);
    }
    returnValuesChoice(request, v);
    v.oneOf("conditionalOperator", request.string("ConditionalOperator"), CONDITIONAL_OPERATORS);
    v.notNull(Character.toLowerCase(member.charAt(0)) + member.substring(1), null);
    v.throwIfAny();
  }

  /** Records a ReturnConsumedCapacity or ReturnItemCollectionMetrics outside its choices. */
  public static void capacityAndMetricsChoices(Request request, Violations v) {
    v.oneOf("returnConsumedCapacity", request.string("ReturnConsumedCapacity"), CAPACITY_CHOICES);
    v.oneOf(
        "returnItemCollectionMetrics",
        request.string("ReturnItemCollectionMetrics"),
        METRICS_CHOICES);
  }

  /** Records a ReturnValues outside its choices. */
  public static void returnValuesChoice(Request request, Violations v) {
    v.oneOf("returnValues", request.string("ReturnValues"), RETURN_VALUES_CHOICES);
  }

  /** The constraint a table name of a single-item operation breaks, or null. */
  private static @Nullable String tableNameProblem(String name) {
    // a single-item operation takes a table's name or ARN, hence at least one character, not three
    if (name.isEmpty()) {
      return "Member must have length greater than or equal to 1";
    }
    if (name.length() > 255) {
      return "Member must have length less than or equal to 255";
    }
    if (!Violations.isNameText(name)) {
      return "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+";
    }
    // a name of one or two characters can name no table: refused, not "not found"
    return name.length() < 3 ? "Member must have length greater than or equal to 3" : null;
  }

  /** The {@code TableName} member, refused as DynamoDB refuses a malformed one. */
  public static String tableName(Request request) {
    String name = request.requireString("TableName");
    String problem = tableNameProblem(name);
    if (problem != null) {
      throw EngineException.validation(
          "1 validation error detected: Value '"
              + name
              + "' at 'tableName' failed to satisfy constraint: "
              + problem);
    }
    return name;
  }

  /** The expression context of the request, refusing empty name or value maps. */
  public static ExpressionContext context(Request request) {
    Map<String, String> names = request.stringMap("ExpressionAttributeNames");
    if (names != null && names.isEmpty()) {
      throw EngineException.validation("ExpressionAttributeNames must not be empty");
    }
    Map<String, AttrValue> values = expressionValues(request);
    return ExpressionContext.of(names, values);
  }

  private static @Nullable Map<String, AttrValue> expressionValues(Request request) {
    Map<String, Object> raw = request.map("ExpressionAttributeValues");
    if (raw == null) {
      return null;
    }
    if (raw.isEmpty()) {
      throw EngineException.validation("ExpressionAttributeValues must not be empty");
    }
    Map<String, AttrValue> values = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : raw.entrySet()) {
      try {
        values.put(e.getKey(), dev.dynakit.engine.internal.protocol.WireValues.value(e.getValue()));
      } catch (EngineException ex) {
        if (ex.type() != ErrorType.VALIDATION) {
          throw ex;
        }
        throw EngineException.validation(ValueWording.expressionValue(ex.getMessage(), e.getKey()));
      }
    }
    return values;
  }

  /**
   * A refusal of a single-item write's request (PutItem, UpdateItem, DeleteItem) as DynamoDB
   * reports it: inside the "1 validation error detected: " envelope, which those three put around
   * every refusal of the request itself, made before the table is read.
   */
  public static EngineException enveloped(EngineException e) {
    if (e.type() != ErrorType.VALIDATION || ENVELOPE.matcher(e.getMessage()).lookingAt()) {
      return e;
    }
    return EngineException.validation("1 validation error detected: " + e.getMessage());
  }

  /**
   * Refuses requests that mix legacy parameters with expression parameters, with DynamoDB's message
   * listing both kinds.
   */
  public static void refuseMixing(Request request, List<String> legacy, List<String> expression) {
    if (!usesAny(request, legacy) || !usesAny(request, expression)) {
      return;
    }
    StringJoiner legacyUsed = new StringJoiner(", ", "{", "}");
    StringJoiner expressionUsed = new StringJoiner(", ", "{", "}");
    for (String p : legacy) {
      if (request.has(p)) {
        legacyUsed.add(p);
      }
    }
    for (String p : expression) {
      if (request.has(p)) {
        expressionUsed.add(p);
      }
    }
    throw EngineException.validation(
        "Can not use both expression and non-expression parameters in the same request:"
            + " Non-expression parameters: "
            + legacyUsed
            + " Expression parameters: "
            + expressionUsed);
  }

  private static boolean usesAny(Request request, List<String> members) {
    for (int i = 0, n = members.size(); i < n; i++) {
      if (request.has(members.get(i))) {
        return true;
      }
    }
    return false;
  }

  /** The write condition: ConditionExpression, or legacy Expected + ConditionalOperator. */
  public static @Nullable ConditionExpr condition(Request request, ExpressionContext ctx) {
    String text = request.string("ConditionExpression");
    if (text != null) {
      return Expressions.condition(text, ctx, "ConditionExpression");
    }
    Map<String, Object> expected = request.map("Expected");
    if (expected != null) {
      return Legacy.expected(expected, request.string("ConditionalOperator"));
    }
    if (request.has("ConditionalOperator")) {
      throw EngineException.validation(
          "ConditionalOperator can only be used when Expected or QueryFilter or ScanFilter are"
              + " present");
    }
    return null;
  }

  /** The read projection: ProjectionExpression, or legacy AttributesToGet. */
  public static @Nullable ProjectionExpr projection(Request request, ExpressionContext ctx) {
    String text = request.string("ProjectionExpression");
    if (text != null) {
      return Expressions.projection(text, ctx);
    }
    List<String> names = request.strings("AttributesToGet");
    if (names != null) {
      if (names.isEmpty()) {
        throw EngineException.validation(
            "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy"
                + " constraint: Member must have length greater than or equal to 1");
      }
      if (names.stream().distinct().count() != names.size()) {
        throw EngineException.validation(
            "One or more parameter values were invalid: Duplicate value in attribute name: "
                + names);
      }
      return Legacy.attributesToGet(names);
    }
    return null;
  }

  /** Reads ReturnValues, allowing only the values the operation supports. */
  public static String returnValues(Request request, List<String> allowed) {
    String value = request.string("ReturnValues");
    if (value == null) {
      return "NONE";
    }
    if (!RETURN_VALUES_CHOICES.contains(value)) {
      throw EngineException.validation(
          "1 validation error detected: Value '"
              + value
              + "' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value"
              + " set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
    }
    if (!allowed.contains(value)) {
      throw EngineException.validation("ReturnValues can only be ALL_OLD or NONE");
    }
    return value;
  }

  /** Whether a failed condition must return the old item (ReturnValuesOnConditionCheckFailure). */
  public static boolean returnOldOnFailure(Request request) {
    String value = request.string("ReturnValuesOnConditionCheckFailure");
    if (value == null || value.equals("NONE")) {
      return false;
    }
    if (value.equals("ALL_OLD")) {
      return true;
    }
    throw EngineException.validation(
        "1 validation error detected: Value '"
            + value
            + "' at 'returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member"
            + " must satisfy enum value set: [ALL_OLD, NONE]");
  }

  /** Reads ReturnItemCollectionMetrics (validated; metrics are reported for tables with LSIs). */
  public static boolean returnItemCollectionMetrics(Request request) {
    String value = request.string("ReturnItemCollectionMetrics");
    if (value == null || value.equals("NONE")) {
      return false;
    }
    if (value.equals("SIZE")) {
      return true;
    }
    throw EngineException.validation(
        "1 validation error detected: Value '"
            + value
            + "' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must"
            + " satisfy enum value set: [SIZE, NONE]");
  }

  /** The ConditionalCheckFailedException, carrying the old item when asked. */
  public static EngineException conditionFailed(
      @Nullable Map<String, AttrValue> oldItem, boolean returnOld) {
    Object extra = null;
    if (returnOld && oldItem != null) {
      extra = Map.of("Item", oldItem);
    }
    return new EngineException(
        ErrorType.CONDITIONAL_CHECK_FAILED, "The conditional request failed", extra);
  }
}
