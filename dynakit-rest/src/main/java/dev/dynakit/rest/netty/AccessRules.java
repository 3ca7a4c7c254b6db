package dev.dynakit.rest.netty;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Who may talk to the server. A {@code Host} header must name a loopback host, the address the
 * server is bound to, or an allowed host, so that a web page cannot reach the server under a name
 * of its own (DNS rebinding). An {@code Origin} is trusted for CORS when it is a loopback origin or
 * one allowed by name; there is no wildcard.
 *
 * @param boundHost the address the server listens on, lower case
 * @param allowedHosts more host names (lower case, without port) the server answers to
 * @param corsOrigins more origins ({@code scheme://host[:port]}, lower case) trusted for CORS
 */
record AccessRules(String boundHost, Set<String> allowedHosts, Set<String> corsOrigins) {
  AccessRules {
    boundHost = normalHost(boundHost);
    allowedHosts = Set.copyOf(allowedHosts);
    corsOrigins = Set.copyOf(corsOrigins);
  }

  /** Whether a request with this {@code Host} header may be answered; no header is allowed. */
  boolean hostAllowed(@Nullable String hostHeader) {
    if (hostHeader == null) {
      return true; // HTTP/1.0 clients; a browser always sends Host
    }
    String host = hostOf(hostHeader.trim());
    return host != null
        && (loopback(host) || host.equals(boundHost) || allowedHosts.contains(host));
  }

  /** Whether a page of this origin may read answers and send non-simple requests. */
  boolean originAllowed(String origin) {
    String normal = normalOrigin(origin);
    if (normal == null) {
      return false;
    }
    if (corsOrigins.contains(normal)) {
      return true;
    }
    URI uri = URI.create(normal);
    return uri.getHost() != null && loopback(normalHost(uri.getHost()));
  }

  /**
   * An origin as {@code scheme://host[:port]} in lower case, or null when it is not one ({@code
   * null}, a path, another scheme).
   */
  static @Nullable String normalOrigin(String origin) {
    String text = origin.trim().toLowerCase(Locale.ROOT);
    if (text.endsWith("/")) {
      text = text.substring(0, text.length() - 1);
    }
    try {
      URI uri = new URI(text);
      if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
          || uri.getHost() == null
          || uri.getRawUserInfo() != null
          || !uri.getRawPath().isEmpty()
          || uri.getRawQuery() != null
          || uri.getRawFragment() != null) {
        return null;
      }
    } catch (URISyntaxException e) {
      return null;
    }
    return text;
  }

  /** The host of a {@code Host} header value (port and brackets removed), or null if malformed. */
  static @Nullable String hostOf(String header) {
    if (header.isEmpty()) {
      return null;
    }
    String host;
    if (header.startsWith("[")) {
      int close = header.indexOf(']');
      if (close < 0 || !portOrNothing(header.substring(close + 1))) {
        return null;
      }
      host = header.substring(1, close);
    } else {
      int colon = header.indexOf(':');
      if (colon >= 0 && !portOrNothing(header.substring(colon))) {
        return null;
      }
      host = colon < 0 ? header : header.substring(0, colon);
    }
    return host.isEmpty() ? null : normalHost(host);
  }

  private static boolean portOrNothing(String rest) {
    if (rest.isEmpty()) {
      return true;
    }
    if (rest.charAt(0) != ':' || rest.length() > 6) {
      return false;
    }
    for (int i = 1; i < rest.length(); i++) {
      if (!Character.isDigit(rest.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** A host name or address in lower case, without brackets or a trailing dot. */
  static String normalHost(String host) {
    String text = host.toLowerCase(Locale.ROOT);
    if (text.startsWith("[") && text.endsWith("]")) {
      text = text.substring(1, text.length() - 1);
    }
    return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
  }

  /** {@code localhost}, an address in 127.0.0.0/8, or {@code ::1}. */
  static boolean loopback(String host) {
    if (host.equals("localhost") || host.equals("::1") || host.equals("0:0:0:0:0:0:0:1")) {
      return true;
    }
    String[] parts = host.split("\\.", -1);
    if (parts.length != 4 || !parts[0].equals("127")) {
      return false;
    }
    for (String part : parts) {
      if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(Character::isDigit)) {
        return false;
      }
      if (Integer.parseInt(part) > 255) {
        return false;
      }
    }
    return true;
  }
}
