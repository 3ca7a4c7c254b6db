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
  static final Set<String> BULK_SCOPE =
      Set.of(
          RestQuery.SORT,
          RestQuery.CONSISTENT,
          RestQuery.SEARCH,
          RestQuery.CONFIRM,
          BulkRuns.RESUME);

  private final RouteContext ctx;
  private final BulkRuns bulk;

  CollectionRoutes(RouteContext ctx, BulkRuns bulk) {
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
   * {@code DELETE /}: deletes every item in scope, resumably (see {@link BulkRuns}). Without
   * filters, search or an example the scope is the whole table, which takes {@code ?confirm=yes}.
   */
  RestResponse deleteScope(RestQuery query) {
    query.requireOnly(BULK_SCOPE, true);
    RouteContext.Scope scope = ctx.scope(query, List.of(), null);
    boolean wholeTable = confirmed(scope, query, "DELETE /", "deletes every item of the table");
    return bulk.deleteScope(
        scope.options().build(), wholeTable, query.params().get(BulkRuns.RESUME));
  }

  /**
   * {@code PUT /-clone} and {@code PUT /-move}: copies every item in scope with the overlay,
   * resumably. The overlay must change a key field (else every copy would land on its source); an
   * unscoped copy takes {@code ?confirm=yes} as an unscoped delete does.
   */
  RestResponse copyScope(RestRequest request, RestQuery query, boolean move) {
    query.requireOnly(BULK_SCOPE, true);
    Map<String, @Nullable Object> overlay = Bodies.overlay(request.body());
    Bodies.rejectTechnical(ctx.spec, overlay.keySet());
    RouteContext.Scope scope = ctx.scope(query, List.of(), overlay);
    ListOptions options = scope.options().build();
    // planning the read checks the filters: a bad query is reported before a bad body
    ctx.adapter.scope(options);
    ctx.requireKeyChange(overlay, move);
    String route = move ? "PUT /-move" : "PUT /-clone";
    boolean wholeTable =
        confirmed(scope, query, route, (move ? "moves" : "copies") + " every item of the table");
    return bulk.copyScope(options, overlay, move, wholeTable, query.params().get(BulkRuns.RESUME));
  }

  /**
   * Whether the request covers the whole table, confirmed.
   *
   * @throws RestException 400 {@code ConfirmationRequired} for an unscoped request without {@code
   *     ?confirm=yes}
   */
  private static boolean confirmed(
      RouteContext.Scope scope, RestQuery query, String route, String does) {
    if (scope.narrowed()) {
      return false;
    }
    if (!query.flag(RestQuery.CONFIRM)) {
      throw RestException.badRequest(
          "ConfirmationRequired",
          route + " without filters or a search " + does + "; add ?confirm=yes to do that");
    }
    return true;
  }
}
