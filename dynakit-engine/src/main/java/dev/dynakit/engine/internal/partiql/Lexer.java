package dev.dynakit.engine.internal.partiql;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Splits a statement into {@link Token}s. */
final class Lexer {
  private static final Set<String> TWO_CHAR_SYMBOLS = Set.of("<<", ">>", "<>", "<=", ">=", "!=");
  private static final String ONE_CHAR_SYMBOLS = ",.[]{}():=<>*+-;";

  private final String text;
  private int pos;

  private Lexer(String text) {
    this.text = text;
  }

  static List<Token> tokens(String statement) {
    Lexer lexer = new Lexer(statement);
    List<Token> tokens = new ArrayList<>();
    Token token;
    do {
      token = lexer.next();
      tokens.add(token);
    } while (token.kind() != Token.Kind.END);
    return tokens;
  }

  private Token next() {
    skipSpaceAndComments();
    if (pos >= text.length()) {
      return new Token(Token.Kind.END, "", pos);
    }
    char c = text.charAt(pos);
    int start = pos;
    if (c == '\'') {
      return new Token(Token.Kind.STRING, quoted('\''), start);
    }
    if (c == '"') {
      return new Token(Token.Kind.QUOTED_NAME, quoted('"'), start);
    }
    if (c == '?') {
      pos++;
      return new Token(Token.Kind.PARAMETER, "?", start);
    }
    // ASCII digits only: a number is read by them, and any other digit would be read as nothing
    if (isDigitAt(pos) || (c == '.' && pos + 1 < text.length() && isDigitAt(pos + 1))) {
      return new Token(Token.Kind.NUMBER, number(), start);
    }
    if (Character.isLetter(c) || c == '_') {
      while (pos < text.length() && isWordChar(text.charAt(pos))) {
        pos++;
      }
      return new Token(Token.Kind.WORD, text.substring(start, pos), start);
    }
    if (pos + 1 < text.length()) {
      String two = text.substring(pos, pos + 2);
      if (TWO_CHAR_SYMBOLS.contains(two)) {
        pos += 2;
        return new Token(Token.Kind.SYMBOL, two, start);
      }
    }
    if (ONE_CHAR_SYMBOLS.indexOf(c) >= 0) {
      pos++;
      return new Token(Token.Kind.SYMBOL, String.valueOf(c), start);
    }
    throw PartiqlErrors.malformed("Unexpected character");
  }

  private void skipSpaceAndComments() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (Character.isWhitespace(c)) {
        pos++;
      } else if (text.startsWith("--", pos)) {
        int end = text.indexOf('\n', pos);
        pos = end < 0 ? text.length() : end + 1;
      } else if (text.startsWith("/*", pos)) {
        int end = text.indexOf("*/", pos + 2);
        if (end < 0) {
          throw PartiqlErrors.malformed("Unexpected end of statement");
        }
        pos = end + 2;
      } else {
        return;
      }
    }
  }

  /** A quoted string or name; the quote character doubled inside stands for itself. */
  private String quoted(char quote) {
    StringBuilder out = new StringBuilder();
    pos++;
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c != quote) {
        out.append(c);
      } else if (pos < text.length() && text.charAt(pos) == quote) {
        out.append(quote);
        pos++;
      } else {
        return out.toString();
      }
    }
    throw PartiqlErrors.malformed("Unexpected end of statement");
  }

  private String number() {
    int start = pos;
    while (pos < text.length() && (isDigitAt(pos) || text.charAt(pos) == '.')) {
      pos++;
    }
    if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
      pos++;
      if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
        pos++;
      }
      while (pos < text.length() && isDigitAt(pos)) {
        pos++;
      }
    }
    return text.substring(start, pos);
  }

  private boolean isDigitAt(int at) {
    char c = text.charAt(at);
    return c >= '0' && c <= '9';
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }
}
