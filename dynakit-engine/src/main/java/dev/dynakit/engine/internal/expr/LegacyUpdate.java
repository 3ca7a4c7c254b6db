package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.protocol.WireValues;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The legacy AttributeUpdates parameter: PUT, ADD (numbers, sets, and also lists, which it appends)
 * and DELETE (the attribute, or members of a set) on top-level attributes.
 */
final class LegacyUpdate implements UpdateExpr {
  private static final String MISMATCH = "Type mismatch for attribute to update";

  /** One attribute's action; {@code value} is null only for a DELETE of the whole attribute. */
  private record Action(String name, String action, @Nullable AttrValue value) {}

  private final List<Action> actions;
  private final List<DocPath> paths;

  private LegacyUpdate(List<Action> actions) {
    this.actions = actions;
    this.paths = actions.stream().map(a -> DocPath.attribute(a.name())).toList();
  }

  static LegacyUpdate parse(Map<String, Object> tree) {
    List<Action> actions = new ArrayList<>();
    for (Map.Entry<String, Object> e : tree.entrySet()) {
      Request update = LegacyConditions.structure(e.getValue());
      String action = update.string("Action");
      if (action == null) {
        action = "PUT";
      } else if (!action.equals("PUT") && !action.equals("ADD") && !action.equals("DELETE")) {
        throw EngineException.validation(
            "1 validation error detected: Value '"
                + action
                + "' at 'attributeUpdates."
                + e.getKey()
                + ".member.action' failed to satisfy constraint: Member must satisfy enum value"
                + " set: [ADD, PUT, DELETE]");
      }
      AttrValue value = update.has("Value") ? WireValues.value(update.raw("Value")) : null;
      check(action, value);
      actions.add(new Action(e.getKey(), action, value));
    }
    return new LegacyUpdate(actions);
  }

  private static void check(String action, @Nullable AttrValue value) {
    String invalid = LegacyConditions.INVALID;
    if (value == null) {
      if (!action.equals("DELETE")) {
        throw EngineException.validation(
            invalid + "Only DELETE action is allowed when no attribute value is specified");
      }
      return;
    }
    String type = value.typeName();
    boolean set = type.equals("SS") || type.equals("NS") || type.equals("BS");
    if (action.equals("DELETE") && !set) {
      throw EngineException.validation(
          invalid + "DELETE action with value is not supported for the type " + type);
    }
    if (action.equals("ADD") && !set && !type.equals("N") && !type.equals("L")) {
      throw EngineException.validation(
          invalid + "ADD action is not supported for the type " + type);
    }
  }

  @Override
  public boolean onlyRemoves() {
    for (Action a : actions) {
      if (!a.action().equals("DELETE")) {
        return false;
      }
    }
    return !actions.isEmpty();
  }

  @Override
  public List<DocPath> updatedPaths() {
    return paths;
  }

  @Override
  public Map<String, AttrValue> apply(Map<String, AttrValue> item) {
    Map<String, AttrValue> out = new LinkedHashMap<>(item);
    for (Action a : actions) {
      AttrValue existing = out.get(a.name());
      AttrValue value = a.value();
      switch (a.action()) {
        case "PUT":
          out.put(a.name(), value);
          break;
        case "ADD":
          if (existing == null) {
            out.put(a.name(), value);
          } else if (existing instanceof AttrValue.L list && value instanceof AttrValue.L more) {
            List<AttrValue> joined = new ArrayList<>(list.values());
            joined.addAll(more.values());
            out.put(a.name(), new AttrValue.L(joined));
          } else {
            out.put(a.name(), SetMath.add(existing, value, MISMATCH));
          }
          break;
        default:
          if (value == null) {
            out.remove(a.name());
          } else if (existing != null) {
            AttrValue rest = SetMath.delete(existing, value, MISMATCH);
            if (rest == null) {
              out.remove(a.name());
            } else {
              out.put(a.name(), rest);
            }
          }
          break;
      }
    }
    ParsedUpdate.checkNesting(out);
    return out;
  }
}
