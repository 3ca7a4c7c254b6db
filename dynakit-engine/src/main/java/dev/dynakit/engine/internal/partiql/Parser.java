package dev.dynakit.engine.internal.partiql;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Parses one statement of DynamoDB's PartiQL dialect into a {@link Statement}. */
final class Parser {
  /** Words that end a clause, so they cannot be bare attribute names where a clause may end. */
  private static final Set<String> KEYWORDS =
      Set.of(
          "SELECT",
          "FROM",
          "WHERE",
          "AND",
          "OR",
          "NOT",
          "BETWEEN",
          "IN",
          "IS",
          "MISSING",
          "INSERT",
          "INTO",
          "VALUE",
          "UPDATE",
          "SET",
          "REMOVE",
          "DELETE",
          "RETURNING",
          "ORDER",
          "BY",
          "ASC",
          "DESC");

  private final List<Token> tokens;
  private int at;
  private int parameters;

  private Parser(List<Token> tokens) {
    this.tokens = tokens;
  }

  static Statement parse(String statement) {
    Parser parser = new Parser(Lexer.tokens(statement));
    Statement parsed = parser.statement();
    parser.accept(";");
    if (parser.peek().kind() != Token.Kind.END) {
      throw parser.unexpected();
    }
    return parsed;
  }

  private Statement statement() {
    Token first = peek();
    if (first.isWord("SELECT")) {
      return select();
    } else if (first.isWord("INSERT")) {
      return insert();
    } else if (first.isWord("UPDATE")) {
      return update();
    } else if (first.isWord("DELETE")) {
      return delete();
    }
    throw PartiqlErrors.malformed("Expected data manipulation");
  }

  private Statement.Select select() {
    expectWord("SELECT");
    List<Expr.Path> projection = new ArrayList<>();
    if (!accept("*")) {
      do {
        projection.add(path());
      } while (accept(","));
    }
    expectWord("FROM");
    String table = name();
    String index = accept(".") ? name() : null;
    Expr where = acceptWord("WHERE") ? condition() : null;
    boolean descending = false;
    if (acceptWord("ORDER")) {
      expectWord("BY");
      path();
      descending = acceptWord("DESC");
      if (!descending) {
        acceptWord("ASC");
      }
    }
    return new Statement.Select(projection, table, index, where, descending, parameters);
  }

  private Statement.Insert insert() {
    expectWord("INSERT");
    expectWord("INTO");
    String table = name();
    expectWord("VALUE");
    if (!peek().isSymbol("{")) {
      throw unexpected();
    }
    return new Statement.Insert(table, (Expr.MapOf) value(), parameters);
  }

  private Statement.Update update() {
    expectWord("UPDATE");
    String table = name();
    List<Statement.Assignment> assignments = new ArrayList<>();
    List<Expr.Path> removals = new ArrayList<>();
    while (true) {
      if (acceptWord("SET")) {
        do {
          Expr.Path path = path();
          expect("=");
          assignments.add(new Statement.Assignment(path, operand()));
        } while (accept(","));
      } else if (acceptWord("REMOVE")) {
        do {
          removals.add(path());
        } while (accept(","));
      } else {
        break;
      }
    }
    if (assignments.isEmpty() && removals.isEmpty()) {
      throw unexpected();
    }
    expectWord("WHERE");
    Expr where = condition();
    String returning = returning();
    return new Statement.Update(table, assignments, removals, where, returning, parameters);
  }

  private Statement.Delete delete() {
    expectWord("DELETE");
    expectWord("FROM");
    String table = name();
    expectWord("WHERE");
    Expr where = condition();
    return new Statement.Delete(table, where, returning(), parameters);
  }

  /** {@code RETURNING ALL|MODIFIED OLD|NEW *} as a ReturnValues choice, or null. */
  private @Nullable String returning() {
    if (!acceptWord("RETURNING")) {
      return null;
    }
    boolean all = acceptWord("ALL");
    if (!all) {
      expectWord("MODIFIED");
    }
    boolean old = acceptWord("OLD");
    if (!old) {
      expectWord("NEW");
    }
    expect("*");
    return (all ? "ALL_" : "UPDATED_") + (old ? "OLD" : "NEW");
  }

  private Expr condition() {
    Expr left = conjunction();
    while (acceptWord("OR")) {
      left = new Expr.Or(left, conjunction());
    }
    return left;
  }

  private Expr conjunction() {
    Expr left = negation();
    while (acceptWord("AND")) {
      left = new Expr.And(left, negation());
    }
    return left;
  }

  private Expr negation() {
    if (acceptWord("NOT")) {
      return new Expr.Not(negation());
    }
    return predicate();
  }

  private Expr predicate() {
    if (accept("(")) {
      Expr inner = condition();
      expect(")");
      return inner;
    }
    Expr left = operand();
    Token next = peek();
    if (next.kind() == Token.Kind.SYMBOL && isComparison(next.text())) {
      at++;
      String op = next.text().equals("!=") ? "<>" : next.text();
      return new Expr.Comparison(op, left, operand());
    }
    if (acceptWord("BETWEEN")) {
      Expr low = operand();
      expectWord("AND");
      return new Expr.Between(left, low, operand());
    }
    if (acceptWord("IN")) {
      return new Expr.In(left, candidates());
    }
    if (acceptWord("IS")) {
      boolean negated = acceptWord("NOT");
      expectWord("MISSING");
      if (!(left instanceof Expr.Path path)) {
        throw unexpected();
      }
      return new Expr.Missing(path, negated);
    }
    if (left instanceof Expr.Call) {
      return left;
    }
    throw unexpected();
  }

