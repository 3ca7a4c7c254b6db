package dev.dynakit.rest;

import java.util.Locale;
import java.util.Set;

/**
 * Writes must say they carry JSON. A {@code POST}, {@code PUT}, {@code PATCH} or {@code DELETE}
 * that has a body, or that declares a content type at all, must declare {@code application/json}
 * (with an optional {@code charset=utf-8}); anything else is refused with 415. A web page can send
 * a cross-site {@code text/plain}, form or multipart {@code POST} without asking first; it cannot
 * send {@code application/json} without a CORS preflight, which the server refuses to untrusted
 * origins. So no page can write blindly.
 */
final class JsonContentType {
  private static final Set<String> WRITES = Set.of("POST", "PUT", "PATCH", "DELETE");

  private JsonContentType() {}

  /**
   * @throws RestException 415 {@code UnsupportedMediaType} naming the type received
   */
  static void require(RestRequest request) {
    if (!WRITES.contains(request.method())) {
      return;
    }
    String type = request.header("Content-Type");
    if (type == null) {
      if (request.body().length == 0) {
        return;
      }
      throw refused(request, "no Content-Type");
    }
    String[] parts = type.split(";", -1);
    if (!parts[0].trim().equalsIgnoreCase("application/json")) {
      throw refused(request, "Content-Type " + Texts.quote(type.trim()));
    }
    for (int i = 1; i < parts.length; i++) {
      String parameter = parts[i].trim().toLowerCase(Locale.ROOT);
      if (parameter.startsWith("charset=")) {
        String charset = parameter.substring("charset=".length()).replace("\"", "").trim();
        if (!charset.equals("utf-8") && !charset.equals("utf8")) {
          throw new RestException(
              415,
              "UnsupportedMediaType",
              "request bodies are UTF-8 JSON; charset " + Texts.quote(charset) + " is not read");
        }
      }
    }
  }

  private static RestException refused(RestRequest request, String received) {
    return new RestException(
        415,
        "UnsupportedMediaType",
        "a "
            + request.method()
            + " must be sent with Content-Type: application/json, got "
            + received);
  }
}
