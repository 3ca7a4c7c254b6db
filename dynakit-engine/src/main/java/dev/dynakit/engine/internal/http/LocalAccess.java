package dev.dynakit.engine.internal.http;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Who may use a server that accepts any signature: local by default.
 *
 * <p>A web page may read answers (CORS) only when its origin is on this machine ({@code
 * http://localhost:*}, {@code http://127.0.0.1:*}, {@code http://[::1]:*}) or was allowed by name.
 * A request's {@code Host} must be a loopback name, the address the server was bound to, the
 * address the connection came to, or a name allowed by the operator: a page on a hostile domain
 * whose name is re-pointed at 127.0.0.1 (DNS rebinding) sends its own domain as {@code Host} and is
 * refused. A request without {@code Host} (HTTP/1.0) is served: browsers always send one.
 *
 * @param boundHost the address the server listens on, as given
 * @param corsOrigins further origins allowed, normalized by {@link #origin(String)}
 * @param allowedHosts further {@code Host} names allowed, lower case, with or without a port
 */
public record LocalAccess(String boundHost, Set<String> corsOrigins, Set<String> allowedHosts) {

  public LocalAccess {
    corsOrigins = corsOrigins.stream().map(LocalAccess::origin).collect(Collectors.toSet());
    allowedHosts =
        allowedHosts.stream()
            .map(h -> h.trim().toLowerCase(Locale.ROOT))
            .collect(Collectors.toSet());
  }

  /** An origin as browsers send it: lower case, without a trailing slash. */
  public static String origin(String origin) {
    String o = origin.trim().toLowerCase(Locale.ROOT);
    return o.endsWith("/") ? o.substring(0, o.length() - 1) : o;
  }

  /**
   * Why a request is not served, or null when it is: a {@code Host} that may be a re-pointed
   * hostile name, or a web page of an origin not allowed.
   */
  @Nullable String refusal(
      @Nullable String host, @Nullable String origin, @Nullable SocketAddress local) {
    if (!hostAllowed(host, local)) {
      return "Host '"
          + printable(host)
          + "' is not served: this engine answers to loopback names and its own address"
          + " (allow others with --allow-host or EngineServer.Builder.allowHost)";
    }
    if (origin != null && !originAllowed(origin)) {
      return "Origin '"
          + printable(origin)
          + "' is not allowed: this engine serves web pages of loopback origins only"
          + " (allow others with --cors-origin or EngineServer.Builder.corsOrigin)";
    }
    return null;
  }

  /** A header value fit to be quoted in a message: printable ASCII, at most 100 characters. */
  private static String printable(@Nullable String value) {
    if (value == null) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < value.length() && out.length() < 100; i++) {
      char c = value.charAt(i);
      out.append(c >= 0x20 && c < 0x7F ? c : '?');
    }
    return out.toString();
  }

  /** Whether a page of {@code origin} may read the server's answers. */
  boolean originAllowed(String origin) {
    String o = origin(origin);
    if (corsOrigins.contains(o)) {
      return true;
    }
    String rest;
    if (o.startsWith("http://")) {
      rest = o.substring("http://".length());
    } else if (o.startsWith("https://")) {
      rest = o.substring("https://".length());
    } else {
      return false; // "null" (a sandboxed or file page) and other schemes
    }
    String name = hostName(rest);
    return name != null && isLoopbackName(name);
  }

  /**
   * Whether a request with this {@code Host} header may be served on a connection that came to
   * {@code local}.
   */
  boolean hostAllowed(@Nullable String host, @Nullable SocketAddress local) {
    if (host == null) {
      return true;
    }
    String h = host.trim().toLowerCase(Locale.ROOT);
    if (allowedHosts.contains(h)) {
      return true;
    }
    String name = hostName(h);
    if (name == null) {
      return false;
    }
    if (isLoopbackName(name) || allowedHosts.contains(name)) {
      return true;
    }
    if (name.equals(bare(boundHost.toLowerCase(Locale.ROOT)))) {
      return true;
    }
    // an address literal cannot be re-pointed by DNS: the one the client connected to is safe
    return local instanceof InetSocketAddress address
        && address.getAddress() != null
        && name.equals(bare(address.getAddress().getHostAddress().toLowerCase(Locale.ROOT)));
  }

  /** The host name of {@code host[:port]} ({@code [v6]:port} too), or null when malformed. */
  static @Nullable String hostName(String hostPort) {
    String name;
    String port;
    if (hostPort.startsWith("[")) {
      int close = hostPort.indexOf(']');
      if (close < 0) {
        return null;
      }
      name = hostPort.substring(1, close);
      String after = hostPort.substring(close + 1);
      if (!after.isEmpty() && !after.startsWith(":")) {
        return null;
      }
      port = after.isEmpty() ? "" : after.substring(1);
    } else {
      int colon = hostPort.indexOf(':');
      name = colon < 0 ? hostPort : hostPort.substring(0, colon);
      port = colon < 0 ? "" : hostPort.substring(colon + 1);
    }
    if (name.isEmpty() || !port.chars().allMatch(c -> c >= '0' && c <= '9') || port.length() > 5) {
      return null;
    }
    return name;
  }

  private static boolean isLoopbackName(String name) {
    return name.equals("localhost")
        || name.endsWith(".localhost") // browsers resolve these to loopback themselves
        || name.equals("::1")
        || name.equals("0:0:0:0:0:0:0:1")
        || isLoopbackV4(name);
  }

  private static boolean isLoopbackV4(String name) {
    String[] parts = name.split("\\.", -1);
    if (parts.length != 4 || !parts[0].equals("127")) {
      return false;
    }
    for (String p : parts) {
      if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
        return false;
      }
      if (Integer.parseInt(p) > 255) {
        return false;
      }
    }
    return true;
  }

  /** An IPv6 literal without its brackets. */
  private static String bare(String host) {
    return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
  }
}
