package dev.dynakit.rest;

import dev.dynakit.core.expr.FilterClause;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * Typed access to the query parameters of the wire contract, within a policy's limits. Every
 * malformed or over-limit parameter is a {@link RestException} (400, or 414 for an over-long query)
 * whose message names the parameter.
 */
public final class RestQuery {
  /** The projection parameter. */
  public static final String FIELDS = "fields";

  /** The sort-field parameter ({@code -field} for descending). */
  public static final String SORT = "sort";

  /** The paging offset parameter. */
  public static final String OFFSET = "offset";

  /** The page size parameter. */
  public static final String LIMIT = "limit";

  /** The text search parameter. */
  public static final String SEARCH = "search";

  /** The strongly consistent read flag. */
  public static final String CONSISTENT = "consistent";

  /** The create-or-replace flag of item writes. */
  public static final String FORCE = "force";

  /** The key texts of the by-names routes. */
  public static final String NAMES = "names";

  /** Dynakit's confirmation flag for deleting a whole table's items ({@code DELETE /}). */
  public static final String CONFIRM = "confirm";

  /** The {@code fields} wildcard that expands to the key fields. */
  public static final String KEYS_WILDCARD = "*keys";

  private static final Set<String> TRUE = Set.of("yes", "true", "1", "on");
  private static final Set<String> FALSE = Set.of("no", "false", "0", "off", "");

  private final QueryParams params;
  private final RestPolicy policy;
  private final Map<String, Integer> occurrences;

  private RestQuery(QueryParams params, RestPolicy policy, Map<String, Integer> occurrences) {
    this.params = params;
    this.policy = policy;
    this.occurrences = occurrences;
  }

  /**
   * @param rawQuery the raw query string without {@code ?}, or null
   * @throws RestException 414 {@code UriTooLong} beyond {@link RestPolicy#maxQueryLength()}, 400
   *     {@code BadQuery} for malformed percent-encoding
   */
  public static RestQuery parse(@Nullable String rawQuery, RestPolicy policy) {
    if (rawQuery != null && rawQuery.length() > policy.maxQueryLength()) {
      throw new RestException(
          414,
          "UriTooLong",
          "the query string has "
              + rawQuery.length()
              + " characters; at most "
              + policy.maxQueryLength()
              + " are allowed");
    }
    QueryParams params = QueryParams.parse(rawQuery);
    return new RestQuery(params, policy, occurrences(rawQuery));
  }

