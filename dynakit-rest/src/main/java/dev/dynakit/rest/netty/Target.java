package dev.dynakit.rest.netty;

import org.jspecify.annotations.Nullable;

/**
 * A request target split into its raw path and query.
 *
 * @param path the raw path, starting with {@code /}; leading runs of {@code /} collapse to one, so
 *     that {@code //evil.example/x} stays a path on this server
 * @param query the raw query without {@code ?}, or null when there is none
 */
record Target(String path, @Nullable String query) {
  /**
   * Splits an origin-form ({@code /path?query}) or absolute-form ({@code http://host/path}) target;
   * null for anything else ({@code *}, an authority, characters that are not printable ASCII).
   */
  static @Nullable Target parse(String uri) {
    for (int i = 0; i < uri.length(); i++) {
      char c = uri.charAt(i);
      if (c <= ' ' || c >= 0x7F) {
        return null; // raw bytes beyond ASCII would be read as Latin-1: percent-encode them
      }
    }
    String rest = uri;
    int hash = rest.indexOf('#');
    if (hash >= 0) {
      rest = rest.substring(0, hash);
    }
    String lower = rest.length() > 8 ? rest.substring(0, 8).toLowerCase(java.util.Locale.ROOT) : "";
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
      int authority = rest.indexOf("//") + 2;
      int slash = firstOf(rest, authority);
      rest = slash < 0 ? "/" : rest.substring(slash);
      if (rest.startsWith("?")) {
        rest = "/" + rest;
      }
    }
    if (!rest.startsWith("/")) {
      return null;
    }
    int mark = rest.indexOf('?');
    String path = mark < 0 ? rest : rest.substring(0, mark);
    String query = mark < 0 ? null : rest.substring(mark + 1);
    int start = 0;
    while (start + 1 < path.length()
        && path.charAt(start) == '/'
        && path.charAt(start + 1) == '/') {
      start++;
    }
    return new Target(path.substring(start), query);
  }

  private static int firstOf(String text, int from) {
    for (int i = from; i < text.length(); i++) {
      if (text.charAt(i) == '/' || text.charAt(i) == '?') {
        return i;
      }
    }
    return -1;
  }

  /** The mount as a prefix: without its trailing {@code /} ({@code ""} for the root). */
  static String mount(String path) {
    return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }

  /** The path below a mount, or null when the path is not under it. */
  @Nullable String below(String mount) {
    if (!path.startsWith(mount)
        || (path.length() > mount.length() && path.charAt(mount.length()) != '/')) {
      return null;
    }
    return path.substring(mount.length());
  }
}
