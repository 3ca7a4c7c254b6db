package dev.dynakit.rest;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.ReadOptions;
import dev.dynakit.core.expr.FieldPath;
import dev.dynakit.core.expr.FilterClause;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** What every route of one table needs: the Adapter, the policy and the pluggable mappings. */
final class RouteContext {
  final Adapter adapter;
  final TableSpec spec;
  final RestPolicy policy;
  private final KeyMapper keys;
  private final ExampleBuilder examples;
  private final @Nullable Map<String, String> sortableIndices;
  private final List<String> keyFieldNames;

  RouteContext(
      Adapter adapter,
      RestPolicy policy,
      KeyMapper keys,
      ExampleBuilder examples,
      @Nullable Map<String, String> sortableIndices) {
    this.adapter = adapter;
    this.spec = adapter.spec();
    this.policy = policy;
    this.keys = keys;
    this.examples = examples;
    this.sortableIndices = sortableIndices;
    List<String> names = new ArrayList<>();
    for (KeyField field : spec.keyFields()) {
      names.add(field.name());
    }
    this.keyFieldNames = List.copyOf(names);
  }

  /** The key fields' names, for {@code *keys}. */
  List<String> keyFieldNames() {
    return keyFieldNames;
  }

  /** The key addressed by a raw path segment. */
  Map<String, Object> keyOfSegment(String rawSegment) {
    String text;
    try {
      text = Percent.decode(rawSegment, false);
    } catch (IllegalArgumentException e) {
      throw RestException.badRequest(
          "BadKey", "the key in the path is not properly percent-encoded: " + e.getMessage());
    }
    return keyOfName(text);
  }

  /** The key of a key text (a decoded path segment or a name). */
  Map<String, Object> keyOfName(String text) {
    if (text.length() > policy.maxValueLength()) {
      throw RestException.badRequest(
          "BadKey", "the key is longer than " + policy.maxValueLength() + " characters");
    }
    return keys.key(text);
  }

  /** The keys of names, all mapped before anything is read or written. */
  List<Map<String, Object>> keysOfNames(List<String> names) {
    List<Map<String, Object>> out = new ArrayList<>(names.size());
    for (String name : names) {
      out.add(keyOfName(name));
    }
    return out;
  }

  /** Read options from {@code fields} and {@code consistent}. */
  ReadOptions readOptions(List<String> fields, boolean consistent) {
    ReadOptions.Builder read = ReadOptions.builder().consistent(consistent);
    if (!fields.isEmpty()) {
      read.fields(fields);
    }
    return read.build();
  }

  /**
   * The list scope of a request: sort index, consistency, search, filters and the example, as the
   * list route and the bulk routes share them.
   *
   * @param fields the requested fields (the search is limited to the searchable ones among them)
   * @param body the overlay of a clone or move, or null
   */
  Scope scope(RestQuery query, List<String> fields, @Nullable Map<String, @Nullable Object> body) {
    ListOptions.Builder options = ListOptions.builder();
    RestQuery.Sort sort = query.sort();
    if (sort != null) {
      if (sortableIndices != null) {
        String index = sortableIndices.get(sort.field());
        if (index == null) {
          throw RestException.badRequest(
              "NoIndexForSortField",
              "cannot sort by "
                  + Texts.quote(sort.field())
                  + "; sortable fields: "
                  + sortableIndices.keySet());
        }
        options.index(index);
      } else {
        options.sortBy(sort.field());
      }
      options.descending(sort.descending());
    }
    if (query.flag(RestQuery.CONSISTENT)) {
      options.consistent();
    }
    List<FilterClause> filters = query.filters();
    options.filter(filters);
    String search = query.search();
    if (search != null) {
      options.search(search);
      List<String> searchIn = searchIn(fields);
      if (searchIn != null) {
        options.searchIn(searchIn.toArray(new String[0]));
      }
    }
    Map<String, Object> example = examples.example(query.params(), body);
    if (!example.isEmpty()) {
      options.example(example);
    }
    return new Scope(options, !filters.isEmpty() || search != null || !example.isEmpty());
  }

  /** The searchable fields among the requested ones; null for all when none are requested. */
  private @Nullable List<String> searchIn(List<String> fields) {
    if (spec.searchable().isEmpty()) {
      throw RestException.badRequest(
          "BadSearch", "table '" + spec.tableName() + "' declares no searchable fields");
    }
    if (fields.isEmpty()) {
      return null;
    }
    Set<String> roots = new LinkedHashSet<>();
    for (String field : fields) {
      roots.add(FieldPath.parse(field).root());
    }
    List<String> searchIn = new ArrayList<>();
    for (String field : spec.searchable()) {
      if (roots.contains(field)) {
        searchIn.add(field);
      }
    }
    if (searchIn.isEmpty()) {
      throw RestException.badRequest(
          "BadSearch",
          "search looks in the requested fields that are searchable, and none of "
              + fields
              + " is; searchable: "
              + spec.searchable());
    }
    return searchIn;
  }

  /**
   * Refuses a bulk copy whose overlay sets no key field: every copy would land on its own source,
   * replacing the item with a new one and restarting its version.
   *
   * @throws RestException 400 {@code SameKey}
   */
  void requireKeyChange(Map<String, @Nullable Object> overlay, boolean move) {
    for (String field : keyFieldNames) {
      if (overlay.get(field) != null) {
        return;
      }
    }
    throw RestException.badRequest(
        "SameKey",
        "the body sets no key field, so every "
            + (move ? "moved" : "cloned")
            + " item would land on itself; give the new value of a key field ("
            + String.join(", ", keyFieldNames)
            + ")");
  }

  /** The response of a missing item: the policy's miss status, no body. */
  RestResponse miss() {
    return RestResponse.empty(policy.statusCodes().miss());
  }

  /** {@code {"processed": n}}. */
  static RestResponse processed(long count) {
    return RestResponse.json(200, Map.of("processed", count));
  }

  /**
   * A list scope.
   *
   * @param options the list options so far (paging is added by the caller)
   * @param narrowed whether filters, a search or an example narrow the scope below the table
   */
  record Scope(ListOptions.Builder options, boolean narrowed) {}
}
