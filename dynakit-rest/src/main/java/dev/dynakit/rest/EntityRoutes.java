package dev.dynakit.rest;

import dev.dynakit.core.adapter.ReadOptions;
import dev.dynakit.core.adapter.WriteOptions;
import dev.dynakit.core.entity.EntityView;
import dev.dynakit.core.expr.Cond;
import dev.dynakit.core.expr.FieldPath;
import dev.dynakit.core.schema.EntitySpec;
import dev.dynakit.core.schema.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The route pack of one entity of a single-table declaration, under {@code /<entity>/}: the item
 * routes of {@link TableRoutes} ({@code GET}, {@code PUT}, {@code PATCH}, {@code DELETE} on {@code
 * /:key}, with ETags and {@code If-Match}), {@code POST /} to create, {@code GET} and {@code DELETE
 * /-by-names}, {@code PUT /-load}, and the copies ({@link EntityCopyRoutes}: {@code PUT
 * /:key/-clone}, {@code /:key/-move}, {@code /-clone-by-names}, {@code /-move-by-names}). The path
 * key is the entity's key fields in template order joined by {@code :} ({@link EntityKeys}). Items
 * are the entity's fields with the type and version fields; a body may carry the type field back
 * when it names this entity. Listing, deleting, cloning or moving a whole entity would be a Scan of
 * the table, so {@code GET}/{@code DELETE /}, {@code PUT /-clone} and {@code PUT /-move} answer 405
 * pointing at the access patterns ({@code /-patterns/NAME}) and the by-names routes.
 */
final class EntityRoutes implements RestHandler {
  private static final String ITEM_METHODS = "GET, HEAD, PUT, PATCH, DELETE";

  private final TableSpec spec;
  private final EntitySpec entity;
  private final EntityView<Map<String, Object>> view;
  private final RestPolicy policy;
  private final EntityKeys keys;
  private final EntityCopyRoutes copies;

  EntityRoutes(
      TableSpec spec, EntityView<Map<String, Object>> view, RestPolicy policy, BulkRuns bulk) {
    this.spec = spec;
    this.entity = view.spec();
    this.view = view;
    this.policy = policy;
    this.keys = new EntityKeys(entity, view.keyFields(), policy);
    this.copies = new EntityCopyRoutes(spec, view, policy, keys, bulk);
  }

  @Override
  public RestResponse handle(RestRequest request) {
    try {
      return dispatch(request);
    } catch (RuntimeException e) {
      return ErrorMapping.toResponse(e, spec, policy);
    }
  }

  private RestResponse dispatch(RestRequest request) {
    Route route = Route.match(request.path(), policy);
    String allow = allowed(route);
    if (allow == null) {
      throw new RestException(
          404,
          "NotFound",
          "no route "
              + Texts.quote(request.mount() + request.path())
              + "; the "
              + entity.name()
              + " routes are "
              + request.mount()
              + "/ (POST), /"
              + policy.methodPrefix()
              + "by-names, /"
              + policy.methodPrefix()
              + "load, /"
              + policy.methodPrefix()
              + "clone-by-names, /"
              + policy.methodPrefix()
              + "move-by-names, /"
              + String.join(policy.keySeparator(), keys.fields())
              + " and /"
              + String.join(policy.keySeparator(), keys.fields())
              + "/"
              + policy.methodPrefix()
              + "clone|move");
    }
    String method = request.method();
    if (!List.of(allow.split(", ")).contains(method)) {
      String hint = wholeEntity(route) ? scanHint(route) : "";
      return RestResponse.error(
              new RestError(
                  405, "MethodNotAllowed", "this method is not allowed on this path" + hint),
              policy)
          .withHeader("Allow", allow);
    }
    JsonContentType.require(request);
    RestQuery query = RestQuery.parse(request.query(), policy);
    switch (route.kind()) {
      case ROOT:
        return create(request, query);
      case COLLECTION_METHOD:
        String name = Objects.requireNonNull(route.name());
        if (name.equals("load")) {
          return load(request, query);
        }
        if (name.endsWith("-by-names") && method.equals("PUT")) {
          return copies.copyByNames(request, query, name.startsWith("move"));
        }
        return method.equals("DELETE") ? deleteByNames(request, query) : byNames(query);
      case ITEM_METHOD:
        return copies.copy(
            request,
            key(Objects.requireNonNull(route.rawKey())),
            query,
            Objects.equals(route.name(), "move"));
      default:
        String rawKey = Objects.requireNonNull(route.rawKey());
        switch (method) {
          case "GET":
          case "HEAD":
            return get(rawKey, query);
          case "PUT":
            return put(request, rawKey, query);
          case "PATCH":
            return patch(request, rawKey, query);
          default:
            return delete(request, rawKey, query);
        }
    }
  }

