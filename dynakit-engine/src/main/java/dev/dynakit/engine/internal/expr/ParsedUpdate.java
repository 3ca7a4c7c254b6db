package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.protocol.WireValues;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An update expression's actions applied the way DynamoDB applies them: every SET value is read
 * from the item as it was, then SET/ADD/DELETE act in path order (so that appends past the end of a
 * list land in index order), then REMOVE acts from the highest list index down, so that every index
 * refers to the item as it was.
 */
final class ParsedUpdate implements UpdateExpr {
  static final String INVALID_PATH =
      "The document path provided in the update expression is invalid for update";
  static final String WRONG_TYPE = "An operand in the update expression has an incorrect data type";
  static final String MISSING =
      "The provided expression refers to an attribute that does not exist in the item";

  private static final Comparator<DocPath> PATH_ORDER = ParsedUpdate::comparePaths;

  private final List<UpdateAction> actions;
  private final List<DocPath> paths;

  ParsedUpdate(List<UpdateAction> actions) {
    this.actions = List.copyOf(actions);
    this.paths = actions.stream().map(UpdateAction::path).toList();
  }

  List<UpdateAction> actions() {
    return actions;
  }

  @Override
  public boolean onlyRemoves() {
    for (UpdateAction a : actions) {
      if (!(a instanceof UpdateAction.Remove) && !(a instanceof UpdateAction.Delete)) {
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
    Map<UpdateAction, AttrValue> setValues = new IdentityHashMap<>();
    for (UpdateAction a : actions) {
      if (a instanceof UpdateAction.Set set) {
        setValues.put(a, evaluate(set.value(), item));
      }
    }
    List<UpdateAction> writes = new ArrayList<>();
    List<UpdateAction> removes = new ArrayList<>();
    for (UpdateAction a : actions) {
      (a instanceof UpdateAction.Remove ? removes : writes).add(a);
    }
    writes.sort(Comparator.comparing(UpdateAction::path, PATH_ORDER));
    removes.sort(Comparator.comparing(UpdateAction::path, PATH_ORDER.reversed()));
    DocEditor editor = new DocEditor(item);
    for (UpdateAction a : writes) {
      write(editor, a, setValues.get(a));
    }
    for (UpdateAction a : removes) {
      Object parent = editor.parentOf(a.path());
      if (parent == null || !fits(parent, last(a.path()))) {
        throw EngineException.validation(INVALID_PATH);
      }
      editor.remove(parent, last(a.path()));
    }
    Map<String, AttrValue> result = editor.result();
    checkNesting(result);
    return result;
  }

  private void write(DocEditor editor, UpdateAction action, @Nullable AttrValue setValue) {
    DocPath path = action.path();
    Object parent = editor.parentOf(path);
    Object key = last(path);
    if (parent == null || !fits(parent, key)) {
      throw EngineException.validation(INVALID_PATH);
    }
    if (action instanceof UpdateAction.Set) {
      editor.put(parent, key, setValue);
    } else if (action instanceof UpdateAction.Add add) {
      AttrValue existing = editor.get(parent, key);
      editor.put(
          parent,
          key,
          existing == null ? add.value() : SetMath.add(existing, add.value(), WRONG_TYPE));
    } else {
      AttrValue existing = editor.get(parent, key);
      if (existing != null) {
        AttrValue rest =
            SetMath.delete(existing, ((UpdateAction.Delete) action).value(), WRONG_TYPE);
        if (rest == null) {
          editor.remove(parent, key);
        } else {
          editor.put(parent, key, rest);
        }
      }
    }
  }

  /** Evaluates a SET value against the item as it was before the update. */
  static AttrValue evaluate(Operand operand, Map<String, AttrValue> item) {
    if (operand instanceof Operand.Value v) {
      return v.value();
    }
    if (operand instanceof Operand.Path p) {
      AttrValue v = p.path().valueIn(item);
      if (v == null) {
        throw EngineException.validation(MISSING);
      }
      return v;
    }
    if (operand instanceof Operand.Arith arith) {
      AttrValue a = evaluate(arith.left(), item);
      if (!(a instanceof AttrValue.N x)) {
        throw EngineException.validation(WRONG_TYPE);
      }
      AttrValue b = evaluate(arith.right(), item);
      if (!(b instanceof AttrValue.N y)) {
        throw EngineException.validation(WRONG_TYPE);
      }
      return new AttrValue.N(
          arith.plus() ? x.value().add(y.value()) : x.value().subtract(y.value()));
    }
    Operand.Call call = (Operand.Call) operand;
    if (call.name().equals("if_not_exists")) {
      AttrValue existing = call.args().get(0).eval(item);
      return existing != null ? existing : evaluate(call.args().get(1), item);
    }
    AttrValue a = evaluate(call.args().get(0), item);
    if (!(a instanceof AttrValue.L x)) {
      throw EngineException.validation(WRONG_TYPE);
    }
    AttrValue b = evaluate(call.args().get(1), item);
    if (!(b instanceof AttrValue.L y)) {
      throw EngineException.validation(WRONG_TYPE);
    }
    List<AttrValue> joined = new ArrayList<>(x.values());
    joined.addAll(y.values());
    return new AttrValue.L(joined);
  }

  private static Object last(DocPath path) {
    return path.elements().get(path.size() - 1);
  }

  private static boolean fits(Object container, Object key) {
    return (container instanceof Map) == (key instanceof String);
  }

  /** Refuses results nested deeper than DynamoDB stores. */
  static void checkNesting(Map<String, AttrValue> item) {
    for (AttrValue v : item.values()) {
      if (depth(v) > WireValues.MAX_NESTING_DEPTH) {
        throw EngineException.validation(WireValues.NESTING_MESSAGE);
      }
    }
  }

  private static int depth(AttrValue v) {
    int deepest = -1;
    if (v instanceof AttrValue.M m) {
      for (AttrValue c : m.values().values()) {
        deepest = Math.max(deepest, depth(c));
      }
    } else if (v instanceof AttrValue.L l) {
      for (AttrValue c : l.values()) {
        deepest = Math.max(deepest, depth(c));
      }
    }
    return deepest + 1;
  }

  private static int comparePaths(DocPath a, DocPath b) {
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      Object x = a.elements().get(i);
      Object y = b.elements().get(i);
      int c;
      if (x instanceof Integer i1 && y instanceof Integer i2) {
        c = Integer.compare(i1, i2);
      } else if (x instanceof String s1 && y instanceof String s2) {
        c = s1.compareTo(s2);
      } else {
        c = x instanceof String ? -1 : 1;
      }
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }
}
