package dev.dynakit.engine.internal.partiql;

/** One lexical token of a statement; {@code text} is the unquoted text of names and strings. */
record Token(Kind kind, String text, int position) {

  /** What a token is. */
  enum Kind {
    /** A bare word: a keyword or an unquoted name. */
    WORD,
    /** A name in double quotes. */
    QUOTED_NAME,
    /** A string literal in single quotes. */
    STRING,
    /** A number literal. */
    NUMBER,
    /** A {@code ?} placeholder. */
    PARAMETER,
    /** Punctuation or an operator: {@code , . [ ] { } ( ) : << >> = <> != < <= > >= * + -}. */
    SYMBOL,
    /** The end of the statement. */
    END
  }

  /** Whether this is the keyword {@code word} (keywords are case-insensitive). */
  boolean isWord(String word) {
    return kind == Kind.WORD && text.equalsIgnoreCase(word);
  }

  boolean isSymbol(String symbol) {
    return kind == Kind.SYMBOL && text.equals(symbol);
  }
}