  private static @Nullable String allowed(Route route) {
    switch (route.kind()) {
      case ROOT:
        return "POST";
      case ITEM:
        return ITEM_METHODS;
      case COLLECTION_METHOD:
        switch (Objects.requireNonNull(route.name())) {
          case "by-names":
            return "GET, HEAD, DELETE";
          case "load":
          case "clone-by-names":
          case "move-by-names":
            return "PUT";
          case "clone":
          case "move":
            return ""; // a whole-entity copy would be a Scan of the table
          default:
            return null;
        }
      case ITEM_METHOD:
        String name = Objects.requireNonNull(route.name());
        return name.equals("clone") || name.equals("move") ? "PUT" : null;
      default:
        return null;
    }
  }

  /** Whether the route acts on every item of the entity, which only a Scan of the table finds. */
  private static boolean wholeEntity(Route route) {
    return route.kind() == Route.Kind.ROOT
        || (route.kind() == Route.Kind.COLLECTION_METHOD
            && List.of("clone", "move").contains(route.name()));
  }

  private String scanHint(Route route) {
    String prefix = policy.methodPrefix();
    return route.kind() == Route.Kind.ROOT
        ? "; read "
            + entity.name()
            + " items through the access patterns (/"
            + prefix
            + "patterns/NAME), delete them by key (/"
            + prefix
            + "by-names)"
        : "; a whole-entity "
            + route.name()
            + " would scan the table: read the items through the access patterns (/"
            + prefix
            + "patterns/NAME) and "
            + route.name()
            + " them by key (/"
            + prefix
            + route.name()
            + "-by-names)";
  }

  /** {@code POST /}: creates the item; 409 when its key is taken. */
  private RestResponse create(RestRequest request, RestQuery query) {
    query.requireOnly(Set.of(), false);
    Map<String, Object> written = view.create(fields(Bodies.item(request.body(), false)));
    return Versions.withEtag(RestResponse.noContent(), written, spec);
  }

  /** {@code GET /:key}: the item with its ETag, or the miss status with no body. */
  private RestResponse get(String rawKey, RestQuery query) {
    query.requireOnly(Set.of(RestQuery.CONSISTENT), false);
    Optional<Map<String, Object>> item =
        view.get(
            key(rawKey),
            ReadOptions.builder().consistent(query.flag(RestQuery.CONSISTENT)).build());
    if (item.isEmpty()) {
      return RestResponse.empty(policy.statusCodes().miss());
    }
    return Versions.withEtag(
        RestResponse.json(200, EntityJson.tree(entity, item.get())), item.get(), spec);
  }

  /**
   * {@code PUT /:key}: as {@link TableRoutes}' {@code PUT /:key} (a versioned table replaces only
   * the version named by {@code If-Match} or the body, {@code ?force} creates or replaces); the
   * path's key fields win over the body's.
   */
  private RestResponse put(RestRequest request, String rawKey, RestQuery query) {
    query.requireOnly(Set.of(RestQuery.FORCE), false);
    boolean force = query.flag(RestQuery.FORCE);
    Map<String, Object> item = fields(Bodies.item(request.body(), true));
    item.putAll(key(rawKey));
    Versions.IfMatch ifMatch = Versions.ifMatch(request, spec);
    WriteOptions.Builder options = WriteOptions.builder().overwrite(force);
    if (ifMatch != null) {
      if (ifMatch.any() && force) {
        throw RestException.badRequest(
            "BadIfMatch", "If-Match: * requires an existing item, which contradicts ?force");
      }
      Long expected = Versions.expected(ifMatch, Versions.fromBody(item, spec));
      if (expected != null) {
        options.expectedVersion(expected);
      } else {
        options.overwrite(true).condition(new Cond.Exists(FieldPath.of(partitionAttribute())));
      }
    }
    Map<String, Object> written =
        ItemRoutes.guarded(ifMatch, () -> view.put(item, options.build()));
    return Versions.withEtag(RestResponse.noContent(), written, spec);
  }

