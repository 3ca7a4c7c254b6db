package dev.dynakit.benchmarks;

/** Reads the few members the scale benchmarks need from a page's JSON text. */
final class Pages {
  private Pages() {}

  /** The whole number after {@code member}. */
  static long number(String json, String member) {
    int at = json.indexOf(member) + member.length();
    int end = at;
    while (end < json.length() && Character.isDigit(json.charAt(end))) {
      end++;
    }
    return Long.parseLong(json.substring(at, end));
  }

  /** The JSON object after {@code member}, or null (braces inside strings are not expected). */
  static String object(String json, String member) {
    int at = json.indexOf(member);
    if (at < 0) {
      return null;
    }
    int open = at + member.length();
    int depth = 0;
    for (int i = open; i < json.length(); i++) {
      char c = json.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return json.substring(open, i + 1);
      }
    }
    throw new IllegalStateException("unterminated " + member + " in " + json);
  }
}
