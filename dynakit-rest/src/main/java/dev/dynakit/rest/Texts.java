package dev.dynakit.rest;

/** Quoting of client text in error messages, shortened so that a message never echoes a flood. */
final class Texts {
  static final int MAX_ECHO = 80;

  private Texts() {}

  /** The text in single quotes, cut to {@value #MAX_ECHO} characters with an ellipsis. */
  static String quote(String text) {
    if (text.length() <= MAX_ECHO) {
      return "'" + text + "'";
    }
    int end = Character.isHighSurrogate(text.charAt(MAX_ECHO - 1)) ? MAX_ECHO - 1 : MAX_ECHO;
    return "'" + text.substring(0, end) + "…' (" + text.length() + " characters)";
  }
}