  /** {@code PATCH /:key}: changes some fields (404 when missing, 422 when it changes nothing). */
  private RestResponse patch(RestRequest request, String rawKey, RestQuery query) {
    query.requireOnly(Set.of(), false);
    PatchBody body = PatchBody.parse(request.body(), policy, spec.versionField());
    Bodies.rejectTechnical(spec, PatchConversion.attributes(body));
    Map<String, Object> key = key(rawKey);
    if (body.isEmpty()) {
      throw new RestException(
          policy.statusCodes().validation(),
          "EmptyPatch",
          "the patch sets, removes and changes nothing; send fields to set or "
              + policy.metaPrefix()
              + PatchBody.DELETE
              + " paths");
    }
    Versions.IfMatch ifMatch = Versions.ifMatch(request, spec);
    WriteOptions options =
        WriteOptions.builder().expectedVersion(Versions.expected(ifMatch, body.version())).build();
    Optional<Map<String, Object>> after =
        ItemRoutes.guarded(ifMatch, () -> view.patch(key, PatchConversion.toPatch(body), options));
    return Versions.withEtag(RestResponse.noContent(), after.orElse(null), spec);
  }

  /** {@code DELETE /:key}: idempotent, unless {@code If-Match} asks for an existing version. */
  private RestResponse delete(RestRequest request, String rawKey, RestQuery query) {
    query.requireOnly(Set.of(), false);
    Map<String, Object> key = key(rawKey);
    Versions.IfMatch ifMatch = Versions.ifMatch(request, spec);
    WriteOptions.Builder options = WriteOptions.builder();
    if (ifMatch != null) {
      if (ifMatch.any()) {
        options.condition(new Cond.Exists(FieldPath.of(partitionAttribute())));
      } else {
        options.expectedVersion(ifMatch.version());
      }
    }
    ItemRoutes.guarded(
        ifMatch,
        () -> {
          view.delete(key, options.build());
          return Boolean.TRUE;
        });
    return RestResponse.noContent();
  }

  /** {@code GET /-by-names?names=a,b}: the items in the order of the names, null where missing. */
  private RestResponse byNames(RestQuery query) {
    query.requireOnly(Set.of(RestQuery.NAMES, RestQuery.CONSISTENT), false);
    List<Map<String, Object>> named = new ArrayList<>();
    for (String name : query.names()) {
      named.add(keys.key(name));
    }
    ReadOptions read = ReadOptions.builder().consistent(query.flag(RestQuery.CONSISTENT)).build();
    List<@Nullable Object> items = new ArrayList<>();
    for (Map<String, Object> key : named) {
      items.add(
          view.get(key, read).map(item -> (Object) EntityJson.tree(entity, item)).orElse(null));
    }
    return RestResponse.json(200, items);
  }

  /**
   * {@code DELETE /-by-names}: names from the query, else from a JSON array body; every name is
   * read into a key before anything is deleted. Idempotent: absent items count too.
   */
  private RestResponse deleteByNames(RestRequest request, RestQuery query) {
    query.requireOnly(Set.of(RestQuery.NAMES), false);
    List<String> names = query.names();
    if (names.isEmpty()) {
      names = Bodies.names(request.body(), policy);
    }
    List<Map<String, Object>> named = new ArrayList<>();
    for (String name : names) {
      named.add(keys.key(name));
    }
    for (Map<String, Object> key : named) {
      view.delete(key);
    }
    return RestResponse.json(200, Map.of("processed", named.size()));
  }

  /** {@code PUT /-load}: creates or replaces every item of the array, checked before any write. */
  private RestResponse load(RestRequest request, RestQuery query) {
    query.requireOnly(Set.of(), false);
    List<Map<String, @Nullable Object>> bodies = Bodies.items(request.body());
    if (bodies.size() > policy.maxBulkItems()) {
      throw RestException.badRequest(
          "TooManyItems",
          "the body has "
              + bodies.size()
              + " items; at most "
              + policy.maxBulkItems()
              + " per load");
    }
    List<Map<String, Object>> items = new ArrayList<>();
    for (Map<String, @Nullable Object> body : bodies) {
      Map<String, Object> item = fields(body);
      view.primaryKey(item); // a missing key field refuses the load before anything is written
      items.add(item);
    }
    for (Map<String, Object> item : items) {
      view.put(item, WriteOptions.overwriting());
    }
    return RestResponse.json(200, Map.of("processed", items.size()));
  }

  private Map<String, Object> key(String rawSegment) {
    String text;
    try {
      text = Percent.decode(rawSegment, false);
    } catch (IllegalArgumentException e) {
      throw RestException.badRequest(
          "BadKey", "the key in the path is not properly percent-encoded: " + e.getMessage());
    }
    if (text.length() > policy.maxValueLength()) {
      throw RestException.badRequest(
          "BadKey", "the key is longer than " + policy.maxValueLength() + " characters");
    }
    return keys.key(text);
  }

  private Map<String, Object> fields(Map<String, @Nullable Object> body) {
    Map<String, Object> fields = new LinkedHashMap<>();
    EntityJson.body(spec, entity, body).forEach(fields::put);
    return fields;
  }

  private String partitionAttribute() {
    return spec.partitionKey().name();
  }
}
