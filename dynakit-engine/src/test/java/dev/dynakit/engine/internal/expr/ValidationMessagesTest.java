package dev.dynakit.engine.internal.expr;

import static dev.dynakit.engine.internal.expr.Fixtures.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** DynamoDB's exact refusal messages for malformed expressions. */
class ValidationMessagesTest {

  private static void filter(String text, String expected) {
    refusal(
            () ->
                Expressions.condition(text, values(":a", s("x"), ":b", n("1")), "FilterExpression"))
        .isEqualTo("Invalid FilterExpression: " + expected);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "a b|Syntax error; token: \"b\", near: \"a b\"",
        "!!|Syntax error; token: \"!\", near: \"!!\"",
        "a > 4|Syntax error; token: \"4\", near: \"> 4\"",
        "attribute_type()|Syntax error; token: \")\", near: \"()\"",
        "'a = '|Syntax error; token: \"<EOF>\", near: \"= \"",
        "a IN ()|Syntax error; token: \")\", near: \"()\"",
        "l[a] = :a|Syntax error; token: \"a\", near: \"[a]\"",
        "a|Syntax error; token: \"<EOF>\", near: \"a\"",
        "a = :a AND b|Syntax error; token: \"<EOF>\", near: \"b\"",
        "ü > a|Syntax error; token: \"ü\", near: \"ü >\"",
        "size(a).b > :b|Syntax error; token: \".\", near: \").b\"",
        "(a = :a) = :b|Syntax error; token: \"=\", near: \") = :b\"",
        "a = :a = :b|Syntax error; token: \"=\", near: \":a = :b\"",
        "NOT a|Syntax error; token: \"<EOF>\", near: \"a\"",
        "a = and|Syntax error; token: \"and\", near: \"= and\"",
      })
  void syntaxErrors(String text, String expected) {
    filter(text, expected);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "things are not gonna be ok",
        "attribute_exists(Pictures-RearView)",
        "attribute_exists(\"Pictures.RearView\")",
        "attribute_exists(Pictures..RearView)",
        "attribute_exists(Pi#ctures.RearView)",
        "a.:a < b.:b",
        "a in b, c",
        "a > between",
        "a in b",
        "a in (b,c,)",
        "(a)between(b.(c.d))and(c)",
        "(a)between(b.c.d)and((c)",
        "#$.b > a",
        "a > :things.stuff",
        "b[:a] > a",
        "b[#_] > a",
        "(a)between(b.c[4.5].#d)and(:a)",
        "(size(a)).b > a",
        "size(a)[0] > a",
        "_a = :a",
        "a = :a OR",
        "((a = :a)",
      })
  void dynaliteSyntaxErrors(String text) {
    refusal(() -> Expressions.condition(text, values(":a", s("x")), "FilterExpression"))
        .startsWith("Invalid FilterExpression: Syntax error; token: ");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "a=a and a > ((views))",
        "(a)between(((b.c)).d)and(c)",
        "a > whatever((:a), ((a)))",
        "a=a AND ((a=a AND a=a)) AND a=a",
        "a=a OR ((a=a OR a=a)) OR a=a",
        "a=a AND ((a=a AND (a=a AND a=a)))",
        "((a = :a))",
        "((a)) = :a",
      })
  void redundantParentheses(String text) {
    filter(text, "The expression has redundant parentheses;");
  }

  @Test
  void invalidFunctionNames() {
    filter("a=a and whatever((:a)) > a", "Invalid function name; function: whatever");
    filter("attRIbute_exIsts((views), #a)", "Invalid function name; function: attRIbute_exIsts");
  }

  /** An update's function in a condition is "not allowed" there, in DynamoDB's words. */
  @Test
  void anUpdateFunctionInACondition_isNotAllowedThere() {
    filter(
        "if_not_exists(a, :a) = :a",
        "The function is not allowed in a condition expression; function: if_not_exists");
    filter(
        "size(list_append(a, :a)) > :a",
        "The function is not allowed in a condition expression; function: list_append");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "a=a and attribute_exists((views), (#a)) > b|attribute_exists",
        "attribute_not_exists(things) > b|attribute_not_exists",
        "attribute_type(things, :a) > b|attribute_type",
        "begins_with(things, a) > b|begins_with",
        "contains(:a, c) > b|contains",
        "size(contains(a, b)) > a|contains",
        "size(things)|size",
        "a between b and attribute_exists(things)|attribute_exists",
        "a in (b, attribute_exists(things))|attribute_exists",
      })
  void misusedFunctions(String text, String function) {
    filter(
        text,
        "The function is not allowed to be used this way in an expression; function: " + function);
  }

  @Test
  void reservedWords() {
    filter(
        "attribute_exists(views, #a)",
        "Attribute name is a reserved keyword; reserved keyword: views");
    filter(":a < abOrT", "Attribute name is a reserved keyword; reserved keyword: abOrT");
    refusal(() -> Expressions.projection("status", ctx()))
        .isEqualTo(
            "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword:"
                + " status");
    refusal(() -> update("REMOVE Absolute"))
        .isEqualTo(
            "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword:"
                + " Absolute");
  }

  @Test
  void reservedWordListIsComplete() {
    org.assertj.core.api.Assertions.assertThat(ReservedWords.count()).isEqualTo(573);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "attribute_exists(#Pictures.RearView, :a) and a=a|#Pictures",
        "begins_with(Pictures.#RearView)|#RearView",
        "(#P between :a and :b) and (#PC in (:a, :b))|#P",
        "#4g > a|#4g",
        "#_ > a|#_",
        "(a)between(b.c[45].#d)and(:a)|#d",
      })
  void undefinedNames(String text, String name) {
    filter(
        text,
        "An expression attribute name used in the document path is not defined; attribute name: "
            + name);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {"begins_with(:hello, #a, #b)|:hello", ":c < :d|:c", ":_ > a|:_"})
  void undefinedValues(String text, String value) {
    filter(
        text,
        "An expression attribute value used in expression is not defined; attribute value: "
            + value);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "attribute_exists(things, a) and a=a|attribute_exists|2",
        "attribute_not_exists(things, b)|attribute_not_exists|2",
        "attribute_type(things)|attribute_type|1",
        "begins_with(things)|begins_with|1",
        "begins_with(things, size(a), b)|begins_with|3",
        "contains(things)|contains|1",
        "size(things, a) > b|size|2",
      })
  void operandCounts(String text, String function, int count) {
    filter(
        text,
        "Incorrect number of operands for operator or function; operator or function: "
            + function
            + ", number of operands: "
            + count);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "attribute_type(a, size(a)) and a=a|attribute_type|N",
        "attribute_type(a, :b)|attribute_type|N",
        "begins_with(a, size(a))|begins_with|N",
        "begins_with(a, :b)|begins_with|N",
        "begins_with(:b, a)|begins_with|N",
        "size(size(a)) > :b|size|N",
        "attribute_not_exists(size(:b))|size|N",
        "a < :l|<|L",
        ":l >= a|>=|L",
        "a BETWEEN :l AND :l|BETWEEN|L",
      })
  void operandTypes(String text, String function, String type) {
    refusal(
            () ->
                Expressions.condition(
                    text, values(":b", n("1"), ":l", l(n("1"))), "FilterExpression"))
        .isEqualTo(
            "Invalid FilterExpression: Incorrect operand type for operator or function; operator"
                + " or function: "
                + function
                + ", operand type: "
                + type);
  }

  @Test
  void sizeOfBooleanValue() {
    refusal(
            () ->
                Expressions.condition("size(:a) > a", values(":a", bool(true)), "FilterExpression"))
        .isEqualTo(
            "Invalid FilterExpression: Incorrect operand type for operator or function; operator"
                + " or function: size, operand type: BOOL");
  }

  @Test
  void attributeTypeNames() {
    filter(
        "attribute_type(a, :a)",
        "Invalid attribute type name found; type: x, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
    filter(
        "attribute_type(a, b)",
        "Incorrect operand type for operator or function; operator or function: attribute_type,"
            + " operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}");
  }

  @Test
  void documentPathRequired() {
    filter(
        "attribute_exists(:a) and a=a",
        "Operator or function requires a document path; operator or function: attribute_exists");
    filter(
        "attribute_not_exists(size(:a))",
        "Operator or function requires a document path; operator or function:"
            + " attribute_not_exists");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "a = a AND #a = b AND :a > a|=|[a]",
        "#a <> a|<>|[a]",
        "a > #a|>|[a]",
        "((a=a) OR (a=a))|=|[a]",
        "contains(ab.bc[1].a, ab.bc[1].#a)|contains|[ab, bc, [1], a]",
        "attribute_type(ab.bc[1].#a, ab.bc[1].a)|attribute_type|[ab, bc, [1], a]",
        "begins_with(ab.bc[1].a, ab.bc[1].#a)|begins_with|[ab, bc, [1], a]",
      })
  void distinctOperands(String text, String operator, String path) {
    refusal(
            () ->
                Expressions.condition(
                    text, ctx(names("#a", "a"), item(":a", s("x"))), "FilterExpression"))
        .isEqualTo(
            "Invalid FilterExpression: The first operand must be distinct from the remaining"
                + " operands for this operator or function; operator: "
                + operator
                + ", first operand: "
                + path);
  }

  @Test
  void betweenBounds() {
    refusal(
            () ->
                Expressions.condition(
                    "a BETWEEN :x AND :y",
                    values(":x", n("2"), ":y", s("dog")),
                    "FilterExpression"))
        .isEqualTo(
            "Invalid FilterExpression: The BETWEEN operator requires same data type for lower and"
                + " upper bounds; lower bound operand: AttributeValue: {N:2}, upper bound operand:"
                + " AttributeValue: {S:dog}");
    refusal(
            () ->
                Expressions.condition(
                    "a BETWEEN :x AND :y", values(":x", n("2"), ":y", n("1")), "FilterExpression"))
        .isEqualTo(
            "Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater than"
                + " or equal to lower bound; lower bound operand: AttributeValue: {N:2}, upper"
                + " bound operand: AttributeValue: {N:1}");
  }

  @Test
  void emptyAndOversizedExpressions() {
    refusal(() -> Expressions.condition("", ctx(), "ConditionExpression"))
        .isEqualTo("Invalid ConditionExpression: The expression can not be empty;");
    refusal(() -> Expressions.update("  ", ctx()))
        .isEqualTo("Invalid UpdateExpression: The expression can not be empty;");
    String big = "a" + " ".repeat(4096) + "= :a";
    refusal(() -> Expressions.condition(big, values(":a", s("x")), "ConditionExpression"))
        .isEqualTo(
            "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size;"
                + " expression size: "
                + big.length());
    refusal(() -> Expressions.update("SET " + big, values(":a", s("x"))))
        .isEqualTo(
            "Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;");
    // only a condition or a filter is refused with its size
    refusal(() -> Expressions.projection(big.replace("= :a", ""), ctx()))
        .isEqualTo(
            "Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;");
    refusal(() -> Expressions.condition(big, values(":a", s("x")), "FilterExpression"))
        .isEqualTo(
            "Invalid FilterExpression: Expression size has exceeded the maximum allowed size;"
                + " expression size: "
                + big.length());
    String atLimit = "a" + " ".repeat(4096 - 5) + "= :a";
    org.assertj.core.api.Assertions.assertThat(atLimit).hasSize(4096);
    Expressions.condition(atLimit, values(":a", s("x")), "ConditionExpression");
  }

  @Test
  void tooManyOperators() {
    StringBuilder ok = new StringBuilder("a < b");
    for (int i = 0; i < 149; i++) {
      ok.append(" OR (a < b");
    }
    ok.append(")".repeat(149));
    Expressions.condition(ok.toString(), ctx(), "ConditionExpression");
    String tooMany = "NOT ".repeat(300) + "a < b";
    refusal(() -> Expressions.condition(tooMany, ctx(), "ConditionExpression"))
        .isEqualTo(
            "Invalid ConditionExpression: The expression contains too many operators; operator"
                + " count: 301");
  }

  @Test
  void inOperandLimit() {
    StringBuilder list = new StringBuilder();
    java.util.Map<String, dev.dynakit.engine.internal.value.AttrValue> vals =
        new java.util.LinkedHashMap<>();
    for (int i = 0; i < 101; i++) {
      list.append(i == 0 ? "" : ",").append(":v").append(i);
      vals.put(":v" + i, n(Integer.toString(i)));
    }
    refusal(() -> Expressions.condition("a IN (" + list + ")", ctx(null, vals), "FilterExpression"))
        .isEqualTo(
            "Invalid FilterExpression: Incorrect number of operands for operator or function;"
                + " operator or function: IN, number of operands: 101");
  }

  @Test
  void pathDepth() {
    Expressions.projection("a" + ".b".repeat(31), ctx());
    refusal(() -> Expressions.projection("a" + ".b".repeat(32), ctx()))
        .isEqualTo(
            "Invalid ProjectionExpression: The document path has too many nesting levels; nesting"
                + " levels: 33");
  }

  @Test
  void deepNestingIsRefusedWithoutOverflow() {
    String parens = "(".repeat(2046) + "a < b" + ")".repeat(2046);
    refusal(() -> Expressions.condition(parens, ctx(), "ConditionExpression"))
        .startsWith("Invalid ConditionExpression: ");
    refusal(() -> Expressions.condition("(".repeat(4096), ctx(), "ConditionExpression"))
        .startsWith("Invalid ConditionExpression: Syntax error; ");
    String calls = "a < " + "f(".repeat(1355) + "b" + ")".repeat(1355);
    refusal(() -> Expressions.condition(calls, ctx(), "ConditionExpression"))
        .startsWith("Invalid ConditionExpression: ");
    String inits = "SET a = " + "if_not_exists(a,".repeat(240) + ":v" + ")".repeat(240);
    org.assertj.core.api.Assertions.assertThat(inits.length()).isLessThan(4096);
    Expressions.update(inits, values(":v", n("1")));
  }

  @Test
  void placeholderMaps() {
    refusal(() -> Expressions.condition("a = b", ctx(names(), null), "ConditionExpression"))
        .isEqualTo("ExpressionAttributeNames must not be empty");
    refusal(() -> Expressions.condition("a = b", ctx(names("a", "a"), null), "ConditionExpression"))
        .isEqualTo("ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\"");
    refusal(() -> Expressions.condition("a = b", ctx(null, item()), "ConditionExpression"))
        .isEqualTo("ExpressionAttributeValues must not be empty");
    refusal(
            () ->
                Expressions.condition(
                    "a = b", ctx(null, item(":b", s("x"), "b", s("a"))), "ConditionExpression"))
        .isEqualTo("ExpressionAttributeValues contains invalid key: Syntax error; key: \"b\"");
    // a placeholder of more than 255 bytes is refused for its length, before its syntax
    String longName = "#" + "a".repeat(255);
    refusal(() -> Expressions.condition("a = b", ctx(names(longName, "a"), null), "Condition"))
        .isEqualTo(
            "ExpressionAttributeNames contains invalid key: The expression attribute map contains"
                + " a key that is too long; size of key: 256");
    refusal(() -> Expressions.condition("a = b", ctx(names(longName + "-x", "a"), null), "C"))
        .isEqualTo(
            "ExpressionAttributeNames contains invalid key: The expression attribute map contains"
                + " a key that is too long; size of key: 258");
    refusal(
            () ->
                Expressions.condition(
                    "a = b", ctx(null, item(":" + "a".repeat(255), s("x"))), "ConditionExpression"))
        .isEqualTo(
            "ExpressionAttributeValues contains invalid key: The expression attribute map contains"
                + " a key that is too long;");
    Expressions.condition(
        "#" + "a".repeat(254) + " = b",
        ctx(names("#" + "a".repeat(254), "a"), null),
        "ConditionExpression");
  }

  @Test
  void unusedPlaceholders() {
    ExpressionContext c = ctx(names("#a", "a", "#b", "b"), item(":a", s("x"), ":c", s("y")));
    Expressions.update("REMOVE #a", c);
    Expressions.condition("a = :a", c, "ConditionExpression");
    refusal(c::checkAllUsed)
        .isEqualTo("Value provided in ExpressionAttributeNames unused in expressions: keys: {#b}");
    ExpressionContext d = ctx(null, item(":a", s("x"), ":c", s("y")));
    Expressions.condition("a = :a", d, "ConditionExpression");
    refusal(d::checkAllUsed)
        .isEqualTo("Value provided in ExpressionAttributeValues unused in expressions: keys: {:c}");
  }

  @Test
  void placeholdersWithoutExpressions() {
    refusal(ctx(names("#a", "a"), null)::checkAllUsed)
        .isEqualTo("ExpressionAttributeNames can only be specified when using expressions");
    refusal(ctx(null, item(":a", s("x")))::checkAllUsed)
        .isEqualTo("ExpressionAttributeValues can only be specified when using expressions");
    ExpressionContext c = ctx(null, item(":a", s("x")));
    Expressions.projection("a", c);
    refusal(() -> c.checkAllUsed(java.util.List.of("UpdateExpression", "ConditionExpression")))
        .isEqualTo(
            "ExpressionAttributeValues can only be specified when using expressions:"
                + " UpdateExpression and ConditionExpression are null");
    ExpressionContext g = ctx(null, item(":a", s("x")));
    Expressions.projection("a", g);
    refusal(g::checkAllUsed)
        .isEqualTo("Value provided in ExpressionAttributeValues unused in expressions: keys: {:a}");
  }
}
