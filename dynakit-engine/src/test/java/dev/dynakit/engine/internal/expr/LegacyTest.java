package dev.dynakit.engine.internal.expr;

import static dev.dynakit.engine.internal.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.protocol.Json;
import dev.dynakit.engine.internal.value.AttrValue;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The legacy parameters: Expected, filters, AttributesToGet, AttributeUpdates, KeyConditions. */
class LegacyTest {
  private static final Map<String, AttrValue> ITEM =
      item("a", s("abc"), "n", n("5"), "ss", ss("x", "y"), "l", l(s("q"), n("1")));

  private static Map<String, Object> tree(String json) {
    return Json.parseObject(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
  }

  private static ConditionExpr expected(String json) {
    return Legacy.expected(tree(json), null);
  }

  private static ConditionExpr filter(String json, String op) {
    return Legacy.conditions(tree(json), op, "ScanFilter");
  }

  @Test
  void expectedValueAndExists() {
    assertThat(expected("{'a': {'Value': {'S': 'abc'}}}").test(ITEM)).isTrue();
    assertThat(expected("{'a': {'Value': {'S': 'abd'}, 'Exists': true}}").test(ITEM)).isFalse();
    assertThat(expected("{'z': {'Exists': false}}").test(ITEM)).isTrue();
    assertThat(expected("{'a': {'Exists': false}}").test(ITEM)).isFalse();
    assertThat(expected("{}").test(ITEM)).isTrue();
    assertThat(expected("{'a': {'Exists': false}}").test(Map.of())).isTrue();
  }

  @Test
  void expectedComparisonOperators() {
    assertThat(
            expected("{'n': {'ComparisonOperator': 'GT', 'AttributeValueList': [{'N': '4'}]}}")
                .test(ITEM))
        .isTrue();
    assertThat(expected("{'n': {'ComparisonOperator': 'LE', 'Value': {'N': '4'}}}").test(ITEM))
        .isFalse();
    assertThat(expected("{'z': {'ComparisonOperator': 'NULL'}}").test(ITEM)).isTrue();
    assertThat(expected("{'n': {'ComparisonOperator': 'NOT_NULL'}}").test(ITEM)).isTrue();
    assertThat(
            Legacy.expected(
                    tree(
                        "{'n': {'ComparisonOperator': 'EQ', 'Value': {'N': '1'}}, 'a':"
                            + " {'ComparisonOperator': 'BEGINS_WITH', 'Value': {'S': 'ab'}}}"),
                    "OR")
                .test(ITEM))
        .isTrue();
  }

  @Test
  void filterOperators() {
    assertThat(
            filter(
                    "{'ss': {'ComparisonOperator': 'CONTAINS', 'AttributeValueList': [{'S': 'x'}]}}",
                    null)
                .test(ITEM))
        .isTrue();
    assertThat(
            filter(
                    "{'a': {'ComparisonOperator': 'NOT_CONTAINS', 'AttributeValueList': [{'S': 'z'}]}}",
                    null)
                .test(ITEM))
        .isTrue();
    assertThat(
            filter(
                    "{'l': {'ComparisonOperator': 'CONTAINS', 'AttributeValueList': [{'N': '1'}]}}",
                    null)
                .test(ITEM))
        .isTrue();
    assertThat(
            filter(
                    "{'n': {'ComparisonOperator': 'IN', 'AttributeValueList': [{'N': '1'}, {'N': '5'}]}}",
                    null)
                .test(ITEM))
        .isTrue();
    assertThat(
            filter(
                    "{'n': {'ComparisonOperator': 'BETWEEN', 'AttributeValueList': [{'N': '1'}, {'N': '4'}]}}",
                    null)
                .test(ITEM))
        .isFalse();
    assertThat(
            filter("{'n': {'ComparisonOperator': 'NE', 'AttributeValueList': [{'S': '5'}]}}", null)
                .test(ITEM))
        .isTrue();
    assertThat(
            filter(
                    "{'n': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'N': '5'}]}, 'a':"
                        + " {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 'x'}]}}",
                    "AND")
                .test(ITEM))
        .isFalse();
  }

  @Test
  void expectedRefusals() {
    String p = "One or more parameter values were invalid: ";
    refusal(() -> expected("{'a': {}}"))
        .isEqualTo(p + "Value must be provided when Exists is null for Attribute: a");
    refusal(() -> expected("{'a': {'Exists': true}}"))
        .isEqualTo(p + "Value must be provided when Exists is true for Attribute: a");
    refusal(() -> expected("{'a': {'Exists': false, 'Value': {'S': 'a'}}}"))
        .isEqualTo(p + "Value cannot be used when Exists is false for Attribute: a");
    refusal(() -> expected("{'a': {'Value': {'S': 'a'}, 'AttributeValueList': []}}"))
        .isEqualTo(p + "Value and AttributeValueList cannot be used together for Attribute: a");
    refusal(() -> expected("{'a': {'ComparisonOperator': 'EQ', 'Exists': true}}"))
        .isEqualTo(p + "Exists and ComparisonOperator cannot be used together for Attribute: a");
    refusal(() -> expected("{'a': {'ComparisonOperator': 'EQ'}}"))
        .isEqualTo(
            p
                + "Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a");
    refusal(() -> expected("{'a': {'AttributeValueList': [{'S': 'a'}]}}"))
        .isEqualTo(
            p + "AttributeValueList can only be used with a ComparisonOperator for Attribute: a");
    refusal(
            () ->
                expected(
                    "{'a': {'ComparisonOperator': 'NULL', 'AttributeValueList': [{'S': 'a'}]}}"))
        .isEqualTo(p + "Invalid number of argument(s) for the NULL ComparisonOperator");
    refusal(
            () ->
                expected(
                    "{'a': {'ComparisonOperator': 'IN', 'AttributeValueList': [{'S': 'a'}, {'N': '1'}]}}"))
        .isEqualTo(p + "AttributeValues inside AttributeValueList must be of same type");
    refusal(
            () ->
                expected(
                    "{'a': {'ComparisonOperator': 'BETWEEN', 'AttributeValueList': [{'N': '2'}, {'N': '1'}]}}"))
        .isEqualTo(
            "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
    refusal(() -> Legacy.expected(tree("{'a': {'Exists': false}}"), "AN"))
        .isEqualTo(
            "1 validation error detected: Value 'AN' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]");
  }

  @Test
  void expected_valueOfATypeTheOperatorDoesNotTake_isAValidationErrorBeforeAnyEvaluation() {
    String p = "One or more parameter values were invalid: ";
    refusal(
            () ->
                expected(
                    "{'a': {'ComparisonOperator': 'CONTAINS', 'AttributeValueList': [{'L': [{'N': '1'}]}]}}"))
        .isEqualTo(p + "ComparisonOperator CONTAINS is not valid for L AttributeValue type");
    refusal(
            () ->
                expected(
                    "{'a': {'ComparisonOperator': 'NOT_CONTAINS', 'AttributeValueList': [{'SS': ['x']}]}}"))
        .isEqualTo(p + "ComparisonOperator NOT_CONTAINS is not valid for SS AttributeValue type");
    refusal(() -> expected("{'a': {'ComparisonOperator': 'BEGINS_WITH', 'Value': {'N': '3'}}}"))
        .isEqualTo(p + "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type");
    refusal(
            () ->
                expected(
                    "{'a': {'ComparisonOperator': 'LT', 'AttributeValueList': [{'NS': ['1']}]}}"))
        .isEqualTo(p + "ComparisonOperator LT is not valid for NS AttributeValue type");
    refusal(
            () ->
                expected(
                    "{'a': {'ComparisonOperator': 'IN', 'AttributeValueList': [{'L': []}, {'L': []}]}}"))
        .isEqualTo(p + "ComparisonOperator IN is not valid for L AttributeValue type");
    refusal(
            () ->
                expected(
                    "{'a': {'ComparisonOperator': 'BETWEEN', 'AttributeValueList': [{'NS': ['1']}, {'NS': ['2']}]}}"))
        .isEqualTo(p + "ComparisonOperator BETWEEN is not valid for NS AttributeValue type");
    // EQ and NE take every type: a mismatch is a false condition, not an error.
    assertThat(
            expected("{'ss': {'ComparisonOperator': 'EQ', 'Value': {'SS': ['y', 'x']}}}")
                .test(ITEM))
        .isTrue();
    assertThat(expected("{'n': {'ComparisonOperator': 'EQ', 'Value': {'S': '5'}}}").test(ITEM))
        .isFalse();
  }

  @Test
  void expected_notContainsOnAMissingAttribute_failsTheCondition() {
    assertThat(
            expected("{'z': {'ComparisonOperator': 'NOT_CONTAINS', 'Value': {'S': 'q'}}}")
                .test(ITEM))
        .isFalse();
    assertThat(
            expected("{'a': {'ComparisonOperator': 'NOT_CONTAINS', 'Value': {'S': 'q'}}}")
                .test(ITEM))
        .isTrue();
    assertThat(expected("{'z': {'ComparisonOperator': 'NE', 'Value': {'S': 'q'}}}").test(ITEM))
        .isTrue();
  }

  @Test
  void expected_emptyWithAConditionalOperator_isRefused() {
    refusal(() -> Legacy.expected(tree("{}"), "OR"))
        .isEqualTo(
            "ConditionalOperator can only be used when Expected or QueryFilter or ScanFilter are"
                + " present");
    assertThat(Legacy.expected(tree("{}"), null).test(ITEM)).isTrue();
  }

  @Test
  void filterRefusals() {
    String p = "One or more parameter values were invalid: ";
    refusal(() -> filter("{'a': {}}", null))
        .isEqualTo(
            "1 validation error detected: Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null");
    refusal(() -> filter("{'a': {'ComparisonOperator': 'LIKE'}}", null))
        .startsWith(
            "1 validation error detected: Value 'LIKE' at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN");
    refusal(() -> filter("{'a': {'ComparisonOperator': 'EQ'}}", null))
        .isEqualTo(p + "Invalid number of argument(s) for the EQ ComparisonOperator");
    refusal(
            () ->
                filter(
                    "{'a': {'ComparisonOperator': 'LT', 'AttributeValueList': [{'BOOL': true}]}}",
                    null))
        .isEqualTo(p + "ComparisonOperator LT is not valid for BOOL AttributeValue type");
    refusal(
            () ->
                filter(
                    "{'a': {'ComparisonOperator': 'CONTAINS', 'AttributeValueList': [{'SS': ['a']}]}}",
                    null))
        .isEqualTo(p + "ComparisonOperator CONTAINS is not valid for SS AttributeValue type");
    refusal(
            () ->
                filter(
                    "{'a': {'ComparisonOperator': 'BEGINS_WITH', 'AttributeValueList': [{'N': '1'}]}}",
                    null))
        .isEqualTo(p + "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type");
    assertThatSerialization(() -> filter("{'a': 'x'}", null));
  }

  private static void assertThatSerialization(Runnable r) {
    try {
      r.run();
      throw new AssertionError("expected a SerializationException");
    } catch (EngineException e) {
      assertThat(e.type()).isEqualTo(ErrorType.SERIALIZATION);
    }
  }

  @Test
  void attributesToGet() {
    assertThat(Legacy.attributesToGet(List.of("a", "n", "zz")).apply(ITEM))
        .isEqualTo(item("a", s("abc"), "n", n("5")));
    refusal(() -> Legacy.attributesToGet(List.of("a", "a")))
        .isEqualTo(
            "One or more parameter values were invalid: Duplicate value in attribute name: a");
  }

  @Test
  void attributeUpdates() {
    UpdateExpr u =
        Legacy.attributeUpdates(
            tree(
                "{'a': {'Value': {'S': 'new'}}, 'n': {'Action': 'ADD', 'Value': {'N': '2'}},"
                    + " 'ss': {'Action': 'DELETE', 'Value': {'SS': ['x']}}, 'l': {'Action': 'ADD',"
                    + " 'Value': {'L': [{'S': 'r'}]}}, 'gone': {'Action': 'DELETE'}, 'c':"
                    + " {'Action': 'ADD', 'Value': {'NS': ['1']}}}"));
    Map<String, AttrValue> out =
        u.apply(
            item("a", s("old"), "n", n("5"), "ss", ss("x", "y"), "l", l(s("q")), "gone", n("1")));
    assertThat(out)
        .isEqualTo(
            item("a", s("new"), "n", n("7"), "ss", ss("y"), "l", l(s("q"), s("r")), "c", ns("1")));
    assertThat(u.updatedPaths())
        .extracting(DocPath::topLevel)
        .containsExactly("a", "n", "ss", "l", "gone", "c");
    assertThat(
            Legacy.attributeUpdates(
                    tree("{'ss': {'Action': 'DELETE', 'Value': {'SS': ['x', 'y']}}}"))
                .apply(ITEM))
        .doesNotContainKey("ss");
    refusal(
            () ->
                Legacy.attributeUpdates(tree("{'a': {'Action': 'ADD', 'Value': {'N': '1'}}}"))
                    .apply(ITEM))
        .isEqualTo("Type mismatch for attribute to update");
  }

  @Test
  void attributeUpdateRefusals() {
    String p = "One or more parameter values were invalid: ";
    refusal(() -> Legacy.attributeUpdates(tree("{'a': {'Action': 'PUT'}}")))
        .isEqualTo(p + "Only DELETE action is allowed when no attribute value is specified");
    refusal(() -> Legacy.attributeUpdates(tree("{'a': {'Action': 'DELETE', 'Value': {'S': '1'}}}")))
        .isEqualTo(p + "DELETE action with value is not supported for the type S");
    refusal(() -> Legacy.attributeUpdates(tree("{'a': {'Action': 'ADD', 'Value': {'M': {}}}}")))
        .isEqualTo(p + "ADD action is not supported for the type M");
    refusal(() -> Legacy.attributeUpdates(tree("{'a': {'Action': 'MERGE', 'Value': {'S': '1'}}}")))
        .isEqualTo(
            "1 validation error detected: Value 'MERGE' at 'attributeUpdates.a.member.action' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]");
  }

  @Test
  void keyConditions() {
    KeyConditionExpr k =
        Legacy.keyConditions(
            tree(
                "{'pk': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 'u'}]}, 'sk':"
                    + " {'ComparisonOperator': 'BEGINS_WITH', 'AttributeValueList': [{'S': 'o'}]}}"));
    assertThat(k.partitionKey(List.of("pk"), List.of("sk"))).isEqualTo(item("pk", s("u")));
    assertThat(k.condition("sk").operator()).isEqualTo(KeyOperator.BEGINS_WITH);
    refusal(() -> Legacy.keyConditions(tree("{}")))
        .isEqualTo("Conditions can be of length 1 or 2 only");
    refusal(
            () ->
                Legacy.keyConditions(
                    tree(
                        "{'pk': {'ComparisonOperator': 'NE', 'AttributeValueList': [{'S': 'u'}]}}")))
        .isEqualTo("Attempted conditional constraint is not an indexable operation");
  }
}
