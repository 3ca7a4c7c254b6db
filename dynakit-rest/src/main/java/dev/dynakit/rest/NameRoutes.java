package dev.dynakit.rest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The routes that address several items by key: {@code /-by-names} (get, delete), {@code PUT
 * /-load}, {@code PUT /-clone-by-names} and {@code PUT /-move-by-names}. Every name is mapped to a
 * key, and every body checked, before the first read or write.
 */
final class NameRoutes {
  private final RouteContext ctx;
  private final PerItemBulkOperations loads;
  private final BulkRuns bulk;

  NameRoutes(RouteContext ctx, PerItemBulkOperations loads, BulkRuns bulk) {
    this.ctx = ctx;
    this.loads = loads;
    this.bulk = bulk;
  }

  /** {@code GET /-by-names}: the items in the order of the names, null where missing. */
  RestResponse get(RestQuery query) {
    query.requireOnly(Set.of(RestQuery.NAMES, RestQuery.FIELDS, RestQuery.CONSISTENT), false);
    List<String> fields = query.fields(ctx.keyFieldNames());
    boolean consistent = query.flag(RestQuery.CONSISTENT);
    List<Map<String, Object>> keys = ctx.keysOfNames(query.names());
    if (keys.isEmpty()) {
      return RestResponse.json(200, List.of());
    }
    // one read per distinct key: DynamoDB refuses a batch that names a key twice
    Map<Map<String, Object>, Integer> positions = new LinkedHashMap<>();
    for (Map<String, Object> key : keys) {
      positions.putIfAbsent(key, positions.size());
    }
    List<@Nullable Map<String, Object>> found =
        ctx.adapter.getByKeys(
            new ArrayList<>(positions.keySet()), ctx.readOptions(fields, consistent));
    List<@Nullable Map<String, Object>> items = new ArrayList<>(keys.size());
    for (Map<String, Object> key : keys) {
      items.add(found.get(positions.get(key)));
    }
    return RestResponse.json(200, items);
  }

  /**
   * {@code DELETE /-by-names}: names from the query, else from a JSON array body; resumable (see
   * {@link BulkRuns}).
   */
  RestResponse delete(RestRequest request, RestQuery query) {
    query.requireOnly(Set.of(RestQuery.NAMES, BulkRuns.RESUME), false);
    List<String> names = query.names();
    if (names.isEmpty()) {
      names = Bodies.names(request.body(), ctx.policy);
    }
    return bulk.deleteNames(names, ctx.keysOfNames(names), query.params().get(BulkRuns.RESUME));
  }

  /** {@code PUT /-load}: creates or replaces every item of the array body. */
  RestResponse load(RestRequest request, RestQuery query) {
    query.requireOnly(Set.of(), false);
    List<Map<String, @Nullable Object>> items = Bodies.items(request.body());
    if (items.size() > ctx.policy.maxBulkItems()) {
      throw RestException.badRequest(
          "TooManyItems",
          "the body holds "
              + items.size()
              + " items; one load takes at most "
              + ctx.policy.maxBulkItems());
    }
    for (Map<String, @Nullable Object> item : items) {
      Bodies.rejectTechnical(ctx.spec, item.keySet());
    }
    for (Map<String, @Nullable Object> item : items) {
      // composes the key (and runs the key hooks) to refuse a bad key before anything is written
      ctx.adapter.primaryKey(item);
    }
    return RouteContext.processed(loads.putAll(items));
  }

  /**
   * {@code PUT /-clone-by-names} and {@code PUT /-move-by-names}, resumable; the overlay must
   * change a key field.
   */
  RestResponse copy(RestRequest request, RestQuery query, boolean move) {
    query.requireOnly(Set.of(RestQuery.NAMES, BulkRuns.RESUME), false);
    List<String> names = query.names();
    Bodies.NamesOrOverlay body =
        Bodies.namesOrOverlay(request.body(), ctx.policy, !names.isEmpty());
    if (names.isEmpty()) {
      names = body.names();
    }
    Map<String, @Nullable Object> overlay = body.overlay();
    Bodies.rejectTechnical(ctx.spec, overlay.keySet());
    ctx.requireKeyChange(overlay, move);
    return bulk.copyNames(
        names, ctx.keysOfNames(names), overlay, move, query.params().get(BulkRuns.RESUME));
  }
}
