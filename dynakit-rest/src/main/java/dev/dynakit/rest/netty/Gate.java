package dev.dynakit.rest.netty;

import dev.dynakit.rest.RestError;
import dev.dynakit.rest.RestPolicy;
import dev.dynakit.rest.RestResponse;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * What is decided from a request head alone, before its body is read: a stopping server, a foreign
 * {@code Host}, an untrusted {@code Origin}, a CORS preflight, a target outside the mount. Also
 * adds the CORS headers to the answers of trusted origins.
 */
final class Gate {
  static final String CORS_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";
  static final String CORS_HEADERS = "Content-Type, If-Match, If-None-Match";

  private final AccessRules access;
  private final RestPolicy policy;
  private final String mount;

  Gate(AccessRules access, RestPolicy policy, String mount) {
    this.access = access;
    this.policy = policy;
    this.mount = mount;
  }

  /**
   * An answer given instead of running the handler.
   *
   * @param response the answer
   * @param close whether the connection closes after it
   */
  record Answer(RestResponse response, boolean close) {}

  /** The answer a head decides by itself, or null when the handler should answer. */
  @Nullable Answer screen(HttpRequest request, boolean stopping) {
    HttpHeaders headers = request.headers();
    if (stopping) {
      return new Answer(error(503, "ServiceUnavailable", "the server is stopping"), true);
    }
    String host = headers.get(HttpHeaderNames.HOST);
    if (!access.hostAllowed(host)) {
      return new Answer(
          error(
              403,
              "HostNotAllowed",
              "this server answers to loopback names and its own address, not to Host '"
                  + shorten(host)
                  + "'; allow that name explicitly (./dynakit rest --allow-host NAME)"),
          false);
    }
    String origin = headers.get(HttpHeaderNames.ORIGIN);
    boolean preflight =
        HttpMethod.OPTIONS.equals(request.method())
            && origin != null
            && headers.contains(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD);
    if (origin != null && !access.originAllowed(origin) && (preflight || !safe(request))) {
      return new Answer(
          error(
              403,
              "OriginNotAllowed",
              "pages of origin '"
                  + shorten(origin)
                  + "' may not use this server; loopback origins may, others only when allowed"
                  + " explicitly (./dynakit rest --cors-origin ORIGIN)"),
          false);
    }
    if (preflight) {
      return new Answer(
          RestResponse.noContent()
              .withHeader("Access-Control-Allow-Methods", CORS_METHODS)
              .withHeader("Access-Control-Allow-Headers", CORS_HEADERS)
              .withHeader("Access-Control-Max-Age", "600"),
          false);
    }
    Target target = Target.parse(request.uri());
    if (target == null) {
      return new Answer(
          error(
              400,
              "BadTarget",
              "the request target must be a path starting with '/', in printable ASCII"
                  + " (percent-encode anything else)"),
          false);
    }
    if (target.below(mount) == null) {
      return new Answer(error(404, "NotFound", "no resource here"), false);
    }
    return null;
  }

  /** The answer with the CORS headers a trusted origin gets; unchanged for others. */
  RestResponse withCors(RestResponse response, @Nullable String origin) {
    if (origin == null || !access.originAllowed(origin)) {
      return response;
    }
    return response
        .withHeader("Access-Control-Allow-Origin", origin.trim())
        .withHeader("Access-Control-Expose-Headers", "ETag")
        .withHeader("Vary", "Origin");
  }

  /** 400, 414 or 431 for a request the HTTP decoder could not read. */
  RestResponse malformed(@Nullable Throwable cause) {
    if (cause instanceof TooLongHttpLineException) {
      return error(414, "UriTooLong", "the request line is too long");
    }
    if (cause instanceof TooLongHttpHeaderException) {
      return error(431, "HeadersTooLarge", "the request headers are too large");
    }
    String message = "malformed HTTP request";
    if (cause instanceof TooLongFrameException) {
      message += ": a part of it is too long";
    } else if (cause != null && cause.getMessage() != null) {
      message += ": " + shorten(cause.getMessage());
    }
    return error(400, "BadRequest", message);
  }

  /** 413 for a body beyond the policy's limit. */
  RestResponse tooLarge() {
    return error(
        413,
        "PayloadTooLarge",
        "the request body is larger than " + policy.maxBodyBytes() + " bytes");
  }

  /** 408 for a request head or body that did not arrive in time. */
  RestResponse timedOut(boolean inHead, Timeouts timeouts) {
    Duration limit = inHead ? timeouts.header() : timeouts.body();
    return error(
        408,
        "RequestTimeout",
        "the request "
            + (inHead ? "head" : "body")
            + " did not arrive within "
            + limit.toMillis()
            + " ms");
  }

  /** Client text cut to 80 characters for an error message. */
  private static String shorten(@Nullable String text) {
    if (text == null) {
      return "";
    }
    return text.length() <= 80 ? text : text.substring(0, 80) + "…";
  }

  RestResponse error(int status, String code, String message) {
    return RestResponse.error(new RestError(status, code, message), policy);
  }

  private static boolean safe(HttpRequest request) {
    HttpMethod method = request.method();
    return HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method);
  }
}
