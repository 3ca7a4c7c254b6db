package dev.dynakit.advisor.internal;

/** HTML text escaping. */
final class Html {
  private Html() {}

  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (char ch : text.toCharArray()) {
      switch (ch) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        default -> out.append(ch);
      }
    }
    return out.toString();
  }
}