  /** How often each decoded name occurs (the parsed parameters keep only the last value). */
  private static Map<String, Integer> occurrences(@Nullable String rawQuery) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    if (rawQuery == null || rawQuery.isEmpty()) {
      return counts;
    }
    for (String pair : rawQuery.split("&", -1)) {
      if (!pair.isEmpty()) {
        int eq = pair.indexOf('=');
        String name = Percent.decode(eq < 0 ? pair : pair.substring(0, eq), true);
        counts.merge(name, 1, Integer::sum);
      }
    }
    return counts;
  }

  /** The parameters themselves. */
  public QueryParams params() {
    return params;
  }

  /**
   * Refuses (when {@link RestPolicy#strictParameters()}) any parameter that is not among {@code
   * allowed}, not a filter clause when {@code filtersAllowed}, and not an extra parameter.
   *
   * @throws RestException 400 {@code UnknownParameter}
   */
  public void requireOnly(Set<String> allowed, boolean filtersAllowed) {
    refuseRepeats();
    if (!policy.strictParameters()) {
      return;
    }
    for (String name : params.names()) {
      if (allowed.contains(name) || policy.extraParameters().contains(name)) {
        continue;
      }
      boolean filter = FilterGrammar.opOf(name) != null;
      if (filter && filtersAllowed) {
        continue;
      }
      StringJoiner known = new StringJoiner(", ");
      allowed.forEach(known::add);
      policy.extraParameters().forEach(known::add);
      String message =
          filter
              ? "filter " + Texts.quote(name) + " is not applied by this route"
              : "unknown query parameter " + Texts.quote(name);
      message +=
          "; this route reads "
              + (known.length() == 0 ? "no parameters" : known.toString())
              + (filtersAllowed
                  ? " and filters <op>-<field> with op one of " + FilterGrammar.codes()
                  : "");
      throw RestException.badRequest("UnknownParameter", message);
    }
  }

  /**
   * Refuses a parameter given more than once: only one value would be read, so the others would be
   * dropped silently (and a filter dropped would widen a bulk write). Filter clauses are counted
   * with their repeats against the policy's limit first.
   *
   * @throws RestException 400 {@code TooManyFilters} or {@code RepeatedParameter}
   */
  private void refuseRepeats() {
    int clauses = 0;
    for (Map.Entry<String, Integer> entry : occurrences.entrySet()) {
      if (FilterGrammar.opOf(entry.getKey()) != null) {
        clauses += entry.getValue();
      }
    }
    if (clauses > policy.maxFilterClauses()) {
      throw RestException.badRequest(
          "TooManyFilters",
          "the query has "
              + clauses
              + " filter clauses; at most "
              + policy.maxFilterClauses()
              + " are allowed in one request");
    }
    for (Map.Entry<String, Integer> entry : occurrences.entrySet()) {
      if (entry.getValue() > 1) {
        String name = entry.getKey();
        boolean filter = FilterGrammar.opOf(name) != null;
        throw RestException.badRequest(
            "RepeatedParameter",
            Texts.quote(name)
                + " appears "
                + entry.getValue()
                + " times; send each parameter once"
                + (filter
                    ? " (clauses on one field are ANDed only across operators: for several"
                        + " values use in-<field>=a,b)"
                    : ""));
      }
    }
  }

  /**
   * The requested fields, trimmed, empties dropped, {@value #KEYS_WILDCARD} expanded in place to
   * {@code keyFields} (first occurrence kept); empty for no projection.
   *
   * @throws RestException 400 {@code BadFields} for too many entries, an over-long entry or an
   *     unknown wildcard
   */
  public List<String> fields(List<String> keyFields) {
    List<String> entries = commaList(FIELDS, policy.maxFields(), "BadFields");
    Set<String> out = new LinkedHashSet<>();
    for (String entry : entries) {
      if (entry.equals(KEYS_WILDCARD)) {
        out.addAll(keyFields);
      } else if (entry.startsWith("*")) {
        throw RestException.badRequest(
            "BadFields",
            "unknown wildcard " + Texts.quote(entry) + " in fields; the only one is *keys");
      } else {
        out.add(entry);
      }
    }
    return List.copyOf(out);
  }

  /**
   * The sort order, or null when none is asked for.
   *
   * @throws RestException 400 {@code BadSort} for more than one field or an empty field name
   */
  public @Nullable Sort sort() {
    String value = params.get(SORT);
    if (value == null || value.isBlank()) {
      return null;
    }
    String field = value.trim();
    if (field.length() > policy.maxValueLength()) {
      throw RestException.badRequest(
          "BadSort", "sort is longer than " + policy.maxValueLength() + " characters");
    }
    if (field.contains(",")) {
      throw RestException.badRequest(
          "BadSort",
          "sort takes one field (DynamoDB sorts by one index key), got " + Texts.quote(field));
    }
    boolean descending = field.startsWith("-");
    if (descending) {
      field = field.substring(1).trim();
    }
    if (field.isEmpty()) {
      throw RestException.badRequest("BadSort", "sort names no field");
    }
    return new Sort(field, descending);
  }

  /**
   * The effective offset and limit: offset 0 and the policy's default limit when absent; a limit
   * above the maximum is lowered to it.
   *
   * @throws RestException 400 {@code BadPaging} for anything but decimal digits, a limit of 0 or an
   *     offset above the maximum
   */
  public Paging paging() {
    long offset = number(OFFSET, 0);
    if (offset > policy.maxOffset()) {
      throw RestException.badRequest(
          "BadPaging", "offset must be at most " + policy.maxOffset() + ", got " + offset);
    }
    long limit = number(LIMIT, policy.defaultLimit());
    if (limit < 1) {
      throw RestException.badRequest("BadPaging", "limit must be at least 1, got " + limit);
    }
    return new Paging((int) offset, (int) Math.min(limit, policy.maxLimit()));
  }

  private long number(String name, long absent) {
    String value = params.get(name);
    if (value == null || value.isEmpty()) {
      return absent;
    }
    String digits = value.trim();
    boolean valid = !digits.isEmpty() && digits.length() <= 12;
    for (int i = 0; valid && i < digits.length(); i++) {
      char c = digits.charAt(i);
      valid = c >= '0' && c <= '9';
    }
    if (!valid) {
      throw RestException.badRequest(
          "BadPaging", name + " must be a non-negative whole number, got " + Texts.quote(value));
    }
    return Long.parseLong(digits);
  }

  /**
   * A flag: true for {@code yes}, {@code true}, {@code 1}, {@code on} (any case); false when absent
   * or {@code no}, {@code false}, {@code 0}, {@code off} or empty.
   *
   * @throws RestException 400 {@code BadFlag} for any other value
   */
  public boolean flag(String name) {
    String value = params.get(name);
    if (value == null) {
      return false;
    }
    String word = value.trim().toLowerCase(Locale.ROOT);
    if (TRUE.contains(word)) {
      return true;
    }
    if (FALSE.contains(word)) {
      return false;
    }
    throw RestException.badRequest(
        "BadFlag",
        name + " is a flag: yes, true, 1, on or no, false, 0, off; got " + Texts.quote(value));
  }

  /**
   * The {@code names} list: comma-separated, trimmed, empties dropped; empty when absent.
   *
   * @throws RestException 400 {@code BadNames} for too many or over-long names
   */
  public List<String> names() {
    return commaList(NAMES, policy.maxNames(), "BadNames");
  }

  /**
   * The search text, or null when absent or blank.
   *
   * @throws RestException 400 {@code BadSearch} when longer than the policy allows
   */
  public @Nullable String search() {
    String value = params.get(SEARCH);
    if (value == null || value.isBlank()) {
      return null;
    }
    if (value.length() > policy.maxSearchLength()) {
      throw RestException.badRequest(
          "BadSearch",
          "search has "
              + value.length()
              + " characters; at most "
              + policy.maxSearchLength()
              + " are allowed");
    }
    return value;
  }

  /**
   * The filter clauses {@code ?<op>-<field>=<value>}, in query order, values as text.
   *
   * @throws RestException 400 for too many clauses or over-long values
   */
  public List<FilterClause> filters() {
    refuseRepeats();
    return FilterGrammar.parse(params, policy);
  }

  private List<String> commaList(String name, int max, String code) {
    String value = params.get(name);
    if (value == null) {
      return List.of();
    }
    List<String> entries = new ArrayList<>();
    for (String piece : value.split(",", -1)) {
      String entry = piece.trim();
      if (entry.isEmpty()) {
        continue;
      }
      if (entries.size() == max) {
        throw RestException.badRequest(
            code, name + " has more than " + max + " entries; send at most " + max);
      }
      if (entry.length() > policy.maxValueLength()) {
        throw RestException.badRequest(
            code,
            "an entry of " + name + " is longer than " + policy.maxValueLength() + " characters");
      }
      entries.add(entry);
    }
    return List.copyOf(entries);
  }

  /**
   * A sort order.
   *
   * @param field the field to sort by
   * @param descending whether {@code -field} asked for descending order
   */
  public record Sort(String field, boolean descending) {}

  /**
   * Effective paging.
   *
   * @param offset how many items to skip
   * @param limit the page size
   */
  public record Paging(int offset, int limit) {}
}
