package dev.dynakit.rest;

import dev.dynakit.core.schema.TableSpec;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The routes of a single-table declaration (one with entities): the standard route pack of every
 * entity under {@code /<entity>/}, and every access pattern at {@code GET
 * /-patterns/<name>?<field>=<value>&limit=&cursor=}. {@code GET /} lists both.
 */
public final class SingleTableRoutes implements RestHandler {
  private final RestPolicy policy;
  private final @Nullable TableSpec spec;
  private final EntityDispatch dispatch;

  private SingleTableRoutes(RestPolicy policy, @Nullable TableSpec spec, EntityDispatch dispatch) {
    this.policy = policy;
    this.spec = spec;
    this.dispatch = dispatch;
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
}
