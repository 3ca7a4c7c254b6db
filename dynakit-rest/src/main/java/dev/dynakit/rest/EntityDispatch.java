package dev.dynakit.rest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The first path segment of a single-table declaration's routes: {@code /<entity>/…} goes to that
 * entity's route pack, {@code /-patterns/…} to the access patterns, {@code /} is the index of both.
 * The handler below sees the rest of the path, mounted under the segment (so that its links and
 * messages name the whole path).
 */
final class EntityDispatch {
  /** The first segment of the access patterns' routes, after the method prefix. */
  static final String PATTERNS = "patterns";

  private final RestPolicy policy;
  private final Map<String, RestHandler> entities;
  private final RestHandler patterns;
  private final Map<String, Object> index;

  /**
   * @param entities the route pack of each entity, by entity name
   * @param patterns the access patterns' routes
   * @param index what {@code GET /} answers
   */
  EntityDispatch(
      RestPolicy policy,
      Map<String, RestHandler> entities,
      RestHandler patterns,
      Map<String, Object> index) {
    this.policy = policy;
    this.entities = new LinkedHashMap<>(entities);
    this.patterns = patterns;
    this.index = index;
  }

  RestResponse dispatch(RestRequest request) {
    String path = request.path();
    int start = 0;
    while (start < path.length() && path.charAt(start) == '/') {
      start++;
    }
    if (start == path.length()) {
      return root(request);
    }
    int slash = path.indexOf('/', start);
    String first = slash < 0 ? path.substring(start) : path.substring(start, slash);
    String rest = slash < 0 ? "" : path.substring(slash);
    RestHandler handler =
        first.equals(policy.methodPrefix() + PATTERNS) ? patterns : entities.get(first);
    if (handler == null) {
      throw new RestException(
          404,
          "NotFound",
          "no entity or route "
              + Texts.quote(first)
              + "; the paths are /ENTITY/… (entities: "
              + String.join(", ", entities.keySet())
              + ") and /"
              + policy.methodPrefix()
              + PATTERNS
              + "/NAME");
    }
    return handler.handle(below(request, first, rest));
  }

  private RestResponse root(RestRequest request) {
    String method = request.method();
    if (!method.equals("GET") && !method.equals("HEAD")) {
      return RestResponse.error(
              new RestError(405, "MethodNotAllowed", "this method is not allowed on this path"),
              policy)
          .withHeader("Allow", "GET, HEAD");
    }
    RestQuery.parse(request.query(), policy).requireOnly(Set.of(), false);
    return RestResponse.json(200, index);
  }

  /** The request as the handler of {@code first} sees it: the rest of the path, mounted deeper. */
  private static RestRequest below(RestRequest request, String first, String rest) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    request.headers().forEach((name, values) -> headers.put(name, new ArrayList<>(values)));
    return new RestRequest(
        request.method(),
        request.mount() + "/" + first,
        rest,
        request.query(),
        headers,
        request.body());
  }
}
