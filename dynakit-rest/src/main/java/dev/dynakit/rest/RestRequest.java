package dev.dynakit.rest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP request as a binding hands it over: nothing decoded yet, the body already read within
 * {@link RestPolicy#maxBodyBytes()}.
 *
 * @param method the HTTP method, upper case ({@code GET}, {@code HEAD}, …)
 * @param mount the raw path prefix the handler is mounted at, without a trailing {@code /} ({@code
 *     ""} at the root, {@code "/planets"}); used for links
 * @param path the raw (still percent-encoded) path below the mount, such as {@code /Hoth%20II}
 * @param query the raw query string without {@code ?}, or null when the target has none
 * @param headers header values by name; looked up case-insensitively
 * @param body the request body, empty when there is none; not copied
 */
public record RestRequest(
    String method,
    String mount,
    String path,
    @Nullable String query,
    Map<String, List<String>> headers,
    byte[] body) {
  /** Upper-cases the method and copies the headers for case-insensitive lookup. */
  public RestRequest {
    method = Objects.requireNonNull(method, "method").toUpperCase(Locale.ROOT);
    Objects.requireNonNull(mount, "mount");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(body, "body");
    Map<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.forEach(
        (name, values) ->
            copy.computeIfAbsent(name, n -> new ArrayList<>()).addAll(List.copyOf(values)));
    copy.replaceAll((name, values) -> List.copyOf(values));
    headers = Collections.unmodifiableMap(copy);
  }

  /** A request without headers or body, for tests and simple callers. */
  public static RestRequest of(String method, String pathAndQuery) {
    return of(method, pathAndQuery, new byte[0]);
  }

  /** A request without headers, splitting {@code /path?query} at the first {@code ?}. */
  public static RestRequest of(String method, String pathAndQuery, byte[] body) {
    int mark = pathAndQuery.indexOf('?');
    String path = mark < 0 ? pathAndQuery : pathAndQuery.substring(0, mark);
    String query = mark < 0 ? null : pathAndQuery.substring(mark + 1);
    return new RestRequest(method, "", path, query, Map.of(), body);
  }

  /** This request with one more header value. */
  public RestRequest withHeader(String name, String value) {
    Map<String, List<String>> more = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    more.putAll(headers);
    List<String> values = new ArrayList<>(more.getOrDefault(name, List.of()));
    values.add(value);
    more.put(name, values);
    return new RestRequest(method, mount, path, query, more, body);
  }

  /** The values of a header, joined with {@code ", "} as HTTP allows; null when absent. */
  public @Nullable String header(String name) {
    List<String> values = headers.get(name);
    return values == null || values.isEmpty() ? null : String.join(", ", values);
  }
}
