package dev.dynakit.rest.jdk;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.dynakit.rest.ErrorMapping;
import dev.dynakit.rest.RestError;
import dev.dynakit.rest.RestHandler;
import dev.dynakit.rest.RestPolicy;
import dev.dynakit.rest.RestRequest;
import dev.dynakit.rest.RestResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * Adapts a {@link RestHandler} to the JDK server's {@link HttpHandler}. The request body is read up
 * to the policy's limit before the handler runs (a declared or actual size beyond it is answered
 * with 413 {@code PayloadTooLarge} and the connection is closed); {@code HEAD} responses carry the
 * headers of the {@code GET} response, including its {@code Content-Length}, and no body.
 */
public final class JdkRestHandler implements HttpHandler {
  /** The most bytes of an oversized body read and dropped before answering 413. */
  static final long DISCARD_LIMIT = 16L * 1024 * 1024;

  private final RestHandler handler;
  private final RestPolicy policy;
  private final AtomicInteger running = new AtomicInteger();
  private volatile boolean stopping;

  /** Serves {@code handler} within the body limit of {@code policy}. */
  public JdkRestHandler(RestHandler handler, RestPolicy policy) {
    this.handler = Objects.requireNonNull(handler, "handler");
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    running.incrementAndGet();
    try (exchange) {
      RestResponse response;
      if (stopping) {
        response =
            error(503, "ServiceUnavailable", "the server is stopping")
                .withHeader("Connection", "close");
      } else {
        try {
          response = respond(exchange);
        } catch (RuntimeException | StackOverflowError e) {
          response = ErrorMapping.toResponse(e, null, policy);
        }
      }
      send(exchange, response);
    } finally {
      running.decrementAndGet();
    }
  }

  /**
   * Answers new requests with 503 and waits until the running ones are done or the time is up.
   *
   * @return whether every running exchange finished in time
   */
  boolean drain(long timeoutMillis) throws InterruptedException {
    stopping = true;
    long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
    while (running.get() > 0) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(5);
    }
    return true;
  }

  private RestResponse respond(HttpExchange exchange) throws IOException {
    String mount = mount(exchange.getHttpContext().getPath());
    String path = rawPath(exchange.getRequestURI());
    if (!path.startsWith(mount)
        || (path.length() > mount.length() && path.charAt(mount.length()) != '/')) {
      return error(404, "NotFound", "no resource here");
    }
    byte[] body = readBody(exchange);
    if (body == null) {
      discardBody(exchange);
      return error(
              413,
              "PayloadTooLarge",
              "the request body is larger than " + policy.maxBodyBytes() + " bytes")
          .withHeader("Connection", "close");
    }
    RestRequest request =
        new RestRequest(
            exchange.getRequestMethod(),
            mount,
            path.substring(mount.length()),
            exchange.getRequestURI().getRawQuery(),
            exchange.getRequestHeaders(),
            body);
    return handler.handle(request);
  }

  private RestResponse error(int status, String code, String message) {
    return RestResponse.error(new RestError(status, code, message), policy);
  }

  /** The body, or null when it exceeds the limit. */
  private byte @Nullable [] readBody(HttpExchange exchange) throws IOException {
    long max = policy.maxBodyBytes();
    String declared = exchange.getRequestHeaders().getFirst("Content-Length");
    if (declared != null) {
      try {
        if (Long.parseLong(declared.trim()) > max) {
          return null;
        }
      } catch (NumberFormatException e) {
        // the server itself refuses a malformed Content-Length; read what arrives
      }
    }
    InputStream in = exchange.getRequestBody();
    byte[] body = in.readNBytes((int) max + 1);
    return body.length > max ? null : body;
  }

  /**
   * Reads and drops the rest of an oversized body, up to {@value #DISCARD_LIMIT} bytes, so that the
   * client gets to read the 413: closing a connection with unread request bytes resets it, and the
   * client would see a reset instead of the answer. A larger body is not read; its sender may see
   * the reset.
   */
  private static void discardBody(HttpExchange exchange) throws IOException {
    String declared = exchange.getRequestHeaders().getFirst("Content-Length");
    if (declared != null) {
      try {
        if (Long.parseLong(declared.trim()) > DISCARD_LIMIT) {
          return;
        }
      } catch (NumberFormatException e) {
        return;
      }
    }
    InputStream in = exchange.getRequestBody();
    byte[] buffer = new byte[8192];
    long dropped = 0;
    int n;
    while (dropped < DISCARD_LIMIT && (n = in.read(buffer)) > 0) {
      dropped += n;
    }
  }

  private static void send(HttpExchange exchange, RestResponse response) throws IOException {
    Headers headers = exchange.getResponseHeaders();
    for (Map.Entry<String, String> header : response.headers().entrySet()) {
      headers.set(header.getKey(), header.getValue());
    }
    byte[] body = response.body();
    boolean head = "HEAD".equalsIgnoreCase(exchange.getRequestMethod());
    if (body == null) {
      exchange.sendResponseHeaders(response.status(), -1);
    } else if (head) {
      headers.set("Content-Length", Integer.toString(body.length));
      exchange.sendResponseHeaders(response.status(), -1);
    } else if (body.length == 0) {
      exchange.sendResponseHeaders(response.status(), -1);
    } else {
      exchange.sendResponseHeaders(response.status(), body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  /** The context path as a mount prefix: without its trailing {@code /}. */
  static String mount(String contextPath) {
    return contextPath.endsWith("/")
        ? contextPath.substring(0, contextPath.length() - 1)
        : contextPath;
  }

  /**
   * The raw path of the request target. A target starting with {@code //} parses as an authority;
   * it is put back into the path so that it cannot name another origin, and leading runs of {@code
   * /} collapse to one.
   */
  static String rawPath(URI uri) {
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    if (uri.getScheme() == null && uri.getRawAuthority() != null) {
      path = "/" + uri.getRawAuthority() + path;
    }
    int start = 0;
    while (start + 1 < path.length()
        && path.charAt(start) == '/'
        && path.charAt(start + 1) == '/') {
      start++;
    }
    path = path.substring(start);
    return path.isEmpty() ? "/" : path;
  }
}
