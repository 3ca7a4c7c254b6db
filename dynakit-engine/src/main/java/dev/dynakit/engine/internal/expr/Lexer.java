package dev.dynakit.engine.internal.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits expression text into tokens the way DynamoDB's lexer does: names start with a letter,
 * placeholders are {@code #} or {@code :} followed by name characters, whitespace separates, and
 * every other character is a token of its own that the grammar then refuses.
 */
final class Lexer {
  private Lexer() {}

  /** The tokens of {@code text}, always ending with an {@link Token.Kind#EOF} token. */
  static List<Token> tokenize(String text) {
    List<Token> tokens = new ArrayList<>();
    int n = text.length();
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        i++;
        continue;
      }
      int start = i;
      Token.Kind kind;
      if (isLetter(c)) {
        i = skipNameChars(text, i + 1);
        kind = Token.Kind.IDENT;
      } else if (isDigit(c)) {
        while (i < n && isDigit(text.charAt(i))) {
          i++;
        }
        kind = Token.Kind.NUMBER;
      } else if ((c == '#' || c == ':') && i + 1 < n && isNameChar(text.charAt(i + 1))) {
        i = skipNameChars(text, i + 1);
        kind = c == '#' ? Token.Kind.NAME : Token.Kind.VALUE;
      } else {
        kind = punctuation(text, i);
        i += kind == Token.Kind.NE || kind == Token.Kind.LE || kind == Token.Kind.GE ? 2 : 1;
        if (kind == Token.Kind.OTHER
            && Character.isHighSurrogate(c)
            && i < n
            && Character.isLowSurrogate(text.charAt(i))) {
          i++;
        }
      }
      tokens.add(new Token(kind, text.substring(start, i), start, i));
    }
    tokens.add(new Token(Token.Kind.EOF, "", n, n));
    return tokens;
  }

  private static Token.Kind punctuation(String text, int i) {
    char c = text.charAt(i);
    char next = i + 1 < text.length() ? text.charAt(i + 1) : 0;
    switch (c) {
      case '(':
        return Token.Kind.LPAREN;
      case ')':
        return Token.Kind.RPAREN;
      case '[':
        return Token.Kind.LBRACKET;
      case ']':
        return Token.Kind.RBRACKET;
      case ',':
        return Token.Kind.COMMA;
      case '.':
        return Token.Kind.DOT;
      case '=':
        return Token.Kind.EQ;
      case '+':
        return Token.Kind.PLUS;
      case '-':
        return Token.Kind.MINUS;
      case '<':
        return next == '>' ? Token.Kind.NE : next == '=' ? Token.Kind.LE : Token.Kind.LT;
      case '>':
        return next == '=' ? Token.Kind.GE : Token.Kind.GT;
      default:
        return Token.Kind.OTHER;
    }
  }

  private static int skipNameChars(String text, int i) {
    while (i < text.length() && isNameChar(text.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean isLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** Whether the text holds nothing but the whitespace the lexer skips. */
  static boolean isBlank(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
        return false;
      }
    }
    return true;
  }

  static boolean isNameChar(char c) {
    return isLetter(c) || isDigit(c) || c == '_';
  }
}
