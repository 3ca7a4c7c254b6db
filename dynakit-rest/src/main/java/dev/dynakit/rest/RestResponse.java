package dev.dynakit.rest;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP response for a binding to write.
 *
 * @param status the HTTP status
 * @param headers header values by name, in order ({@code Content-Type} for JSON bodies)
 * @param body the body, or null for none (204, a 404 miss); not copied
 */
public record RestResponse(int status, Map<String, String> headers, byte @Nullable [] body) {
  /** The content type of every JSON body. */
  public static final String JSON_TYPE = "application/json; charset=utf-8";

  /** Checks the status and copies the headers. */
  public RestResponse {
    if (status < 100 || status > 599) {
      throw new IllegalArgumentException("an HTTP status is 100..599, got " + status);
    }
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  /** A JSON response; the tree holds maps, lists, strings, numbers, booleans and nulls. */
  public static RestResponse json(int status, @Nullable Object tree) {
    return new RestResponse(status, Map.of("Content-Type", JSON_TYPE), JsonText.write(tree));
  }

  /** A response without a body (and without a content type). */
  public static RestResponse empty(int status) {
    return new RestResponse(status, Map.of(), null);
  }

  /** 204 No Content. */
  public static RestResponse noContent() {
    return empty(204);
  }

  /** An error response rendered by the policy's error-body builder. */
  public static RestResponse error(RestError error, RestPolicy policy) {
    return json(error.status(), policy.errorBody().apply(error));
  }

  /** This response with a header set (replacing a header of the same name). */
  public RestResponse withHeader(String name, String value) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    Map<String, String> more = new LinkedHashMap<>();
    headers.forEach(
        (existing, v) -> {
          if (!existing.equalsIgnoreCase(name)) {
            more.put(existing, v);
          }
        });
    more.put(name, value);
    return new RestResponse(status, more, body);
  }

  /** The value of a header (case-insensitive), or null. */
  public @Nullable String header(String name) {
    for (Map.Entry<String, String> entry : headers.entrySet()) {
      if (entry.getKey().equalsIgnoreCase(name)) {
        return entry.getValue();
      }
    }
    return null;
  }
}
