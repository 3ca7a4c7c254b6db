package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the three expression grammars share: the token stream, DynamoDB's syntax-error message,
 * document paths with placeholder resolution and reserved-word checks, and the nesting guard.
 */
abstract class ExpressionParser {
  /** The largest list index DynamoDB takes in a document path. */
  private static final long MAX_LIST_INDEX = 4_294_967_294L;

  /** DynamoDB's limit on document path elements. */
  static final int MAX_PATH_DEPTH = 32;

  /** DynamoDB's limit on operators in one expression. */
  static final int MAX_OPERATORS = 300;

  /**
   * How deep parentheses and function calls may nest before parsing stops. Every expression
   * DynamoDB accepts nests less (each level costs an operator or a function call within 4 KB); the
   * guard keeps hostile input from exhausting the stack.
   */
  static final int MAX_NESTING = 400;

  final String text;
  final String parameter;
  final ExpressionContext ctx;
  final Issues issues = new Issues();
  private final List<Token> tokens;
  private final Set<String> keywords;
  private int pos;
  private int nesting;
  int operators;

  ExpressionParser(String text, ExpressionContext ctx, String parameter, Set<String> keywords) {
    this.text = text;
    this.ctx = ctx;
    this.parameter = parameter;
    this.keywords = keywords;
    this.tokens = Lexer.tokenize(text);
  }

  final Token peek() {
    return tokens.get(pos);
  }

  final Token peek(int ahead) {
    return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
  }

  final Token next() {
    Token t = tokens.get(pos);
    if (t.kind() != Token.Kind.EOF) {
      pos++;
    }
    return t;
  }

  final boolean at(Token.Kind kind) {
    return peek().kind() == kind;
  }

  final Token expect(Token.Kind kind) {
    if (!at(kind)) {
      throw syntaxError();
    }
    return next();
  }

  final void expectKeyword(String keyword) {
    if (!peek().isKeyword(keyword)) {
      throw syntaxError();
    }
    next();
  }

  /** Whether {@code t} is a keyword of this grammar (and so no attribute or function name). */
  final boolean isKeyword(Token t) {
    return t.kind() == Token.Kind.IDENT
        && keywords.contains(t.text().toUpperCase(java.util.Locale.ROOT));
  }

  /**
   * DynamoDB's syntax error at the current token: the token, and the text from the token before it
   * to the token after it.
   */
  final EngineException syntaxError() {
    Token t = peek();
    int from = pos > 0 ? tokens.get(pos - 1).start() : t.start();
    int to = t.kind() == Token.Kind.EOF ? text.length() : peek(1).end();
    return EngineException.validation(
        "Invalid "
            + parameter
            + ": Syntax error; token: \""
            + t.display()
            + "\", near: \""
            + text.substring(from, to)
            + "\"");
  }

  final void enter() {
    if (++nesting > MAX_NESTING) {
      throw syntaxError();
    }
  }

  final void leave() {
    nesting--;
  }

  /** Whether the current token can start a document path. */
  final boolean atPathStart() {
    Token t = peek();
    return t.kind() == Token.Kind.NAME || (t.kind() == Token.Kind.IDENT && !isKeyword(t));
  }

  /** A document path: a name, then {@code .name} and {@code [index]} elements. */
  final DocPath parsePath() {
    List<Object> elements = new ArrayList<>();
    elements.add(pathName());
    return parsePathTail(elements);
  }

  /** Continues a path with its {@code .name} and {@code [index]} elements. */
  final DocPath parsePathTail(List<Object> elements) {
    while (true) {
      if (at(Token.Kind.DOT)) {
        next();
        elements.add(pathName());
      } else if (at(Token.Kind.LBRACKET)) {
        next();
        Token index = peek();
        if (index.kind() != Token.Kind.NUMBER) {
          throw syntaxError();
        }
        next();
        expect(Token.Kind.RBRACKET);
        elements.add(listIndex(index.text()));
      } else {
        break;
      }
    }
    if (elements.size() > MAX_PATH_DEPTH) {
      issues.add(
          Issues.Kind.PATH_DEPTH,
          "The document path has too many nesting levels; nesting levels: " + elements.size());
    }
    return new DocPath(elements);
  }

