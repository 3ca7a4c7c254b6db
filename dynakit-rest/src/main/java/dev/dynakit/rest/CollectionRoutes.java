package dev.dynakit.rest;

import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.adapter.OffsetPage;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The routes on the collection: {@code GET /} (the list), {@code POST /} (create), and the bulk
 * routes over the list's scope, {@code DELETE /}, {@code PUT /-clone}, {@code PUT /-move}, which
 * apply the same filters and search as the list (unlike the reference toolkit; see the module
 * README).
 */
final class CollectionRoutes {
  static final Set<String> LIST =
      Set.of(
          RestQuery.FIELDS,
          RestQuery.SORT,
          RestQuery.OFFSET,
          RestQuery.LIMIT,
          RestQuery.CONSISTENT,
          RestQuery.SEARCH);
  static final Set<String> DELETE_SCOPE =
      Set.of(RestQuery.SORT, RestQuery.CONSISTENT, RestQuery.SEARCH, RestQuery.CONFIRM);
  static final Set<String> COPY_SCOPE =
      Set.of(RestQuery.SORT, RestQuery.CONSISTENT, RestQuery.SEARCH);

  private final RouteContext ctx;
  private final PerItemBulkOperations bulk;

  CollectionRoutes(RouteContext ctx, PerItemBulkOperations bulk) {
    this.ctx = ctx;
    this.bulk = bulk;
  }

  /** {@code GET /}: one page of the scope in the envelope. */
  RestResponse list(RestRequest request, RestQuery query) {
    query.requireOnly(LIST, true);
    List<String> fields = query.fields(ctx.keyFieldNames());
    RestQuery.Paging paging = query.paging();
    ListOptions.Builder options =
        ctx.scope(query, fields, null)
            .options()
            .offset(paging.offset())
            .limit(paging.limit())
            .needTotal(ctx.policy.needTotal());
    if (!fields.isEmpty()) {
      options.fields(fields);
    }
    OffsetPage page = ctx.adapter.list(options.build());
    return RestResponse.json(
        200,
        Envelope.build(page.items(), paging, page.total(), request, query.params(), ctx.policy));
  }

  /** {@code POST /}: creates the item; 409 when its key is taken. */
  RestResponse create(RestRequest request, RestQuery query) {
    query.requireOnly(Set.of(), false);
    Map<String, @Nullable Object> item = Bodies.item(request.body(), false);
    Bodies.rejectTechnical(ctx.spec, item.keySet());
    Map<String, Object> written = ctx.adapter.post(item);
    return Versions.withEtag(RestResponse.noContent(), written, ctx.spec);
  }

  /**
   * {@code DELETE /}: deletes every item in scope. Without filters, search or an example the scope
   * is the whole table, which takes {@code ?confirm=yes}.
   */
  RestResponse deleteScope(RestQuery query) {
    query.requireOnly(DELETE_SCOPE, true);
    RouteContext.Scope scope = ctx.scope(query, List.of(), null);
    if (!scope.narrowed() && !query.flag(RestQuery.CONFIRM)) {
      throw RestException.badRequest(
          "ConfirmationRequired",
          "DELETE / without filters or a search deletes every item of the table;"
              + " add ?confirm=yes to do that");
    }
    List<Map<String, Object>> keys =
        bulk.keysInScope(scope.options().build(), ctx.policy.maxBulkItems());
    return RouteContext.processed(bulk.delete(keys));
  }

  /** {@code PUT /-clone} and {@code PUT /-move}: copies every item in scope with the overlay. */
  RestResponse copyScope(RestRequest request, RestQuery query, boolean move) {
    query.requireOnly(COPY_SCOPE, true);
    Map<String, @Nullable Object> overlay = Bodies.overlay(request.body());
    Bodies.rejectTechnical(ctx.spec, overlay.keySet());
    RouteContext.Scope scope = ctx.scope(query, List.of(), overlay);
    List<Map<String, Object>> keys =
        bulk.keysInScope(scope.options().build(), ctx.policy.maxBulkItems());
    return RouteContext.processed(
        move ? bulk.moveAll(keys, overlay) : bulk.cloneAll(keys, overlay));
  }
}
