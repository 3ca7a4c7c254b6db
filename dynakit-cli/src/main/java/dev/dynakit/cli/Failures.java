package dev.dynakit.cli;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * An exception in words for the user: the messages along its cause chain, without the Java class
 * names that some exceptions put in their messages or carry instead of one.
 */
final class Failures {
  /** {@code java.net.ConnectException: } and the like, as a wrapper's message repeats its cause. */
  private static final Pattern CLASS_PREFIX =
      Pattern.compile("\\b(?:[a-z_][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error)(?:: ?|$)");

  private static final int MOST_PARTS = 3;

  private Failures() {}

  /** The failure's messages joined by ": ", most general first; never a class name. */
  static String describe(Throwable failure) {
    List<String> parts = new ArrayList<>();
    for (Throwable t = failure; t != null && parts.size() < MOST_PARTS; t = t.getCause()) {
      String part = wording(t);
      if (!part.isEmpty() && parts.stream().noneMatch(p -> p.contains(part))) {
        parts.add(part);
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return parts.isEmpty()
        ? "an unexpected internal error (no message); please report it"
        : String.join(": ", parts);
  }

  /** What one exception says; what its type means, for the types that say nothing. */
  private static String wording(Throwable t) {
    String message = t.getMessage() == null ? "" : t.getMessage().strip();
    if (t instanceof UnknownHostException) {
      return "unknown host" + (message.isEmpty() ? "" : " '" + message.split(":")[0] + "'");
    }
    if (message.isEmpty() || CLASS_PREFIX.matcher(message).replaceAll("").isBlank()) {
      return meaning(t);
    }
    return CLASS_PREFIX.matcher(message).replaceAll("").strip();
  }

  private static String meaning(Throwable t) {
    if (t instanceof UnresolvedAddressException) {
      return "unknown host";
    }
    if (t instanceof ConnectException) {
      return "connection refused";
    }
    if (t instanceof NoRouteToHostException) {
      return "no route to host";
    }
    if (t instanceof SocketTimeoutException) {
      return "timed out";
    }
    if (t instanceof ClosedChannelException) {
      return "the connection was closed";
    }
    return "";
  }
}
