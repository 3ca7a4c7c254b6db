package dev.dynakit.engine.internal.expr;

/** One lexical token of an expression, with its character span in the expression text. */
record Token(Token.Kind kind, String text, int start, int end) {

  /** The token kinds of DynamoDB's expression lexer. */
  enum Kind {
    /** A bare name: a letter, then letters, digits or underscores. Keywords are identifiers. */
    IDENT,
    /** An expression attribute name placeholder: {@code #} and at least one name character. */
    NAME,
    /** An expression attribute value placeholder: {@code :} and at least one name character. */
    VALUE,
    /** Digits, as used in list indexes. */
    NUMBER,
    LPAREN,
    RPAREN,
    LBRACKET,
    RBRACKET,
    COMMA,
    DOT,
    EQ,
    NE,
    LT,
    LE,
    GT,
    GE,
    PLUS,
    MINUS,
    /** Any other single character, which no grammar rule accepts. */
    OTHER,
    EOF
  }

  /** The text DynamoDB prints for this token in a syntax error. */
  String display() {
    return kind == Kind.EOF ? "<EOF>" : text;
  }

  /** Whether this token is the given keyword, compared without regard to case. */
  boolean isKeyword(String keyword) {
    return kind == Kind.IDENT && text.equalsIgnoreCase(keyword);
  }
}
