package dev.dynakit.engine.internal.expr;

import static dev.dynakit.engine.internal.expr.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** KeyConditionExpression: conversion to key conditions and matching to key schemas. */
class KeyConditionExpressionTest {

  private static KeyConditionExpr key(String text) {
    return Expressions.keyCondition(
        text,
        ctx(names("#p", "pk"), item(":p", s("user"), ":a", n("1"), ":b", n("5"), ":s", s("ord"))));
  }

  @Test
  void partitionAndSortConditions() {
    KeyConditionExpr k = key("#p = :p AND sk BETWEEN :a AND :b");
    assertThat(k.conditions())
        .containsExactly(
            new KeyCondition("pk", KeyOperator.EQ, List.of(s("user"))),
            new KeyCondition("sk", KeyOperator.BETWEEN, List.of(n("1"), n("5"))));
    assertThat(k.partitionKey(List.of("pk"), List.of("sk"))).isEqualTo(item("pk", s("user")));
    assertThat(k.sortKey(List.of("sk"))).containsExactly(k.condition("sk"));
    assertThat(k.test(item("pk", s("user"), "sk", n("3")))).isTrue();
    assertThat(k.test(item("pk", s("user"), "sk", n("6")))).isFalse();
  }

  @Test
  void operatorsAndTheirSides() {
    assertThat(key("pk = :p AND sk < :a").condition("sk").operator()).isEqualTo(KeyOperator.LT);
    assertThat(key("pk = :p AND :a < sk").condition("sk").operator()).isEqualTo(KeyOperator.GT);
    assertThat(key("pk = :p AND :a >= sk").condition("sk").operator()).isEqualTo(KeyOperator.LE);
    assertThat(key(":p = pk AND sk <= :a").condition("pk").operator()).isEqualTo(KeyOperator.EQ);
    assertThat(key("(pk = :p) AND (begins_with(sk, :s))").condition("sk"))
        .isEqualTo(new KeyCondition("sk", KeyOperator.BEGINS_WITH, List.of(s("ord"))));
    assertThat(key("pk = :p").sortKey(List.of("sk"))).isEmpty();
  }

  @Test
  void keyConditionTests() {
    KeyCondition begins = new KeyCondition("k", KeyOperator.BEGINS_WITH, List.of(s("ab")));
    assertThat(begins.test(s("abc"))).isTrue();
    assertThat(begins.test(s("b"))).isFalse();
    assertThat(begins.test(null)).isFalse();
    assertThat(new KeyCondition("k", KeyOperator.GE, List.of(n("2"))).test(n("2"))).isTrue();
    assertThat(new KeyCondition("k", KeyOperator.GT, List.of(n("2"))).test(s("3"))).isFalse();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "pk = :p OR sk = :a|Invalid operator used in KeyConditionExpression: OR",
        "NOT pk = :p|Invalid operator used in KeyConditionExpression: NOT",
        "pk IN (:p)|Invalid operator used in KeyConditionExpression: IN",
        "pk <> :p|Invalid operator used in KeyConditionExpression: <>",
        "attribute_exists(pk)|Invalid operator used in KeyConditionExpression: attribute_exists",
        "pk = :p AND contains(sk, :a)|Invalid operator used in KeyConditionExpression: contains",
        "size(pk) = :a|KeyConditionExpressions cannot contain nested operations",
        ":a BETWEEN sk AND :b|Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand",
        "begins_with(:s, sk)|Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand",
        "pk = sk|Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
        "pk.x = :p|Invalid KeyConditionExpression: KeyConditionExpressions cannot have conditions on nested attributes",
        ":p = :a|Invalid condition in KeyConditionExpression: No key attribute specified",
        "pk = :p AND pk = :s|KeyConditionExpressions must only contain one condition per key",
        "pk = :p AND sk > :a AND sk < :s|KeyConditionExpressions must only contain one condition per key",
      })
  void refusals(String text, String message) {
    refusal(() -> key(text)).isEqualTo(message);
  }

  @Test
  void conditionProblemsComeFirst() {
    refusal(() -> key("pk = :p AND"))
        .startsWith("Invalid KeyConditionExpression: Syntax error; token: \"<EOF>\"");
    refusal(() -> key("pk = :zz"))
        .isEqualTo(
            "Invalid KeyConditionExpression: An expression attribute value used in expression is"
                + " not defined; attribute value: :zz");
  }

  @Test
  void matchingToKeySchemas() {
    refusal(() -> key("sk = :a").partitionKey(List.of("pk"), List.of("sk")))
        .isEqualTo("Query condition missed key schema element: pk");
    refusal(() -> key("pk < :p").partitionKey(List.of("pk"), List.of("sk")))
        .isEqualTo("Query key condition not supported");
    refusal(() -> key("pk = :p AND sk = :a").partitionKey(List.of("pk"), List.of()))
        .isEqualTo(
            "The number of query conditions (2) exceeds the number of key attributes defined in"
                + " the schema (1)");
    refusal(() -> key("pk = :p AND oth = :a").partitionKey(List.of("pk"), List.of("sk")))
        .isEqualTo("Query condition missed key schema element: sk");
    assertThat(key("pk = :p AND sk > :a").partitionKey(List.of("pk"), List.of("sk")))
        .isEqualTo(item("pk", s("user")));
  }

  @Test
  void multiAttributeKeys() {
    KeyConditionExpr k =
        Expressions.keyCondition(
            "p1 = :a AND p2 = :b AND s1 = :a AND s2 > :b", values(":a", s("x"), ":b", n("2")));
    assertThat(k.partitionKey(List.of("p1", "p2"), List.of("s1", "s2", "s3")))
        .isEqualTo(item("p1", s("x"), "p2", n("2")));
    assertThat(k.sortKey(List.of("s1", "s2", "s3")))
        .extracting(KeyCondition::attributeName)
        .containsExactly("s1", "s2");
    refusal(() -> k.partitionKey(List.of("p1", "p2", "p3"), List.of("s1", "s2")))
        .isEqualTo("Query condition missed key schema element: p3");
    KeyConditionExpr gap =
        Expressions.keyCondition("p1 = :a AND s2 = :b", values(":a", s("x"), ":b", n("2")));
    refusal(() -> gap.partitionKey(List.of("p1"), List.of("s1", "s2")))
        .isEqualTo(
            "RANGE key attributes s1 must have equality conditions specified in the query because"
                + " a condition is present on key attribute s2");
    refusal(() -> gap.partitionKey(List.of("p1"), List.of("s0", "s1", "s2")))
        .isEqualTo(
            "RANGE key attributes s0, s1 must have equality conditions specified in the query"
                + " because a condition is present on key attribute s2");
    KeyConditionExpr rangeFirst =
        Expressions.keyCondition(
            "p1 = :a AND s1 > :a AND s2 = :b", values(":a", s("x"), ":b", n("2")));
    refusal(() -> rangeFirst.partitionKey(List.of("p1"), List.of("s1", "s2")))
        .isEqualTo(
            "RANGE key attributes s1 must have equality conditions specified in the query because"
                + " a condition is present on key attribute s2");
  }
}
