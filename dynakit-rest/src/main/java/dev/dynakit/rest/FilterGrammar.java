package dev.dynakit.rest;

import dev.dynakit.core.expr.FilterClause;
import dev.dynakit.core.schema.FilterOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * The filter grammar of the wire contract: every query parameter named {@code <op>-<field>}, with
 * {@code op} one of the twelve lower-case codes, is a clause; clauses are ANDed in the order of the
 * query. Values stay text here; the declaration's allowlist and types are applied when the clauses
 * are compiled ({@link dev.dynakit.core.expr.Filters}).
 */
final class FilterGrammar {
  private FilterGrammar() {}

  /** The operator codes, for messages. */
  static String codes() {
    StringJoiner codes = new StringJoiner(", ");
    for (FilterOp op : FilterOp.values()) {
      codes.add(op.code());
    }
    return codes.toString();
  }

  /** The operator of a filter parameter name, or null when the name is not a filter. */
  static @Nullable FilterOp opOf(String name) {
    int dash = name.indexOf('-');
    if (dash < 2 || dash == name.length() - 1) {
      return null;
    }
    return FilterOp.fromCode(name.substring(0, dash));
  }

  /** The clauses of the query, in order. */
  static List<FilterClause> parse(QueryParams query, RestPolicy policy) {
    List<FilterClause> clauses = new ArrayList<>();
    for (Map.Entry<String, String> param : query.asMap().entrySet()) {
      String name = param.getKey();
      FilterOp op = opOf(name);
      if (op == null) {
        continue;
      }
      if (clauses.size() == policy.maxFilterClauses()) {
        throw RestException.badRequest(
            "TooManyFilters",
            "at most " + policy.maxFilterClauses() + " filter clauses are allowed in one request");
      }
      String field = name.substring(name.indexOf('-') + 1);
      if (field.length() > policy.maxValueLength()) {
        throw RestException.badRequest(
            "BadFilterField",
            "filter field name is longer than " + policy.maxValueLength() + " characters");
      }
      clauses.add(new FilterClause(field, op, values(op, name, param.getValue(), policy)));
    }
    return clauses;
  }

  private static List<Object> values(FilterOp op, String name, String value, RestPolicy policy) {
    if (value.length() > policy.maxValueLength()) {
      throw RestException.badRequest(
          "BadFilterValue",
          "the value of "
              + Texts.quote(name)
              + " is longer than "
              + policy.maxValueLength()
              + " characters");
    }
    switch (op) {
      case EXISTS:
      case NOT_EXISTS:
        // the reference ignores the value: ?ex-name and ?ex-name=1 mean the same
        return List.of();
      case IN:
      case BETWEEN:
        return new ArrayList<>(split(value));
      default:
        return List.of(value);
    }
  }

  /**
   * The first-character-delimited multi-value rule of {@code in} and {@code btw}: an empty value
   * has no values; a value starting with an ASCII letter or digit is split on {@code ,}; otherwise
   * its first character is the delimiter for the rest. Leading and trailing empty pieces are
   * dropped, interior ones kept.
   */
  static List<String> split(String value) {
    if (value.isEmpty()) {
      return List.of();
    }
    int first = value.codePointAt(0);
    String delimiter;
    String rest;
    if (first < 128 && Character.isLetterOrDigit(first)) {
      delimiter = ",";
      rest = value;
    } else {
      int width = Character.charCount(first);
      delimiter = value.substring(0, width);
      rest = value.substring(width);
    }
    List<String> pieces = new ArrayList<>();
    int start = 0;
    while (true) {
      int at = rest.indexOf(delimiter, start);
      if (at < 0) {
        pieces.add(rest.substring(start));
        break;
      }
      pieces.add(rest.substring(start, at));
      start = at + delimiter.length();
    }
    int from = 0;
    int to = pieces.size();
    while (from < to && pieces.get(from).isEmpty()) {
      from++;
    }
    while (to > from && pieces.get(to - 1).isEmpty()) {
      to--;
    }
    return List.copyOf(pieces.subList(from, to));
  }
}