  private List<Expr> candidates() {
    boolean square = accept("[");
    if (!square) {
      expect("(");
    }
    List<Expr> candidates = new ArrayList<>();
    do {
      candidates.add(operand());
    } while (accept(","));
    expect(square ? "]" : ")");
    return candidates;
  }

  /** A path, a value, a placeholder or a function call, with {@code +}/{@code -} between them. */
  private Expr operand() {
    Expr left = term();
    while (peek().isSymbol("+") || peek().isSymbol("-")) {
      String op = next().text();
      left = new Expr.Arithmetic(op, left, term());
    }
    return left;
  }

  private Expr term() {
    Token token = peek();
    if (token.kind() == Token.Kind.WORD
        && !KEYWORDS.contains(token.text().toUpperCase(java.util.Locale.ROOT))
        && tokens.get(at + 1).isSymbol("(")) {
      return call();
    }
    if (token.kind() == Token.Kind.QUOTED_NAME
        || (token.kind() == Token.Kind.WORD && !isLiteralWord(token))) {
      return path();
    }
    return value();
  }

  private Expr.Call call() {
    String function = next().text().toLowerCase(java.util.Locale.ROOT);
    expect("(");
    List<Expr> arguments = new ArrayList<>();
    if (!accept(")")) {
      do {
        arguments.add(operand());
      } while (accept(","));
      expect(")");
    }
    return new Expr.Call(function, arguments);
  }

  /** A literal (string, number, boolean, null, list, map, set) or a placeholder. */
  private Expr value() {
    Token token = next();
    switch (token.kind()) {
      case STRING:
        return new Expr.Value(Values.string(token.text()));
      case NUMBER:
        return new Expr.Value(Values.number(token.text()));
      case PARAMETER:
        return new Expr.Parameter(parameters++);
      case WORD:
        if (token.isWord("TRUE") || token.isWord("FALSE")) {
          return new Expr.Value(Values.bool(token.isWord("TRUE")));
        }
        if (token.isWord("NULL")) {
          return new Expr.Value(Values.nullValue());
        }
        break;
      case SYMBOL:
        return compound(token);
      default:
        break;
    }
    at--;
    throw unexpected();
  }

  private Expr compound(Token open) {
    switch (open.text()) {
      case "-":
        Token number = next();
        if (number.kind() != Token.Kind.NUMBER) {
          at--;
          throw unexpected();
        }
        return new Expr.Value(Values.number("-" + number.text()));
      case "[":
        List<Expr> elements = new ArrayList<>();
        if (!accept("]")) {
          do {
            elements.add(value());
          } while (accept(","));
          expect("]");
        }
        return new Expr.ListOf(elements);
      case "<<":
        List<Expr> members = new ArrayList<>();
        do {
          members.add(value());
        } while (accept(","));
        expect(">>");
        return new Expr.SetOf(members);
      case "{":
        List<String> names = new ArrayList<>();
        List<Expr> values = new ArrayList<>();
        if (!accept("}")) {
          do {
            Token name = next();
            if (name.kind() != Token.Kind.STRING) {
              at--;
              throw unexpected();
            }
            names.add(name.text());
            expect(":");
            values.add(value());
          } while (accept(","));
          expect("}");
        }
        return new Expr.MapOf(names, values);
      default:
        at--;
        throw unexpected();
    }
  }

  private Expr.Path path() {
    List<Object> elements = new ArrayList<>();
    elements.add(name());
    while (true) {
      if (accept(".")) {
        elements.add(name());
      } else if (accept("[")) {
        Token index = next();
        if (index.kind() != Token.Kind.NUMBER || !index.text().matches("\\d+")) {
          at--;
          throw unexpected();
        }
        elements.add(Integer.valueOf(index.text()));
        expect("]");
      } else {
        return new Expr.Path(elements);
      }
    }
  }

  /** A table, index or attribute name: quoted, or a bare word that is no keyword. */
  private String name() {
    Token token = next();
    if (token.kind() == Token.Kind.QUOTED_NAME) {
      return token.text();
    }
    if (token.kind() == Token.Kind.WORD
        && !KEYWORDS.contains(token.text().toUpperCase(java.util.Locale.ROOT))) {
      return token.text();
    }
    at--;
    throw unexpected();
  }

  private static boolean isLiteralWord(Token token) {
    return token.isWord("TRUE") || token.isWord("FALSE") || token.isWord("NULL");
  }

  private static boolean isComparison(String symbol) {
    return switch (symbol) {
      case "=", "<>", "!=", "<", "<=", ">", ">=" -> true;
      default -> false;
    };
  }

  private Token peek() {
    return tokens.get(at);
  }

  private Token next() {
    Token token = tokens.get(at);
    if (token.kind() != Token.Kind.END) {
      at++;
    }
    return token;
  }

  private boolean accept(String symbol) {
    if (peek().isSymbol(symbol)) {
      at++;
      return true;
    }
    return false;
  }

  private boolean acceptWord(String word) {
    if (peek().isWord(word)) {
      at++;
      return true;
    }
    return false;
  }

  private void expect(String symbol) {
    if (!accept(symbol)) {
      throw unexpected();
    }
  }

  private void expectWord(String word) {
    if (!acceptWord(word)) {
      throw unexpected();
    }
  }

  /** DynamoDB names what it found where the statement went wrong, not what it expected. */
  private RuntimeException unexpected() {
    Token token = peek();
    if (token.kind() == Token.Kind.END) {
      // no public source gives the detail DynamoDB uses at the end of a statement; ours says what
      // happened
      return PartiqlErrors.malformed("Unexpected end of statement");
    }
    if (token.kind() == Token.Kind.WORD
        && KEYWORDS.contains(token.text().toUpperCase(java.util.Locale.ROOT))) {
      return PartiqlErrors.malformed("Unexpected keyword");
    }
    return PartiqlErrors.malformed("Unexpected token");
  }
}
