package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The condition grammar (ConditionExpression, FilterExpression, KeyConditionExpression):
 *
 * <pre>
 * condition  := and (OR and)*
 * and        := not (AND not)*
 * not        := NOT* comparison
 * comparison := primary [comparator operand | BETWEEN operand AND operand | IN ( operand, ... )]
 * primary    := ( condition-or-operand ) path-tail? | operand
 * operand    := ( operand ) path-tail? | function | :value | path
 * function   := name ( operand, ... )
 * </pre>
 *
 * A parenthesised group on the left of a comparison may hold a condition or an operand, so the
 * parser builds whichever it finds and checks the kind where it is used; using an operand as a
 * condition (or the reverse) is a syntax error at the token where that becomes clear.
 */
final class ConditionParser extends ExpressionParser {
  /** DynamoDB's limit on the values in one IN list. */
  static final int MAX_IN_OPERANDS = 100;

  private static final Set<String> KEYWORDS = Set.of("AND", "OR", "NOT", "BETWEEN", "IN");

  private static final Map<String, Integer> FUNCTIONS =
      Map.of(
          "attribute_exists", 1,
          "attribute_not_exists", 1,
          "attribute_type", 2,
          "begins_with", 2,
          "contains", 2,
          "size", 1);

  private static final Set<String> TYPE_NAMES =
      Set.of("S", "N", "B", "NULL", "SS", "BOOL", "L", "BS", "NS", "M");

  /** A parsed piece that is a condition or an operand, and whether it was in parentheses. */
  private record Node(Object value, boolean parens) {}

  ConditionParser(String text, ExpressionContext ctx, String parameter) {
    super(text, ctx, parameter, KEYWORDS);
  }

  /** Parses the whole expression and throws DynamoDB's first problem, if any. */
  Cond parse() {
    Cond cond = asCond(parseOr());
    if (!at(Token.Kind.EOF)) {
      throw syntaxError();
    }
    checkOperatorCount();
    issues.throwFirst(
        parameter,
        Issues.Kind.PATH_DEPTH,
        Issues.Kind.OPERATORS,
        Issues.Kind.PARENS,
        Issues.Kind.UNKNOWN_FUNCTION,
        Issues.Kind.MISUSED_FUNCTION,
        Issues.Kind.RESERVED,
        Issues.Kind.CONDITION);
    return cond;
  }

  private Node parseOr() {
    Node left = parseAnd();
    while (peek().isKeyword("OR")) {
      Cond l = asCond(left);
      next();
      operators++;
      Cond r = asCond(parseAnd());
      left = new Node(new Cond.Or(l, r), false);
    }
    return left;
  }

  private Node parseAnd() {
    Node left = parseNot();
    while (peek().isKeyword("AND")) {
      Cond l = asCond(left);
      next();
      operators++;
      Cond r = asCond(parseNot());
      left = new Node(new Cond.And(l, r), false);
    }
    return left;
  }

  private Node parseNot() {
    int nots = 0;
    while (peek().isKeyword("NOT")) {
      next();
      operators++;
      nots++;
    }
    Node node = parseComparison();
    if (nots == 0) {
      return node;
    }
    Cond cond = asCond(node);
    for (int i = 0; i < nots; i++) {
      cond = new Cond.Not(cond);
    }
    return new Node(cond, false);
  }

  private Node parseComparison() {
    Node left = parsePrimary();
    Token t = peek();
    Cond.Op op = comparator(t);
    boolean between = t.isKeyword("BETWEEN");
    boolean in = t.isKeyword("IN");
    if (op == null && !between && !in) {
      return left;
    }
    if (!(left.value() instanceof Operand subject)) {
      throw syntaxError();
    }
    next();
    operators++;
    Cond cond;
    if (op != null) {
      cond = compare(op, subject, parseOperand());
    } else if (between) {
      Operand low = parseOperand();
      expectKeyword("AND");
      cond = between(subject, low, parseOperand());
    } else {
      expect(Token.Kind.LPAREN);
      List<Operand> options = new ArrayList<>();
      options.add(parseOperand());
      while (at(Token.Kind.COMMA)) {
        next();
        options.add(parseOperand());
      }
      expect(Token.Kind.RPAREN);
      cond = in(subject, options);
    }
    issues.closeLeaf();
    return new Node(cond, false);
  }

