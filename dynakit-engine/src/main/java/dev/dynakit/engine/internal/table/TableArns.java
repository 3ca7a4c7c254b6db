package dev.dynakit.engine.internal.table;

import dev.dynakit.engine.error.EngineException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Table ARNs where DynamoDB takes a table name or its ARN: {@code TableName}, the keys of a batch's
 * {@code RequestItems} and the {@code TableName} of each transaction action. A request that names a
 * table by this engine's ARN for it runs as if it named the table, and the answer names the table
 * the way the request did: the keys of a batch's {@code Responses}, {@code UnprocessedKeys}, {@code
 * UnprocessedItems} and {@code ItemCollectionMetrics}, and {@code ConsumedCapacity.TableName}, as
 * DynamoDB documents. An ARN of another region or account names no table here.
 */
public final class TableArns {
  private static final String ARN = "arn:";
  private static final List<String> ACTIONS =
      List.of("Put", "Update", "Delete", "ConditionCheck", "Get");
  private static final List<String> TABLE_KEYED =
      List.of("Responses", "UnprocessedKeys", "UnprocessedItems", "ItemCollectionMetrics");

  /** The ARN of a table of this engine without the table's name. */
  private final String prefix;

  /** Takes ARNs of the form {@code arn:aws:dynamodb:REGION:ACCOUNT:table/NAME}. */
  public TableArns(String region, String accountId) {
    this.prefix = "arn:aws:dynamodb:" + region + ":" + accountId + ":table/";
  }

  /**
   * A request with its table ARNs replaced by names, and how to name the tables in its answer.
   *
   * @param keyedByTable whether the ARNs came from a batch's or a transaction's tables, whose
   *     answer has maps keyed by table (a single-item answer's ItemCollectionMetrics is not one of
   *     them)
   */
  public record Resolved(
      Map<String, Object> request, Map<String, String> arnsByName, boolean keyedByTable) {
    /** Names the tables of the answer as the request named them. */
    public Object restore(Object answer) {
      if (arnsByName.isEmpty() || !(answer instanceof Map<?, ?> map)) {
        return answer;
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> out = new LinkedHashMap<>((Map<String, Object>) map);
      for (String member : keyedByTable ? TABLE_KEYED : List.<String>of()) {
        if (out.get(member) instanceof Map<?, ?> byTable) {
          Map<String, Object> renamed = new LinkedHashMap<>();
          byTable.forEach((k, v) -> renamed.put(arnsByName.getOrDefault(k, (String) k), v));
          out.put(member, renamed);
        }
      }
      Object consumed = out.get("ConsumedCapacity");
      if (consumed instanceof List<?> list) {
        List<Object> renamed = new ArrayList<>(list.size());
        for (Object c : list) {
          renamed.add(withArn(c));
        }
        out.put("ConsumedCapacity", renamed);
      } else if (consumed != null) {
        out.put("ConsumedCapacity", withArn(consumed));
      }
      return out;
    }

    private Object withArn(Object consumed) {
      if (consumed instanceof Map<?, ?> c && c.get("TableName") instanceof String name) {
        String arn = arnsByName.get(name);
        if (arn != null) {
          @SuppressWarnings("unchecked")
          Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) c);
          copy.put("TableName", arn);
          return copy;
        }
      }
      return consumed;
    }
  }

  /**
   * The request with every table ARN of this engine replaced by the table's name, or null when it
   * names tables by name only (every request but a few: this costs a few lookups, no allocation).
   *
   * @throws EngineException ResourceNotFoundException for an ARN that is not one of this engine's
   *     table ARNs
   */
  public @Nullable Resolved resolve(Map<String, Object> request) {
    if (!namesAnArn(request)) {
      return null;
    }
    Map<String, String> arns = new HashMap<>(2);
    boolean keyed = false;
    Map<String, Object> out = request;
    if (request.get("TableName") instanceof String arn && isArn(arn)) {
      out = new LinkedHashMap<>(request);
      out.put("TableName", name(arn, arns));
    }
    if (request.get("RequestItems") instanceof Map<?, ?> items && anyArnKey(items)) {
      Map<String, Object> renamed = new LinkedHashMap<>();
      items.forEach(
          (k, v) -> {
            String name = isArn((String) k) ? name((String) k, arns) : (String) k;
            if (renamed.put(name, v) != null) {
              throw EngineException.validation(
                  "RequestItems names the table " + name + " twice, by its name and by its ARN");
            }
          });
      out = copyOnce(out, request);
      out.put("RequestItems", renamed);
      keyed = true;
    }
    if (request.get("TransactItems") instanceof List<?> actions) {
      List<Object> resolved = transactItems(actions, arns);
      if (resolved != null) {
        out = copyOnce(out, request);
        out.put("TransactItems", resolved);
        keyed = true;
      }
    }
    return new Resolved(out, arns, keyed);
  }

  private static boolean namesAnArn(Map<String, Object> request) {
    if (request.get("TableName") instanceof String name && isArn(name)) {
      return true;
    }
    if (request.get("RequestItems") instanceof Map<?, ?> items && anyArnKey(items)) {
      return true;
    }
    if (request.get("TransactItems") instanceof List<?> actions) {
      for (Object action : actions) {
        if (action instanceof Map<?, ?> a) {
          for (String kind : ACTIONS) {
            if (a.get(kind) instanceof Map<?, ?> body
                && body.get("TableName") instanceof String name
                && isArn(name)) {
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  private static Map<String, Object> copyOnce(
      Map<String, Object> out, Map<String, Object> request) {
    return out == request ? new LinkedHashMap<>(request) : out;
  }

  private static boolean isArn(String name) {
    return name.startsWith(ARN);
  }

  private static boolean anyArnKey(Map<?, ?> items) {
    for (Object k : items.keySet()) {
      if (k instanceof String s && isArn(s)) {
        return true;
      }
    }
    return false;
  }

  /** The actions with their ARNs replaced, or null when none names its table by ARN. */
  private @Nullable List<Object> transactItems(List<?> actions, Map<String, String> arns) {
    List<Object> out = null;
    for (int i = 0; i < actions.size(); i++) {
      Object action = actions.get(i);
      Object resolved = action;
      if (action instanceof Map<?, ?> a) {
        for (String kind : ACTIONS) {
          if (a.get(kind) instanceof Map<?, ?> body
              && body.get("TableName") instanceof String arn
              && isArn(arn)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> b = new LinkedHashMap<>((Map<String, Object>) body);
            b.put("TableName", name(arn, arns));
            @SuppressWarnings("unchecked")
            Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) a);
            copy.put(kind, b);
            resolved = copy;
          }
        }
      }
      if (resolved != action && out == null) {
        out = new ArrayList<>(actions.subList(0, i));
      }
      if (out != null) {
        out.add(resolved);
      }
    }
    return out;
  }

  private String name(String arn, Map<String, String> arns) {
    String name = arn.startsWith(prefix) ? arn.substring(prefix.length()) : "";
    if (name.isEmpty() || name.indexOf('/') >= 0) {
      throw EngineException.notFound(
          "Requested resource not found: "
              + arn
              + " is not the ARN of a table of this engine, whose table ARNs are "
              + prefix
              + "NAME");
    }
    arns.put(name, arn);
    return name;
  }
}
