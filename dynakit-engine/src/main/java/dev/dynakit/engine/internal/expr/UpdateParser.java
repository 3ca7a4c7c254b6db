package dev.dynakit.engine.internal.expr;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The update grammar:
 *
 * <pre>
 * update  := (SET set, ... | REMOVE path, ... | ADD path :value, ... | DELETE path :value, ...)+
 * set     := path = ( value ) | value
 * value   := operand [(+ | -) operand]
 * operand := ( operand ) | function | :value | path
 * function:= if_not_exists ( path, operand ) | list_append ( operand, operand )
 * </pre>
 *
 * Each clause may appear once; paths may neither overlap nor conflict.
 */
final class UpdateParser extends ExpressionParser {
  private static final Set<String> KEYWORDS = Set.of("SET", "REMOVE", "ADD", "DELETE");
  private static final Map<String, Integer> FUNCTIONS =
      Map.of("if_not_exists", 2, "list_append", 2);

  private final List<DocPath> checkedPaths = new ArrayList<>();

  UpdateParser(String text, ExpressionContext ctx) {
    super(text, ctx, "UpdateExpression", KEYWORDS);
  }

  List<UpdateAction> parse() {
    List<UpdateAction> actions = new ArrayList<>();
    Set<String> clauses = new HashSet<>();
    do {
      Token t = peek();
      if (!isKeyword(t)) {
        throw syntaxError();
      }
      next();
      String clause = t.text().toUpperCase(Locale.ROOT);
      while (true) {
        UpdateAction action = parseAction(clause);
        checkPaths(checkedPaths, action.path());
        actions.add(action);
        if (!at(Token.Kind.COMMA)) {
          break;
        }
        next();
      }
      if (!clauses.add(clause)) {
        issues.add(
            Issues.Kind.SECTION,
            "The \"" + clause + "\" section can only be used once in an update expression;");
      }
    } while (!at(Token.Kind.EOF));
    checkOperatorCount();
    issues.throwFirst(
        parameter,
        Issues.Kind.PATH_DEPTH,
        Issues.Kind.OPERATORS,
        Issues.Kind.RESERVED,
        Issues.Kind.UNKNOWN_FUNCTION,
        Issues.Kind.MISUSED_FUNCTION,
        Issues.Kind.SECTION,
        Issues.Kind.NAME,
        Issues.Kind.VALUE,
        Issues.Kind.OVERLAP,
        Issues.Kind.CONFLICT,
        Issues.Kind.OPERAND,
        Issues.Kind.FUNCTION);
    return actions;
  }

  private UpdateAction parseAction(String clause) {
    DocPath path = parsePath();
    switch (clause) {
      case "SET":
        expect(Token.Kind.EQ);
        return new UpdateAction.Set(path, parseSetValue());
      case "REMOVE":
        return new UpdateAction.Remove(path);
      case "ADD":
        return new UpdateAction.Add(path, setOperand("ADD"));
      default:
        return new UpdateAction.Delete(path, setOperand("DELETE"));
    }
  }

  /** The value of ADD and DELETE: a placeholder holding a number (ADD only) or a set. */
  private AttrValue setOperand(String operator) {
    if (!at(Token.Kind.VALUE)) {
      throw syntaxError();
    }
    Operand.Value value = parseValue();
    String type = typeOrNull(value);
    boolean allowed =
        type == null
            || type.equals("SS")
            || type.equals("NS")
            || type.equals("BS")
            || (operator.equals("ADD") && type.equals("N"));
    if (!allowed) {
      issues.add(
          Issues.Kind.OPERAND,
          "Incorrect operand type for operator or function; operator: "
              + operator
              + ", operand type: "
              + Values.longTypeName(type));
    }
    return value.value();
  }

  private Operand parseSetValue() {
    if (!at(Token.Kind.LPAREN)) {
      return parseSum();
    }
    next();
    enter();
    Operand inner = parseSum();
    expect(Token.Kind.RPAREN);
    leave();
    if (!(inner instanceof Operand.Arith) && (at(Token.Kind.PLUS) || at(Token.Kind.MINUS))) {
      return arith(inner);
    }
    return inner;
  }

  private Operand parseSum() {
    Operand left = parseOperand();
    return at(Token.Kind.PLUS) || at(Token.Kind.MINUS) ? arith(left) : left;
  }

  private Operand arith(Operand left) {
    boolean plus = next().kind() == Token.Kind.PLUS;
    operators++;
    Operand right = parseOperand();
    for (Operand o : List.of(left, right)) {
      String type = typeOrNull(o);
      if (type != null && !type.equals("N")) {
        issues.add(Issues.Kind.FUNCTION, ConditionParser.operandType(plus ? "+" : "-", type));
        break;
      }
    }
    return new Operand.Arith(plus, left, right);
  }

  private Operand parseOperand() {
    if (at(Token.Kind.LPAREN)) {
      next();
      enter();
      Operand inner = parseOperand();
      expect(Token.Kind.RPAREN);
      leave();
      return inner;
    }
    Token t = peek();
    if (t.kind() == Token.Kind.VALUE) {
      return parseValue();
    }
    if (t.kind() == Token.Kind.IDENT && !isKeyword(t) && peek(1).kind() == Token.Kind.LPAREN) {
      return parseCall();
    }
    return new Operand.Path(parsePath());
  }

  private Operand parseCall() {
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
    checkFunction(name, args);
    return new Operand.Call(name, args);
  }

  private void checkFunction(String name, List<Operand> args) {
    Integer arity = FUNCTIONS.get(name);
    if (arity == null) {
      issues.add(Issues.Kind.UNKNOWN_FUNCTION, FunctionPlaces.unknownInUpdate(name));
      return;
    }
    if (name.equals("list_append")) {
      for (Operand a : args) {
        if (a instanceof Operand.Call c && c.name().equals("list_append")) {
          issues.add(
              Issues.Kind.MISUSED_FUNCTION,
              "The function is not allowed to be used this way in an expression; function: "
                  + name);
        }
      }
    }
    if (arity != args.size()) {
      issues.add(Issues.Kind.FUNCTION, ConditionParser.operandCount(name, args.size()));
      return;
    }
    if (name.equals("if_not_exists")) {
      if (!(args.get(0) instanceof Operand.Path)) {
        issues.add(
            Issues.Kind.FUNCTION,
            "Operator or function requires a document path; operator or function: " + name);
      }
      return;
    }
    for (Operand a : args) {
      String type = typeOrNull(a);
      if (type != null && !type.equals("L")) {
        issues.add(Issues.Kind.FUNCTION, ConditionParser.operandType(name, type));
        return;
      }
    }
  }
}