  private static Cond.Op comparator(Token t) {
    switch (t.kind()) {
      case EQ:
        return Cond.Op.EQ;
      case NE:
        return Cond.Op.NE;
      case LT:
        return Cond.Op.LT;
      case LE:
        return Cond.Op.LE;
      case GT:
        return Cond.Op.GT;
      case GE:
        return Cond.Op.GE;
      default:
        return null;
    }
  }

  /** The left side of a comparison, or a parenthesised condition. */
  private Node parsePrimary() {
    if (!at(Token.Kind.LPAREN)) {
      return new Node(parseBareOperand(), false);
    }
    next();
    enter();
    Node inner = parseOr();
    expect(Token.Kind.RPAREN);
    leave();
    return group(inner);
  }

  /** An operand in a position that takes nothing else. */
  private Operand parseOperand() {
    return (Operand) parseOperandNode().value();
  }

  private Node parseOperandNode() {
    if (!at(Token.Kind.LPAREN)) {
      return new Node(parseBareOperand(), false);
    }
    next();
    enter();
    Node inner = parseOperandNode();
    expect(Token.Kind.RPAREN);
    leave();
    return group(inner);
  }

  /** Closes a parenthesised group: flags doubled parentheses, continues a grouped path. */
  private Node group(Node inner) {
    if (inner.parens()) {
      issues.add(Issues.Kind.PARENS, "The expression has redundant parentheses;");
    }
    if (inner.value() instanceof Operand.Path p
        && (at(Token.Kind.DOT) || at(Token.Kind.LBRACKET))) {
      return new Node(new Operand.Path(parsePathTail(new ArrayList<>(p.path().elements()))), false);
    }
    return new Node(inner.value(), true);
  }

  private Operand parseBareOperand() {
    Token t = peek();
    if (t.kind() == Token.Kind.VALUE) {
      return parseValue();
    }
    if (t.kind() == Token.Kind.IDENT && !isKeyword(t) && peek(1).kind() == Token.Kind.LPAREN) {
      return parseCall();
    }
    return new Operand.Path(parsePath());
  }

  private Operand.Call parseCall() {
    String name = next().text();
    next();
    enter();
    List<Operand> args = new ArrayList<>();
    args.add(parseOperand());
    while (at(Token.Kind.COMMA)) {
      next();
      args.add(parseOperand());
    }
    expect(Token.Kind.RPAREN);
    leave();
    checkMisused(args);
    checkFunction(name, args);
    return new Operand.Call(name, args);
  }

  /** A parsed piece used as a condition: conditions and functions are, other operands not. */
  private Cond asCond(Node node) {
    if (node.value() instanceof Cond c) {
      return c;
    }
    if (node.value() instanceof Operand.Call call) {
      if (call.name().equals("size")) {
        misused("size");
      }
      issues.closeLeaf();
      return new Cond.Fn(call.name(), call.args());
    }
    throw syntaxError();
  }

  private Cond compare(Cond.Op op, Operand left, Operand right) {
    checkMisused(List.of(left, right));
    checkDistinct(op.symbol, List.of(left, right));
    if (op != Cond.Op.EQ && op != Cond.Op.NE) {
      checkOrderedTypes(op.symbol, List.of(left, right));
    }
    return new Cond.Compare(op, left, right);
  }

  private Cond between(Operand subject, Operand low, Operand high) {
    checkMisused(List.of(subject, low, high));
    checkOrderedTypes("BETWEEN", List.of(subject, low, high));
    if (!issues.has(Issues.Kind.FUNCTION)
        && low instanceof Operand.Value lo
        && high instanceof Operand.Value hi
        && typeOrNull(lo) != null
        && typeOrNull(hi) != null) {
      AttrValue a = lo.value();
      AttrValue b = hi.value();
      String bounds =
          "lower bound operand: AttributeValue: {"
              + a.typeName()
              + ":"
              + Values.display(a)
              + "}, upper bound operand: AttributeValue: {"
              + b.typeName()
              + ":"
              + Values.display(b)
              + "}";
      if (!a.typeName().equals(b.typeName())) {
        issues.add(
            Issues.Kind.FUNCTION,
            "The BETWEEN operator requires same data type for lower and upper bounds; " + bounds);
      } else {
        Integer order = Comparisons.order(a, b);
        if (order != null && order > 0) {
          issues.add(
              Issues.Kind.FUNCTION,
              "The BETWEEN operator requires upper bound to be greater than or equal to lower"
                  + " bound; "
                  + bounds);
        }
      }
    }
    return new Cond.Between(subject, low, high);
  }

