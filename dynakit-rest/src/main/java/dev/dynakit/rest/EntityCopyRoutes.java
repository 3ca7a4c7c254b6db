package dev.dynakit.rest;

import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.entity.EntityView;
import dev.dynakit.core.schema.TableSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The copy routes of one entity: {@code PUT /:key/-clone} and {@code /:key/-move} (one item, the
 * body's fields laid over it; 404 when missing, 409 when the target exists without {@code ?force})
 * and {@code PUT /-clone-by-names} and {@code /-move-by-names} (named items, replacing occupied
 * targets, resumable as {@link TableRoutes}' are). Each copy is {@link EntityView#clone} or {@link
 * EntityView#move}, so the new item's keys, index attributes and type are derived and a move is one
 * transaction.
 */
final class EntityCopyRoutes {
  private final TableSpec spec;
  private final EntityView<Map<String, Object>> view;
  private final RestPolicy policy;
  private final EntityKeys keys;
  private final BulkRuns bulk;

  EntityCopyRoutes(
      TableSpec spec,
      EntityView<Map<String, Object>> view,
      RestPolicy policy,
      EntityKeys keys,
      BulkRuns bulk) {
    this.spec = spec;
    this.view = view;
    this.policy = policy;
    this.keys = keys;
    this.bulk = bulk;
  }

  /**
   * {@code PUT /:key/-clone}, {@code PUT /:key/-move}: the miss status when there is no item; 409
   * when the target exists (without {@code ?force}) or is the item itself; {@code If-Match} names
   * the source's version (412 when it does not hold).
   */
  RestResponse copy(RestRequest request, Map<String, Object> key, RestQuery query, boolean move) {
    query.requireOnly(Set.of(RestQuery.FORCE), false);
    Map<String, Object> overrides = fields(Bodies.overlay(request.body()));
    Versions.IfMatch ifMatch = Versions.ifMatch(request, spec);
    WriteOptions.Builder options = WriteOptions.builder().overwrite(query.flag(RestQuery.FORCE));
    if (ifMatch != null && !ifMatch.any()) {
      options.expectedVersion(ifMatch.version());
    }
    WriteOptions write = options.build();
    Optional<Map<String, Object>> copy =
        ItemRoutes.guarded(
            ifMatch,
            () -> move ? view.move(key, overrides, write) : view.clone(key, overrides, write));
    if (copy.isEmpty()) {
      if (ifMatch != null) {
        throw new RestException(412, "PreconditionFailed", "there is no item at this key");
      }
      return RestResponse.empty(policy.statusCodes().miss());
    }
    return RestResponse.noContent();
  }

  /**
   * {@code PUT /-clone-by-names}, {@code PUT /-move-by-names}: names from the query (the body is
   * the overlay) or an array body (then there is no overlay, and the copy is refused); the overlay
   * must change a key field; every name is read into a key before the first copy.
   */
  RestResponse copyByNames(RestRequest request, RestQuery query, boolean move) {
    query.requireOnly(Set.of(RestQuery.NAMES, BulkRuns.RESUME), false);
    List<String> names = query.names();
    Bodies.NamesOrOverlay body = Bodies.namesOrOverlay(request.body(), policy, !names.isEmpty());
    if (names.isEmpty()) {
      names = body.names();
    }
    Map<String, Object> overrides = fields(body.overlay());
    requireKeyChange(overrides, move);
    List<Map<String, Object>> named = names.stream().map(keys::key).toList();
    WriteOptions write = WriteOptions.overwriting();
    return bulk.eachKey(
        view.name() + (move ? ":move-by-names" : ":clone-by-names"),
        String.join("\u0000", names) + '\u0001' + overrides,
        named,
        query.params().get(BulkRuns.RESUME),
        key ->
            (move ? view.move(key, overrides, write) : view.clone(key, overrides, write))
                .isPresent());
  }

  private void requireKeyChange(Map<String, Object> overrides, boolean move) {
    for (String field : keys.fields()) {
      if (overrides.get(field) != null) {
        return;
      }
    }
    throw RestException.badRequest(
        "SameKey",
        "the body sets no key field, so every "
            + (move ? "moved" : "cloned")
            + " "
            + view.name()
            + " would land on itself; give the new value of a key field ("
            + String.join(", ", keys.fields())
            + ")");
  }

  private Map<String, Object> fields(Map<String, @Nullable Object> body) {
    Map<String, Object> fields = new LinkedHashMap<>();
    EntityJson.body(spec, view.spec(), body).forEach(fields::put);
    return fields;
  }
}
