package dev.dynakit.engine.internal.expr;

import static dev.dynakit.engine.internal.expr.Fixtures.*;

import dev.dynakit.engine.internal.value.AttrValue;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** DynamoDB's refusals of malformed update expressions. */
class UpdateValidationTest {
  private static final Map<String, AttrValue> VALUES =
      item(
          ":a",
          s("a"),
          ":b",
          n("1"),
          ":c",
          b("a"),
          ":d",
          bool(false),
          ":e",
          nul(),
          ":f",
          ss("a"),
          ":g",
          ns("1"),
          ":h",
          bs("a"),
          ":i",
          m(),
          ":j",
          l());

  private static void refused(String text, String expected) {
    refusal(
            () ->
                Expressions.update(
                    text, ctx(names("#a", "a", "#b", "b", "#c", "c", "#d", "[3]"), VALUES)))
        .isEqualTo("Invalid UpdateExpression: " + expected);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "whatever",
        "set a",
        "add a",
        "delete a",
        "set a=set",
        "remove a = b",
        "add a = b",
        "delete a = b",
        "delete a b",
        "delete a if_not_exist(b)",
        "add abort b",
        "add a if_not_exist(b)",
        "remove a b",
        "set a b",
        "set :a = b",
        "add :a b",
        "delete :a b",
        "remove :a",
        "set a = b / c",
        "set a = b * c",
        "set a[1] = \"eight\"",
        "set a[1] = 1",
        "SET if_not_exist(a, b) = a",
        "set (a = (b + c))",
        "set a = (b.c).d + e",
        "set a = (b.c)[0] + e",
        "set a = b + c + d",
        "SET _123 = :a",
        "SET 123a = :a",
        "SET hi-there = :a",
        "SET # = :a",
        "SET a = :",
        "SET a[:a] = :b",
        "SET c = if_not_exists(c, :a+:b)",
        "SET a = _f(b)",
        "SET a = :a,",
        "SET a = :a REMOVE",
      })
  void syntaxErrors(String text) {
    refusal(() -> Expressions.update(text, ctx(null, VALUES)))
        .startsWith("Invalid UpdateExpression: Syntax error; token: ");
  }

  @Test
  void syntaxErrorMessages() {
    refused("ADD hits : incr", "Syntax error; token: \":\", near: \"hits : incr\"");
    refused("INVALID SYNTAX HERE", "Syntax error; token: \"INVALID\", near: \"INVALID SYNTAX\"");
    refused("SET _123 = :a", "Syntax error; token: \"_\", near: \"SET _123\"");
    refused("SET a = :a +", "Syntax error; token: \"<EOF>\", near: \"+\"");
    refused("SET numx = numx / :a", "Syntax error; token: \"/\", near: \"numx / :a\"");
    refused("SET", "Syntax error; token: \"<EOF>\", near: \"SET\"");
  }

  @Test
  void clauses() {
    refused(
        "set a = #c set c = :b",
        "The \"SET\" section can only be used once in an update expression;");
    refused(
        "remove #d set a = b remove e",
        "The \"REMOVE\" section can only be used once in an update expression;");
    refused(
        "add #d :b set a = b add e :b",
        "The \"ADD\" section can only be used once in an update expression;");
    refused(
        "delete #d :f set a = b delete #b :f",
        "The \"DELETE\" section can only be used once in an update expression;");
  }

  @Test
  void reservedWordsComeFirst() {
    refused(
        " set #c = :c set abOrt = true ",
        "Attribute name is a reserved keyword; reserved keyword: abOrt");
  }

  @Test
  void undefinedPlaceholders() {
    refused(
        "SET #x = if_not_exists(:c)",
        "An expression attribute name used in the document path is not defined; attribute name: #x");
    refused(
        "SET #a = if_not_exists(:z)",
        "An expression attribute value used in expression is not defined; attribute value: :z");
  }

  /**
   * A condition's function in an update is "not allowed" there, in DynamoDB's words (quoted in
   * public reports and conformance suites measured against the service), not an unknown name.
   */
  @Test
  void aConditionFunctionInAnUpdate_isNotAllowedThere() {
    refused(
        "SET a = attribute_exists(b)",
        "The function is not allowed in an update expression; function: attribute_exists");
    refused(
        "SET a = begins_with(b, :a)",
        "The function is not allowed in an update expression; function: begins_with");
  }

  @Test
  void functions() {
    refused("set #c = if_not_exist(:a) set c = d", "Invalid function name; function: if_not_exist");
    refused("SET a = LIST_APPEND(:j, :j)", "Invalid function name; function: LIST_APPEND");
    refused(
        "SET a = size(b)", "The function is not allowed in an update expression; function: size");
    refused(
        "set a = if_not_exists(c)",
        "Incorrect number of operands for operator or function; operator or function: if_not_exists, number of operands: 1");
    refused(
        "set a = list_append(c)",
        "Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 1");
    refused(
        "set a = if_not_exists(:a, c)",
        "Operator or function requires a document path; operator or function: if_not_exists");
    refused(
        "set a = if_not_exists(if_not_exists(a, b), c)",
        "Operator or function requires a document path; operator or function: if_not_exists");
    refused(
        "SET a = list_append(list_append(:j, :j), :j)",
        "The function is not allowed to be used this way in an expression; function: list_append");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "set a = list_append(:a, a)|list_append|S",
        "set a = list_append(a, :b)|list_append|N",
        "set a = list_append(:c, a)|list_append|B",
        "set a = list_append(:d, a)|list_append|BOOL",
        "set a = list_append(:e, a)|list_append|NULL",
        "set a = list_append(:f, a)|list_append|SS",
        "set a = list_append(:g, a)|list_append|NS",
        "set a = list_append(:h, a)|list_append|BS",
        "set a = list_append(:i, a)|list_append|M",
        "set a = a + :a|+|S",
        "set a = :a + :c|+|S",
        "set a = :c + a|+|B",
        "set a = a + :d|+|BOOL",
        "set a = a + :e|+|NULL",
        "set a = a + :f|+|SS",
        "set a = a + :i|+|M",
        "set a = a + :j|+|L",
        "set a = a - :a|-|S",
        "set a = a - :j|-|L",
      })
  void functionOperandTypes(String text, String function, String type) {
    refused(
        text,
        "Incorrect operand type for operator or function; operator or function: "
            + function
            + ", operand type: "
            + type);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "set b = list_append(:a, a), c = if_not_exists(a) add a.b :a|ADD|STRING",
        "delete a.b :a|DELETE|STRING",
        "add a.b :e|ADD|NULL",
        "delete a.b :e|DELETE|NULL",
        "add a.b :d|ADD|BOOLEAN",
        "delete a.b :d|DELETE|BOOLEAN",
        "add a.b :c|ADD|BINARY",
        "delete a.b :c|DELETE|BINARY",
        "add a.b :i|ADD|MAP",
        "delete a.b :i|DELETE|MAP",
        "add a.b :j|ADD|LIST",
        "delete a.b :j|DELETE|LIST",
        "delete a.b :b|DELETE|NUMBER",
      })
  void addAndDeleteOperandTypes(String text, String operator, String type) {
    refused(
        text,
        "Incorrect operand type for operator or function; operator: "
            + operator
            + ", operand type: "
            + type);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "set d[1] = a, d.b = a, c[1].a = a, #c = if_not_exists(a, :a)|[c, [1], a]|[c]",
        "set c.b.#c = a, c = a, #d = a|[c, b, c]|[c]",
        "set a = b remove a, #c, #d|[a]|[a]",
        "set #c[3].#d = a, #c[3] = a|[c, [3], [3]]|[c, [3]]",
        "remove c, #c.a, #d|[c]|[c, a]",
        "remove a, #c, a, #d|[a]|[a]",
        "SET a[1][1] = :a, a[1][1][1][1] = :b|[a, [1], [1]]|[a, [1], [1], [1], [1]]",
      })
  void overlappingPaths(String text, String one, String two) {
    refused(
        text,
        "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: "
            + one
            + ", path two: "
            + two);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "set #c[3].#d = a, #c.#d[3] = if_not_exists(a, :a)|[c, [3], [3]]|[c, [3], [3]]",
        "remove a.#c set a[1] = #d|[a, c]|[a, [1]]",
        "SET a.b.c = :a, a.b[2] = :b|[a, b, c]|[a, b, [2]]",
      })
  void conflictingPaths(String text, String one, String two) {
    refused(
        text,
        "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: "
            + one
            + ", path two: "
            + two);
  }
}
