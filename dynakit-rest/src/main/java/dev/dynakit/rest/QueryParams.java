package dev.dynakit.rest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A query string as the reference handler reads it: {@code &}-separated pairs, names and values
 * percent-decoded with {@code +} as a space, the last occurrence of a repeated name winning while
 * names keep the order of their first occurrence. The raw pairs are kept so that pagination links
 * change only {@code offset} and {@code limit}.
 */
public final class QueryParams {
  private static final QueryParams EMPTY = new QueryParams(List.of(), Map.of());

  private final List<String[]> rawPairs;
  private final Map<String, String> values;

  private QueryParams(List<String[]> rawPairs, Map<String, String> values) {
    this.rawPairs = rawPairs;
    this.values = values;
  }

  /**
   * @param rawQuery the query string without {@code ?}, or null
   * @throws RestException 400 {@code BadQuery} for malformed percent-encoding
   */
  public static QueryParams parse(@Nullable String rawQuery) {
    if (rawQuery == null || rawQuery.isEmpty()) {
      return EMPTY;
    }
    List<String[]> pairs = new ArrayList<>();
    Map<String, String> values = new LinkedHashMap<>();
    for (String pair : rawQuery.split("&", -1)) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String rawName = eq < 0 ? pair : pair.substring(0, eq);
      String rawValue = eq < 0 ? "" : pair.substring(eq + 1);
      String name = decode(rawName, rawName);
      String value = decode(rawValue, name);
      pairs.add(new String[] {rawName, rawValue});
      values.put(name, value);
    }
    return new QueryParams(
        Collections.unmodifiableList(pairs), Collections.unmodifiableMap(values));
  }

  private static String decode(String raw, String where) {
    try {
      return Percent.decode(raw, true);
    } catch (IllegalArgumentException e) {
      throw RestException.badRequest(
          "BadQuery",
          "query parameter " + Texts.quote(where) + " is not properly encoded: " + e.getMessage());
    }
  }

  /** The decoded value of a parameter (its last occurrence), or null when absent. */
  public @Nullable String get(String name) {
    return values.get(name);
  }

  /** Whether the parameter is present, with or without a value. */
  public boolean has(String name) {
    return values.containsKey(name);
  }

  /** The decoded parameter names, in order of first occurrence. */
  public Set<String> names() {
    return values.keySet();
  }

  /** The decoded parameters (last occurrence wins). */
  public Map<String, String> asMap() {
    return values;
  }

  /**
   * This query string (raw, as received) with {@code offset} and {@code limit} set: an existing
   * parameter keeps its place (later repeats are dropped), a missing one is appended.
   */
  String withPaging(int offset, int limit) {
    List<String[]> pairs = new ArrayList<>();
    boolean offsetSet = false;
    boolean limitSet = false;
    for (String[] pair : rawPairs) {
      String name = decode(pair[0], pair[0]);
      if (name.equals(RestQuery.OFFSET)) {
        if (!offsetSet) {
          pairs.add(new String[] {pair[0], Integer.toString(offset)});
          offsetSet = true;
        }
      } else if (name.equals(RestQuery.LIMIT)) {
        if (!limitSet) {
          pairs.add(new String[] {pair[0], Integer.toString(limit)});
          limitSet = true;
        }
      } else {
        pairs.add(pair);
      }
    }
    if (!offsetSet) {
      pairs.add(new String[] {RestQuery.OFFSET, Integer.toString(offset)});
    }
    if (!limitSet) {
      pairs.add(new String[] {RestQuery.LIMIT, Integer.toString(limit)});
    }
    StringBuilder out = new StringBuilder();
    for (String[] pair : pairs) {
      if (out.length() > 0) {
        out.append('&');
      }
      out.append(pair[0]).append('=').append(pair[1]);
    }
    return out.toString();
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
