package dev.dynakit.rest;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@code GET /-patterns/<name>?<field>=<value>&limit=&cursor=}: one named access pattern, answering
 * {@code {"data": [...], "cursor": ...}} (the cursor is null after the last page), or {@code
 * {"count": n}} for a counting pattern. Every parameter the pattern's keys name is required and
 * typed by its field; any other parameter is refused.
 */
final class PatternRoutes implements RestHandler {
  /** The resume token of the next page. */
  static final String CURSOR = "cursor";

  private static final String READ_METHODS = "GET, HEAD";

  private final RestPolicy policy;
  private final Map<String, PatternEndpoint> patterns;

  PatternRoutes(RestPolicy policy, Map<String, PatternEndpoint> patterns) {
    this.policy = policy;
    this.patterns = new LinkedHashMap<>(patterns);
  }

  @Override
  public RestResponse handle(RestRequest request) {
    Route route = Route.match(request.path(), policy);
    String name = route.kind() == Route.Kind.ITEM ? decoded(route.rawKey()) : null;
    PatternEndpoint pattern = name == null ? null : patterns.get(name);
    if (pattern == null) {
      throw new RestException(
          404,
          "NotFound",
          (name == null
                  ? "no access pattern at this path"
                  : "no access pattern " + Texts.quote(name))
              + "; the patterns are "
              + String.join(", ", patterns.keySet())
              + ", each at "
              + request.mount()
              + "/NAME");
    }
    if (!request.method().equals("GET") && !request.method().equals("HEAD")) {
      return RestResponse.error(
              new RestError(
                  405, "MethodNotAllowed", "an access pattern is read with GET (or HEAD)"),
              policy)
          .withHeader("Allow", READ_METHODS);
    }
    return answer(name, pattern, RestQuery.parse(request.query(), policy));
  }

  private RestResponse answer(String name, PatternEndpoint pattern, RestQuery query) {
    Set<String> allowed = new LinkedHashSet<>(pattern.parameters());
    if (!pattern.counts()) {
      allowed.add(RestQuery.LIMIT);
      allowed.add(CURSOR);
    }
    query.requireOnly(allowed, false);
    Map<String, Object> parameters = new LinkedHashMap<>();
    for (String field : pattern.parameters()) {
      String text = query.params().get(field);
      if (text == null || text.isEmpty()) {
        throw RestException.badRequest(
            "MissingParameter",
            "access pattern "
                + Texts.quote(name)
                + " needs "
                + String.join(", ", pattern.parameters())
                + "; "
                + field
                + " is missing"
                + (text == null ? "" : " (empty)"));
      }
      if (text.length() > policy.maxValueLength()) {
        throw RestException.badRequest(
            "BadParameter", field + " is longer than " + policy.maxValueLength() + " characters");
      }
      parameters.put(field, pattern.parameter(field, text));
    }
    if (pattern.counts()) {
      return RestResponse.json(200, Map.of("count", pattern.count(parameters)));
    }
    int limit = query.paging().limit();
    String cursor = query.params().get(CURSOR);
    if (cursor != null && cursor.isEmpty()) {
      throw RestException.badRequest(
          "BadCursor", "cursor is empty; send the cursor of the previous answer, or none");
    }
    PatternEndpoint.Page page = pattern.read(parameters, limit, cursor);
    Map<String, @Nullable Object> body = new LinkedHashMap<>();
    body.put(policy.envelope().items(), page.items());
    body.put(CURSOR, page.cursor());
    return RestResponse.json(200, body);
  }

  private static @Nullable String decoded(@Nullable String raw) {
    if (raw == null) {
      return null;
    }
    try {
      return Percent.decode(raw, false);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
