package dev.dynakit.core.expr;

import dev.dynakit.core.InvalidExpressionException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Builds an {@code UpdateExpression}: {@code SET} (values, {@code if_not_exists}, list append and
 * prepend), {@code REMOVE}, {@code ADD} (number increment, set union) and {@code DELETE} (set
 * difference), in that clause order. Paths are text split on the separator ({@code .} by default)
 * with all-digit segments as list indices, or {@link FieldPath}s.
 *
 * <p>DynamoDB refuses two actions on overlapping paths ({@code a} and {@code a.b}) and an empty
 * update; {@link #build} reports both before a request is sent.
 *
 * <pre>{@code
 * Expression e = UpdateBuilder.create()
 *     .setAll(Map.of("name", "Ann", "address.city", "Oslo"))
 *     .remove("nickname")
 *     .add("visits", 1)
 *     .append("tags", List.of("new"))
 *     .build(placeholders);
 * }</pre>
 */
public final class UpdateBuilder {
  private enum Kind {
    SET,
    SET_IF_ABSENT,
    APPEND,
    PREPEND,
    REMOVE,
    ADD,
    DELETE
  }

  private record Action(Kind kind, FieldPath path, @Nullable Object value) {}

  private final String separator;
  private final List<Action> actions = new ArrayList<>();

  private UpdateBuilder(String separator) {
    if (separator.isEmpty()) {
      throw new InvalidExpressionException("a path separator must not be empty");
    }
    this.separator = separator;
  }

  /** A builder whose textual paths use {@code .} between segments. */
  public static UpdateBuilder create() {
    return new UpdateBuilder(FieldPath.DEFAULT_SEPARATOR);
  }

  /** A builder whose textual paths use {@code separator} between segments. */
  public static UpdateBuilder create(String separator) {
    return new UpdateBuilder(separator);
  }

  /** {@code SET path = value} (null writes DynamoDB's NULL). */
  public UpdateBuilder set(String path, @Nullable Object value) {
    return set(parse(path), value);
  }

  public UpdateBuilder set(FieldPath path, @Nullable Object value) {
    return action(Kind.SET, path, value);
  }

  /** {@code SET} for every entry; keys are paths. */
  public UpdateBuilder setAll(Map<String, ?> patch) {
    patch.forEach(this::set);
    return this;
  }

  /** {@code SET path = if_not_exists(path, value)}: writes only where nothing is yet. */
  public UpdateBuilder setIfAbsent(String path, Object value) {
    return action(Kind.SET_IF_ABSENT, parse(path), Objects.requireNonNull(value, "value"));
  }

  /** {@code REMOVE path}. */
  public UpdateBuilder remove(String path) {
    return remove(parse(path));
  }

  public UpdateBuilder remove(FieldPath path) {
    return action(Kind.REMOVE, path, null);
  }

  /** {@code REMOVE} for every path (the patch's delete list). */
  public UpdateBuilder removeAll(Collection<String> paths) {
    for (String path : paths) {
      remove(path);
    }
    return this;
  }

  /**
   * {@code ADD path value}: adds a number (an absent attribute counts as 0) or unites a set.
   *
   * @throws InvalidExpressionException for anything but a number or a non-empty set
   */
  public UpdateBuilder add(String path, Object numberOrSet) {
    return add(parse(path), numberOrSet);
  }

  public UpdateBuilder add(FieldPath path, Object numberOrSet) {
    if (!(numberOrSet instanceof Number) && !isNonEmptySet(numberOrSet)) {
      throw new InvalidExpressionException(
          "ADD " + path + " takes a number or a non-empty set, got " + numberOrSet);
    }
    return action(Kind.ADD, path, numberOrSet);
  }

  /** {@code DELETE path elements}: removes elements from a set attribute. */
  public UpdateBuilder delete(String path, Set<?> elements) {
    if (elements.isEmpty()) {
      throw new InvalidExpressionException("DELETE " + path + " takes a non-empty set");
    }
    return action(Kind.DELETE, parse(path), elements);
  }

  /** Appends to a list, creating it when absent. */
  public UpdateBuilder append(String path, List<?> values) {
    return action(Kind.APPEND, parse(path), List.copyOf(values));
  }

  /** Prepends to a list, creating it when absent. */
  public UpdateBuilder prepend(String path, List<?> values) {
    return action(Kind.PREPEND, parse(path), List.copyOf(values));
  }

  /** Whether no action was added. */
  public boolean isEmpty() {
    return actions.isEmpty();
  }

  /**
   * Renders the update against the request's placeholders.
   *
   * @throws InvalidExpressionException when there is no action or two actions' paths overlap
   */
  public Expression build(Placeholders placeholders) {
    if (actions.isEmpty()) {
      throw new InvalidExpressionException("an update needs at least one action");
    }
    for (int i = 0; i < actions.size(); i++) {
      for (int j = i + 1; j < actions.size(); j++) {
        if (actions.get(i).path().overlaps(actions.get(j).path())) {
          throw new InvalidExpressionException(
              "the update paths '"
                  + actions.get(i).path()
                  + "' and '"
                  + actions.get(j).path()
                  + "' overlap; DynamoDB refuses overlapping paths in one update");
        }
      }
    }
    ExpressionWriter out = new ExpressionWriter(placeholders);
    clause(out, "SET", Kind.SET, Kind.SET_IF_ABSENT, Kind.APPEND, Kind.PREPEND);
    clause(out, "REMOVE", Kind.REMOVE);
    clause(out, "ADD", Kind.ADD);
    clause(out, "DELETE", Kind.DELETE);
    return out.done();
  }

  /** Renders the update with a fresh context. */
  public Expression build() {
    return build(Placeholders.create());
  }

  private void clause(ExpressionWriter out, String keyword, Kind... kinds) {
    boolean first = true;
    for (Action action : actions) {
      if (!List.of(kinds).contains(action.kind())) {
        continue;
      }
      if (first) {
        out.text(out.length() == 0 ? keyword + " " : " " + keyword + " ");
        first = false;
      } else {
        out.text(", ");
      }
      write(out, action);
    }
  }

  private static void write(ExpressionWriter out, Action action) {
    FieldPath path = action.path();
    String field = path.isTopLevel() ? path.root() : null;
    switch (action.kind()) {
      case SET:
        out.path(path).text(" = ").value(field, action.value());
        break;
      case SET_IF_ABSENT:
        out.path(path).text(" = if_not_exists(").path(path).text(", ");
        out.value(field, action.value()).text(")");
        break;
      case APPEND:
        out.path(path).text(" = list_append(if_not_exists(").path(path).text(", ");
        out.value(null, List.of()).text("), ").value(null, action.value()).text(")");
        break;
      case PREPEND:
        out.path(path).text(" = list_append(").value(null, action.value()).text(", if_not_exists(");
        out.path(path).text(", ").value(null, List.of()).text("))");
        break;
      case REMOVE:
        out.path(path);
        break;
      default:
        // ADD and DELETE: "path value"
        out.path(path).text(" ").value(null, action.value());
        break;
    }
  }

  private UpdateBuilder action(Kind kind, FieldPath path, @Nullable Object value) {
    actions.add(new Action(kind, Objects.requireNonNull(path, "path"), value));
    return this;
  }

  private FieldPath parse(String path) {
    return FieldPath.parse(path, separator);
  }

  private static boolean isNonEmptySet(Object value) {
    return value instanceof Set && !((Set<?>) value).isEmpty();
  }
}