  /**
   * DynamoDB's largest list index in a document path is 4294967294; a larger one (or one of more
   * than ten digits) is out of its range, in its words as measured against the service by a public
   * conformance suite. No list can come near 2^31 elements within an item's 400 KB, so an index
   * beyond an int is kept as the largest int: past the end of any list, as it is.
   */
  private int listIndex(String digits) {
    if (digits.length() > 10 || Long.parseLong(digits) > MAX_LIST_INDEX) {
      throw EngineException.validation(
          "Invalid "
              + parameter
              + ": List index is not within the allowable range; index: ["
              + digits
              + "]");
    }
    return (int) Math.min(Long.parseLong(digits), Integer.MAX_VALUE);
  }

  private String pathName() {
    if (!atPathStart()) {
      throw syntaxError();
    }
    Token t = next();
    if (t.kind() == Token.Kind.IDENT) {
      if (ReservedWords.isReserved(t.text())) {
        issues.add(
            Issues.Kind.RESERVED,
            "Attribute name is a reserved keyword; reserved keyword: " + t.text());
      }
      return t.text();
    }
    String name = ctx.name(t.text());
    if (name == null) {
      String message =
          "An expression attribute name used in the document path is not defined; attribute name: "
              + t.text();
      issues.add(Issues.Kind.NAME, message);
      issues.add(Issues.Kind.NAME_OR_VALUE, message);
      return t.text();
    }
    return name;
  }

  /** The expression attribute value of the current {@code :placeholder} token. */
  final Operand.Value parseValue() {
    Token t = expect(Token.Kind.VALUE);
    AttrValue value = ctx.value(t.text());
    if (value == null) {
      String message =
          "An expression attribute value used in expression is not defined; attribute value: "
              + t.text();
      issues.add(Issues.Kind.VALUE, message);
      issues.add(Issues.Kind.NAME_OR_VALUE, message);
      return new Operand.Value(t.text(), UNDEFINED);
    }
    return new Operand.Value(t.text(), value);
  }

  /**
   * The stand-in for an undefined value: its problem is already recorded, and a string keeps the
   * later type checks quiet the way DynamoDB's unknown type does.
   */
  private static final AttrValue UNDEFINED = new AttrValue.S("");

  /** The static type of an operand, treating undefined values as unknown. */
  static String typeOrNull(Operand op) {
    return op instanceof Operand.Value v && v.value() == UNDEFINED ? null : op.staticType();
  }

  /** Records DynamoDB's refusal of two paths where one contains the other, or that conflict. */
  final void checkPaths(List<DocPath> earlier, DocPath path) {
    if (issues.has(Issues.Kind.OVERLAP)) {
      return;
    }
    for (DocPath p : earlier) {
      Relation relation = relation(p, path);
      if (relation == Relation.CONFLICT) {
        issues.add(
            Issues.Kind.CONFLICT,
            "Two document paths conflict with each other; must remove or rewrite one of these"
                + " paths; path one: "
                + p
                + ", path two: "
                + path);
      } else if (relation == Relation.OVERLAP) {
        issues.add(
            Issues.Kind.OVERLAP,
            "Two document paths overlap with each other; must remove or rewrite one of these"
                + " paths; path one: "
                + p
                + ", path two: "
                + path);
        return;
      }
    }
    earlier.add(path);
  }

  private enum Relation {
    NONE,
    OVERLAP,
    CONFLICT
  }

  private static Relation relation(DocPath a, DocPath b) {
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      Object x = a.elements().get(i);
      Object y = b.elements().get(i);
      if (x.getClass() != y.getClass()) {
        return Relation.CONFLICT;
      }
      if (!x.equals(y)) {
        return Relation.NONE;
      }
    }
    return Relation.OVERLAP;
  }

  /** Records the operator-count problem when there are too many. */
  final void checkOperatorCount() {
    if (operators > MAX_OPERATORS) {
      issues.add(
          Issues.Kind.OPERATORS,
          "The expression contains too many operators; operator count: " + (MAX_OPERATORS + 1));
    }
  }
}
