package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.KeyRules.INVALID;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Operation;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.Violations;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * TagResource, UntagResource and ListTagsOfResource, on tables named by ARN. A refused request
 * changes no tag.
 */
final class TaggingOps {
  private final EngineState state;

  TaggingOps(EngineState state) {
    this.state = state;
  }

  Object tagResource(Request req) {
    Violations v = new Violations();
    String arn = arn(req, v);
    v.notNull("tags", req.raw("Tags"));
    v.throwIfAny();
    String tableName = tableName(arn, "TagResource");
    List<Request> list = req.objects("Tags");
    if (list.isEmpty()) {
      throw EngineException.validation("Atleast one Tag needs to be provided as Input.");
    }
    Map<String, String> tags = TagRules.tags(list);
    TagRules.checkCount(tags.size());
    Table table = table(tableName, arn);
    synchronized (table) {
      Map<String, String> merged = new HashMap<>(table.tags());
      merged.putAll(tags);
      TagRules.checkCount(merged.size());
      table.tags().putAll(tags);
    }
    return Operation.NO_BODY;
  }

  Object untagResource(Request req) {
    Violations v = new Violations();
    String arn = arn(req, v);
    v.notNull("tagKeys", req.raw("TagKeys"));
    v.throwIfAny();
    String tableName = tableName(arn, "UntagResource");
    List<String> keys = req.strings("TagKeys");
    if (keys.isEmpty()) {
      throw EngineException.validation("Atleast one Tag Key needs to be provided as Input.");
    }
    for (String k : keys) {
      TagRules.checkKey(k);
    }
    TagRules.checkCount(keys.size());
    Table table = table(tableName, arn);
    synchronized (table) {
      for (String k : keys) {
        table.tags().remove(k);
      }
    }
    return Operation.NO_BODY;
  }

  Object listTagsOfResource(Request req) {
    Violations v = new Violations();
    String arn = arn(req, v);
    v.throwIfAny();
    Table table = table(tableName(arn, "ListTagsOfResource"), arn);
    List<Object> tags = new ArrayList<>();
    for (Map.Entry<String, String> e : new TreeMap<>(table.tags()).entrySet()) {
      Map<String, Object> tag = new LinkedHashMap<>();
      tag.put("Key", e.getKey());
      tag.put("Value", e.getValue());
      tags.add(tag);
    }
    return Map.of("Tags", tags);
  }

  private static String arn(Request req, Violations v) {
    String arn = req.string("ResourceArn");
    v.notNull("resourceArn", arn);
    v.length("resourceArn", arn, 1, 1283);
    return arn;
  }

  /** The table name of a table ARN of this engine, with DynamoDB's refusals of other ARNs. */
  private String tableName(String arn, String operation) {
    if (!arn.startsWith("arn:")) {
      throw EngineException.validation(INVALID + "ARNs must start with 'arn:': " + arn);
    }
    String[] parts = arn.split(":", 6);
    if (parts.length < 6 || !"dynamodb".equals(parts[2]) || !parts[5].startsWith("table/")) {
      throw EngineException.validation(
          INVALID + "Provided Arn is not a DynamoDB resource arn: " + arn);
    }
    String resource = parts[5].substring("table/".length());
    if (resource.isEmpty() || resource.contains("/")) {
      throw EngineException.validation(
          INVALID
              + "Invalid resource arn provided, only table or stream is accepted. Provided resource"
              + " arn: "
              + arn);
    }
    if (parts[3].equals(state.region()) && !parts[4].equals(state.accountId())) {
      // another account's table: a permission question, as DynamoDB answers it
      throw new EngineException(
          ErrorType.ACCESS_DENIED,
          "User: arn:aws:iam::"
              + state.accountId()
              + ":root is not authorized to perform: dynamodb:"
              + operation
              + " on resource: "
              + arn
              + " because no resource-based policy allows the dynamodb:"
              + operation
              + " action");
    }
    if (!parts[3].equals(state.region())) {
      throw EngineException.validation(
          "Invalid TableArn: Invalid ResourceArn provided as input " + arn);
    }
    return resource;
  }

  private Table table(String tableName, String arn) {
    Table table = state.catalog().find(tableName);
    if (table == null) {
      throw EngineException.notFound(
          "Requested resource not found: ResourceArn: " + arn + " not found");
    }
    return table;
  }
}
