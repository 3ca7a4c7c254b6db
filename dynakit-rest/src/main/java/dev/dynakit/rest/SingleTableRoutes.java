package dev.dynakit.rest;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.core.entity.EntityTable;
import dev.dynakit.core.schema.AccessPattern;
import dev.dynakit.core.schema.TableSpec;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The routes of a single-table declaration (one with entities): the route pack of every entity
 * under {@code /<entity>/} (the path key is the entity's key fields in template order joined by
 * {@code :}, {@code /order/c42:2026-03-01:o981}), and every access pattern at {@code GET
 * /-patterns/<name>?<field>=<value>&limit=&cursor=}, answering {@code {"data": [...], "cursor":
 * ...}} (each item with its type field; the cursor is null after the last page) or {@code {"count":
 * n}}. {@code GET /} lists both.
 *
 * <pre>{@code
 * SingleTableRoutes routes = SingleTableRoutes.builder(adapter).build();
 * try (RestServer server = RestServer.builder(routes).policy(routes.policy()).port(8080).start()) {
 *   // curl 'http://127.0.0.1:8080/-patterns/customerWithOrders?customerId=c42&limit=5'
 * }
 * }</pre>
 */
public final class SingleTableRoutes implements RestHandler {
  /** How long one by-names copy request works before it answers with a resume token. */
  private static final Duration BULK_TIME = Duration.ofSeconds(20);

  private final RestPolicy policy;
  private final @Nullable TableSpec spec;
  private final EntityDispatch dispatch;

  private SingleTableRoutes(RestPolicy policy, @Nullable TableSpec spec, EntityDispatch dispatch) {
    this.policy = policy;
    this.spec = spec;
    this.dispatch = dispatch;
  }

  /**
   * The routes of the Adapter's table.
   *
   * @throws IllegalArgumentException when the table declares no entities
   */
  public static Builder builder(Adapter adapter) {
    return new Builder(adapter);
  }

  /** Routes over given parts (the builder's work; tests use it with stand-ins). */
  static SingleTableRoutes of(
      RestPolicy policy,
      @Nullable TableSpec spec,
      Map<String, RestHandler> entities,
      Map<String, PatternEndpoint> patterns,
      Map<String, Object> index) {
    return new SingleTableRoutes(
        policy,
        spec,
        new EntityDispatch(policy, entities, new PatternRoutes(policy, patterns), index));
  }

  /** The policy the routes apply (a binding should limit bodies by the same one). */
  public RestPolicy policy() {
    return policy;
  }

  @Override
  public RestResponse handle(RestRequest request) {
    try {
      return dispatch.dispatch(request);
    } catch (RuntimeException e) {
      return ErrorMapping.toResponse(e, spec, policy);
    }
  }

  /** Configures {@link SingleTableRoutes}. */
  public static final class Builder {
    private final Adapter adapter;
    private RestPolicy policy = RestPolicy.defaults();

    private Builder(Adapter adapter) {
      this.adapter = Objects.requireNonNull(adapter, "adapter");
      if (adapter.spec().entities().isEmpty()) {
        throw new IllegalArgumentException(
            "table '" + adapter.tableName() + "' declares no entities; serve it with TableRoutes");
      }
    }

    /** The wire format and limits; {@link RestPolicy#defaults()} by default. */
    public Builder policy(RestPolicy value) {
      this.policy = Objects.requireNonNull(value, "policy");
      return this;
    }

    public SingleTableRoutes build() {
      EntityTable table = EntityTable.of(adapter);
      TableSpec spec = adapter.spec();
      byte[] tokenKey = new byte[32];
      new SecureRandom().nextBytes(tokenKey);
      BulkRuns bulk = new BulkRuns(adapter, tokenKey, policy.maxBulkItems(), BULK_TIME);
      Map<String, RestHandler> entities = new LinkedHashMap<>();
      for (String name : spec.entities().keySet()) {
        entities.put(name, new EntityRoutes(spec, table.entity(name), policy, bulk));
      }
      Map<String, PatternEndpoint> patterns = new LinkedHashMap<>();
      for (AccessPattern pattern : spec.accessPatterns().values()) {
        patterns.put(pattern.name(), new TablePattern(table, pattern));
      }
      return of(policy, spec, entities, patterns, DeclarationIndex.of(table, policy));
    }
  }
}
