package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Key conditions on distinct attributes, matched to key schemas with DynamoDB's refusals. */
final class KeyConditions implements KeyConditionExpr {
  private final Map<String, KeyCondition> byName = new LinkedHashMap<>();

  KeyConditions(List<KeyCondition> conditions) {
    for (KeyCondition c : conditions) {
      byName.put(c.attributeName(), c);
    }
  }

  @Override
  public List<KeyCondition> conditions() {
    return List.copyOf(byName.values());
  }

  @Override
  public @Nullable KeyCondition condition(String attributeName) {
    return byName.get(attributeName);
  }

  @Override
  public Map<String, AttrValue> partitionKey(
      List<String> partitionKeyNames, List<String> sortKeyNames) {
    int keyAttributes = partitionKeyNames.size() + sortKeyNames.size();
    if (byName.size() > keyAttributes) {
      throw EngineException.validation(
          "The number of query conditions ("
              + byName.size()
              + ") exceeds the number of key attributes defined in the schema ("
              + keyAttributes
              + ")");
    }
    Map<String, AttrValue> key = new LinkedHashMap<>();
    for (String name : partitionKeyNames) {
      KeyCondition c = byName.get(name);
      if (c == null) {
        throw missed(name);
      }
      if (c.operator() != KeyOperator.EQ) {
        throw notSupported();
      }
      key.put(name, c.value());
    }
    int sortConditions = 0;
    for (String name : sortKeyNames) {
      if (byName.containsKey(name)) {
        sortConditions++;
      }
    }
    if (partitionKeyNames.size() + sortConditions != byName.size()) {
      // A condition on an attribute outside the key: name the first unconstrained sort key
      // attribute if there is one, as DynamoDB does.
      for (String name : sortKeyNames) {
        if (!byName.containsKey(name)) {
          throw missed(name);
        }
      }
      throw notSupported();
    }
    checkSortKeyPrefix(sortKeyNames);
    return key;
  }

  @Override
  public List<KeyCondition> sortKey(List<String> sortKeyNames) {
    List<KeyCondition> out = new ArrayList<>();
    for (String name : sortKeyNames) {
      KeyCondition c = byName.get(name);
      if (c != null) {
        out.add(c);
      }
    }
    return out;
  }

  /**
   * A multi-attribute sort key is matched as a prefix: every attribute before the last one the
   * condition names needs an equality, as DynamoDB demands (and words its refusal).
   */
  private void checkSortKeyPrefix(List<String> sortKeyNames) {
    int last = -1;
    for (int i = 0; i < sortKeyNames.size(); i++) {
      if (byName.containsKey(sortKeyNames.get(i))) {
        last = i;
      }
    }
    List<String> lacking = null;
    for (int i = 0; i < last; i++) {
      KeyCondition c = byName.get(sortKeyNames.get(i));
      if (c == null || c.operator() != KeyOperator.EQ) {
        if (lacking == null) {
          lacking = new ArrayList<>();
        }
        lacking.add(sortKeyNames.get(i));
      }
    }
    if (lacking != null) {
      // DynamoDB's words for one such attribute; several are listed comma-separated
      throw EngineException.validation(
          "RANGE key attributes "
              + String.join(", ", lacking)
              + " must have equality conditions specified in the query because a condition is"
              + " present on key attribute "
              + sortKeyNames.get(last));
    }
  }

  private static EngineException missed(String name) {
    return EngineException.validation("Query condition missed key schema element: " + name);
  }

  private static EngineException notSupported() {
    return EngineException.validation("Query key condition not supported");
  }

  /**
   * Converts a parsed KeyConditionExpression: an AND of comparisons, BETWEEN and begins_with, each
   * on one distinct top-level attribute against values.
   */
  static KeyConditions fromExpression(Cond cond) {
    List<KeyCondition> out = new ArrayList<>();
    collect(cond, out);
    return new KeyConditions(out);
  }

  private static void collect(Cond cond, List<KeyCondition> out) {
    if (cond instanceof Cond.And and) {
      collect(and.left(), out);
      collect(and.right(), out);
      return;
    }
    if (cond instanceof Cond.Or) {
      throw invalidOperator("OR");
    }
    if (cond instanceof Cond.Not) {
      throw invalidOperator("NOT");
    }
    if (cond instanceof Cond.In) {
      throw invalidOperator("IN");
    }
    List<Operand> args;
    KeyOperator op;
    if (cond instanceof Cond.Compare c) {
      if (c.op() == Cond.Op.NE) {
        throw invalidOperator("<>");
      }
      args = List.of(c.left(), c.right());
      op = KeyOperator.valueOf(c.op().name());
    } else if (cond instanceof Cond.Between b) {
      if (!(b.subject() instanceof Operand.Path)) {
        throw firstOperand("BETWEEN");
      }
      args = List.of(b.subject(), b.low(), b.high());
      op = KeyOperator.BETWEEN;
    } else {
      Cond.Fn fn = (Cond.Fn) cond;
      if (!fn.name().equals("begins_with")) {
        throw invalidOperator(fn.name());
      }
      if (!(fn.args().get(0) instanceof Operand.Path)) {
        throw firstOperand("begins_with");
      }
      args = fn.args();
      op = KeyOperator.BEGINS_WITH;
    }
    String attribute = null;
    int attributeAt = -1;
    List<AttrValue> values = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      Operand a = args.get(i);
      if (a instanceof Operand.Path p) {
        if (attribute != null) {
          throw EngineException.validation(
              "Invalid condition in KeyConditionExpression: Multiple attribute names used in one"
                  + " condition");
        }
        if (!p.path().isTopLevel()) {
          throw EngineException.validation(
              "Invalid KeyConditionExpression: KeyConditionExpressions cannot have conditions on"
                  + " nested attributes");
        }
        attribute = p.path().topLevel();
        attributeAt = i;
      } else if (a instanceof Operand.Call) {
        throw EngineException.validation(
            "KeyConditionExpressions cannot contain nested operations");
      } else {
        values.add(((Operand.Value) a).value());
      }
    }
    if (attribute == null) {
      throw EngineException.validation(
          "Invalid condition in KeyConditionExpression: No key attribute specified");
    }
    for (KeyCondition existing : out) {
      if (existing.attributeName().equals(attribute)) {
        // DynamoDB answers this one without the "Invalid KeyConditionExpression: " prefix, on the
        // partition key as on the sort key (as quoted in public reports of the service's error).
        throw EngineException.validation(
            "KeyConditionExpressions must only contain one condition per key");
      }
    }
    if (attributeAt != 0) {
      op = flip(op);
    }
    out.add(new KeyCondition(attribute, op, values));
  }

  /** The operator seen from the other side: {@code :v < k} is {@code k > :v}. */
  private static KeyOperator flip(KeyOperator op) {
    switch (op) {
      case LT:
        return KeyOperator.GT;
      case LE:
        return KeyOperator.GE;
      case GT:
        return KeyOperator.LT;
      case GE:
        return KeyOperator.LE;
      default:
        return op;
    }
  }

  private static EngineException invalidOperator(String operator) {
    return EngineException.validation(
        "Invalid operator used in KeyConditionExpression: " + operator);
  }

  private static EngineException firstOperand(String operator) {
    return EngineException.validation(
        "Invalid condition in KeyConditionExpression: "
            + operator
            + " operator must have the key attribute as its first operand");
  }
}