  private Cond in(Operand subject, List<Operand> options) {
    List<Operand> all = new ArrayList<>();
    all.add(subject);
    all.addAll(options);
    checkMisused(all);
    if (options.size() > MAX_IN_OPERANDS) {
      issues.add(
          Issues.Kind.OPERAND,
          "Incorrect number of operands for operator or function; operator or function: IN,"
              + " number of operands: "
              + options.size());
    }
    return new Cond.In(subject, options);
  }

  /** Literal operands of an ordering comparison must be numbers, strings or binaries. */
  private void checkOrderedTypes(String operator, List<Operand> operands) {
    for (Operand o : operands) {
      String type = typeOrNull(o);
      if (type != null && !Comparisons.ordered(type)) {
        issues.add(Issues.Kind.FUNCTION, operandType(operator, type));
        return;
      }
    }
  }

  private void checkMisused(List<Operand> operands) {
    for (Operand o : operands) {
      if (o instanceof Operand.Call call && !call.name().equals("size")) {
        misused(call.name());
        return;
      }
    }
  }

  private void misused(String function) {
    issues.add(
        Issues.Kind.MISUSED_FUNCTION,
        "The function is not allowed to be used this way in an expression; function: " + function);
  }

  private void checkDistinct(String operator, List<Operand> operands) {
    if (operands.size() == 2
        && operands.get(0) instanceof Operand.Path a
        && operands.get(1) instanceof Operand.Path b
        && a.path().equals(b.path())) {
      issues.add(
          Issues.Kind.DISTINCT,
          "The first operand must be distinct from the remaining operands for this operator or"
              + " function; operator: "
              + operator
              + ", first operand: "
              + a.path());
    }
  }

  private void checkFunction(String name, List<Operand> args) {
    Integer arity = FUNCTIONS.get(name);
    if (arity == null) {
      issues.add(Issues.Kind.UNKNOWN_FUNCTION, FunctionPlaces.unknownInCondition(name));
      return;
    }
    if (arity != args.size()) {
      issues.add(Issues.Kind.OPERAND, operandCount(name, args.size()));
      return;
    }
    checkDistinct(name, args);
    if (issues.has(Issues.Kind.FUNCTION)) {
      return;
    }
    switch (name) {
      case "attribute_exists":
      case "attribute_not_exists":
        if (!(args.get(0) instanceof Operand.Path)) {
          issues.add(
              Issues.Kind.FUNCTION,
              "Operator or function requires a document path; operator or function: " + name);
        }
        break;
      case "begins_with":
        for (Operand a : args) {
          String type = typeOrNull(a);
          if (type != null && !type.equals("S") && !type.equals("B")) {
            issues.add(Issues.Kind.FUNCTION, operandType(name, type));
            break;
          }
        }
        break;
      case "attribute_type":
        String type = typeOrNull(args.get(1));
        if (!"S".equals(type)) {
          issues.add(
              Issues.Kind.FUNCTION,
              operandType(name, type == null ? "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}" : type));
        } else if (args.get(1) instanceof Operand.Value v
            && !TYPE_NAMES.contains(((AttrValue.S) v.value()).value())) {
          issues.add(
              Issues.Kind.FUNCTION,
              "Invalid attribute type name found; type: "
                  + ((AttrValue.S) v.value()).value()
                  + ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
        }
        break;
      case "size":
        String sized = typeOrNull(args.get(0));
        if ("N".equals(sized) || "BOOL".equals(sized) || "NULL".equals(sized)) {
          issues.add(Issues.Kind.FUNCTION, operandType(name, sized));
        }
        break;
      default:
        break;
    }
  }

  static String operandType(String operator, String type) {
    return "Incorrect operand type for operator or function; operator or function: "
        + operator
        + ", operand type: "
        + type;
  }

  static String operandCount(String operator, int count) {
    return "Incorrect number of operands for operator or function; operator or function: "
        + operator
        + ", number of operands: "
        + count;
  }
}
