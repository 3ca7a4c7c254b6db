package dev.dynakit.rest;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.adapter.ListOptions;
import dev.dynakit.core.token.TokenCodec;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The standard route pack for one table, wire-compatible with the reference toolkit's handler under
 * the default policy, with the fixes the module README lists (errors as 4xx, bulk routes scoped
 * like the list, confirmation for a whole-table delete, {@code consistent} honoured, ETags).
 *
 * <table>
 *   <caption>Routes ({@code -} is the policy's method prefix)</caption>
 *   <tr><th>Method</th><th>Path</th><th>Does</th><th>Success</th></tr>
 *   <tr><td>GET, HEAD</td><td>/</td><td>a page of the list, in the envelope</td><td>200</td></tr>
 *   <tr><td>POST</td><td>/</td><td>create (409 when the key is taken)</td><td>204</td></tr>
 *   <tr><td>DELETE</td><td>/</td><td>delete the scope ({@code ?confirm=yes} when unscoped);
 *       resumable</td><td>200 {processed}</td></tr>
 *   <tr><td>GET, HEAD</td><td>/-by-names</td><td>items by {@code ?names}, nulls where missing</td>
 *       <td>200 array</td></tr>
 *   <tr><td>DELETE</td><td>/-by-names</td><td>delete by names (query or array body)</td>
 *       <td>200 {processed}</td></tr>
 *   <tr><td>PUT</td><td>/-load</td><td>create or replace an array of items</td>
 *       <td>200 {processed}</td></tr>
 *   <tr><td>PUT</td><td>/-clone, /-move</td><td>copy the scope with the body as overlay, which
 *       must change a key field ({@code ?confirm=yes} when unscoped); resumable</td>
 *       <td>200 {processed}</td></tr>
 *   <tr><td>PUT</td><td>/-clone-by-names, /-move-by-names</td><td>copy named items;
 *       resumable</td><td>200 {processed}</td></tr>
 *   <tr><td>GET, HEAD</td><td>/:key</td><td>the item with its ETag; 404 without body</td>
 *       <td>200</td></tr>
 *   <tr><td>PUT</td><td>/:key</td><td>replace; on a versioned table only the version read
 *       ({@code If-Match} or the body's), else create ({@code ?force}: create or replace)</td>
 *       <td>204</td></tr>
 *   <tr><td>PATCH</td><td>/:key</td><td>change fields ({@code _delete}, {@code _arrayOps})</td>
 *       <td>204</td></tr>
 *   <tr><td>DELETE</td><td>/:key</td><td>delete (idempotent)</td><td>204</td></tr>
 *   <tr><td>PUT</td><td>/:key/-clone, /:key/-move</td><td>copy one item with the overlay</td>
 *       <td>204</td></tr>
 * </table>
 *
 * <p>Bulk routes are resumable ({@link BulkRuns}): a request stops after {@link
 * RestPolicy#maxBulkItems()} items or the time budget and answers with a {@code resume} token; the
 * same request with {@code ?resume=TOKEN} continues where it stopped.
 *
 * <p>Keys in paths follow {@link PathKeys} unless a {@link KeyMapper} is given. Any other method on
 * these paths is 405 with an {@code Allow} header naming the route's methods; any other path is 404
 * {@code NotFound} with a JSON body. A {@code POST}, {@code PUT}, {@code PATCH} or {@code DELETE}
 * that carries a body (or declares a content type) must declare {@code application/json}, else 415
 * {@code UnsupportedMediaType}.
 */
public final class TableRoutes implements RestHandler {
  private static final String ROOT_METHODS = "GET, HEAD, POST, DELETE";
  private static final String ITEM_METHODS = "GET, HEAD, PUT, PATCH, DELETE";

  private final RouteContext ctx;
  private final CollectionRoutes collection;
  private final NameRoutes names;
  private final ItemRoutes items;

  private TableRoutes(RouteContext ctx, BulkRuns bulk) {
    this.ctx = ctx;
    this.collection = new CollectionRoutes(ctx, bulk);
    this.names = new NameRoutes(ctx, new PerItemBulkOperations(ctx.adapter), bulk);
    this.items = new ItemRoutes(ctx);
  }

  /** The route pack of the Adapter's table. */
  public static Builder builder(Adapter adapter) {
    return new Builder(adapter);
  }

  /** The policy the routes apply (a binding should limit bodies by the same one). */
  public RestPolicy policy() {
    return ctx.policy;
  }

  @Override
  public RestResponse handle(RestRequest request) {
    try {
      return dispatch(request);
    } catch (RuntimeException e) {
      return ErrorMapping.toResponse(e, ctx.spec, ctx.policy);
    }
  }

  private RestResponse dispatch(RestRequest request) {
    String method = request.method();
    Route route = Route.match(request.path(), ctx.policy);
    String allow = allowed(route);
    if (allow == null) {
      throw new RestException(
          404,
          "NotFound",
          "no route "
              + Texts.quote(request.path())
              + "; a path is /, /"
              + ctx.policy.methodPrefix()
              + "METHOD, /KEY or /KEY/"
              + ctx.policy.methodPrefix()
              + "clone|move (METHOD: by-names, load, clone, move, clone-by-names,"
              + " move-by-names)");
    }
    if (!List.of(allow.split(", ")).contains(method)) {
      return notAllowed(allow);
    }
    JsonContentType.require(request);
    boolean read = method.equals("GET") || method.equals("HEAD");
    switch (route.kind()) {
      case ROOT:
        if (read) {
          return collection.list(request, query(request));
        }
        if (method.equals("POST")) {
          return collection.create(request, query(request));
        }
        return collection.deleteScope(query(request));
      case COLLECTION_METHOD:
        return collectionMethod(request, read, Objects.requireNonNull(route.name()));
      case ITEM:
        return item(request, method, read, Objects.requireNonNull(route.rawKey()));
      default:
        String name = Objects.requireNonNull(route.name());
        return items.copy(
            request, Objects.requireNonNull(route.rawKey()), query(request), name.equals("move"));
    }
  }

  /** The methods a route answers ({@code Allow}), or null when there is no such route. */
  private static @Nullable String allowed(Route route) {
    switch (route.kind()) {
      case ROOT:
        return ROOT_METHODS;
      case ITEM:
        return ITEM_METHODS;
      case COLLECTION_METHOD:
        switch (Objects.requireNonNull(route.name())) {
          case "by-names":
            return "GET, HEAD, DELETE";
          case "load":
          case "clone":
          case "move":
          case "clone-by-names":
          case "move-by-names":
            return "PUT";
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

  private RestResponse collectionMethod(RestRequest request, boolean read, String name) {
    RestQuery query = query(request);
    switch (name) {
      case "by-names":
        return read ? names.get(query) : names.delete(request, query);
      case "load":
        return names.load(request, query);
      case "clone":
        return collection.copyScope(request, query, false);
      case "move":
        return collection.copyScope(request, query, true);
      case "clone-by-names":
        return names.copy(request, query, false);
      default:
        return names.copy(request, query, true);
    }
  }

  private RestResponse item(RestRequest request, String method, boolean read, String rawKey) {
    if (read) {
      return items.get(rawKey, query(request));
    }
    switch (method) {
      case "PUT":
        return items.put(request, rawKey, query(request));
      case "PATCH":
        return items.patch(request, rawKey, query(request));
      default:
        return items.delete(request, rawKey, query(request));
    }
  }

  private RestQuery query(RestRequest request) {
    return RestQuery.parse(request.query(), ctx.policy);
  }

  private RestResponse notAllowed(String allow) {
    return RestResponse.error(
            new RestError(405, "MethodNotAllowed", "this method is not allowed on this path"),
            ctx.policy)
        .withHeader("Allow", allow);
  }

  /** Configures {@link TableRoutes}. */
  public static final class Builder {
    private final Adapter adapter;
    private RestPolicy policy = RestPolicy.defaults();
    private @Nullable KeyMapper keyMapper;
    private ExampleBuilder examples = (query, body) -> Map.of();
    private @Nullable Map<String, String> sortableIndices;
    private byte @Nullable [] tokenKey;
    private Duration bulkTime = Duration.ofSeconds(20);

    private Builder(Adapter adapter) {
      this.adapter = Objects.requireNonNull(adapter, "adapter");
    }

    /** The wire format and limits; {@link RestPolicy#defaults()} by default. */
    public Builder policy(RestPolicy value) {
      this.policy = Objects.requireNonNull(value, "policy");
      return this;
    }

    /** How key texts become keys; {@link PathKeys#fromText} by default. */
    public Builder keyMapper(KeyMapper value) {
      this.keyMapper = Objects.requireNonNull(value, "keyMapper");
      return this;
    }

    /** The example for the Adapter's {@code prepareListInput}; none by default. */
    public Builder exampleBuilder(ExampleBuilder value) {
      this.examples = Objects.requireNonNull(value, "exampleBuilder");
      return this;
    }

    /**
     * The fields {@code ?sort} accepts and the index each reads, replacing the default (every field
     * that is the first sort key of a declared index, an LSI before a GSI).
     */
    public Builder sortableIndices(Map<String, String> fieldToIndex) {
      this.sortableIndices = new LinkedHashMap<>(fieldToIndex);
      return this;
    }

    /**
     * The secret key of the bulk routes' resume tokens (at least 16 bytes), so that a token stays
     * good across restarts and instances; by default a random key (tokens good for this object's
     * life).
     */
    public Builder bulkTokenKey(byte[] key) {
      TokenCodec.withKey(key);
      this.tokenKey = key.clone();
      return this;
    }

    /**
     * How long one bulk request works before it answers with a resume token (20 seconds by
     * default); its item budget is {@link RestPolicy#maxBulkItems()}.
     */
    public Builder bulkTimeBudget(Duration value) {
      if (value.compareTo(Duration.ofMillis(1)) < 0) {
        throw new IllegalArgumentException("bulkTimeBudget must be positive, got " + value);
      }
      this.bulkTime = value;
      return this;
    }

    /**
     * @throws IllegalArgumentException when the policy's page size exceeds the Adapter's, or a
     *     sortable index is not declared
     */
    public TableRoutes build() {
      if (policy.maxLimit() > ListOptions.MAX_LIMIT) {
        throw new IllegalArgumentException(
            "the policy's maxLimit "
                + policy.maxLimit()
                + " exceeds the Adapter's largest page, "
                + ListOptions.MAX_LIMIT);
      }
      if (sortableIndices != null) {
        sortableIndices.forEach(
            (field, index) -> {
              if (adapter.spec().index(index).isEmpty()) {
                throw new IllegalArgumentException(
                    "sortableIndices maps '"
                        + field
                        + "' to '"
                        + index
                        + "', which is not declared");
              }
            });
      }
      RestPolicy chosen = policy;
      KeyMapper keys =
          keyMapper != null ? keyMapper : text -> PathKeys.fromText(text, adapter.spec(), chosen);
      byte[] key = tokenKey;
      if (key == null) {
        key = new byte[32];
        new SecureRandom().nextBytes(key);
      }
      BulkRuns bulk = new BulkRuns(adapter, key, policy.maxBulkItems(), bulkTime);
      return new TableRoutes(
          new RouteContext(adapter, policy, keys, examples, sortableIndices), bulk);
    }
  }
}
