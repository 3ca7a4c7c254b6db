package dev.dynakit.core.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidExpressionException;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyConditionTest {
  @Test
  void partitionOnly() {
    assertThat(KeyCondition.builder().partition("pk", "a").build().render().text())
        .isEqualTo("#n0 = :v0");
  }

  @Test
  void everyRangeOperator() {
    assertThat(
            KeyCondition.builder()
                .partition("pk", "a")
                .sortLessThan("sk", 1)
                .build()
                .render()
                .text())
        .isEqualTo("#n0 = :v0 AND #n1 < :v1");
    assertThat(
            KeyCondition.builder().partition("pk", "a").sortAtMost("sk", 1).build().render().text())
        .endsWith("#n1 <= :v1");
    assertThat(
            KeyCondition.builder()
                .partition("pk", "a")
                .sortGreaterThan("sk", 1)
                .build()
                .render()
                .text())
        .endsWith("#n1 > :v1");
    assertThat(
            KeyCondition.builder()
                .partition("pk", "a")
                .sortAtLeast("sk", 1)
                .build()
                .render()
                .text())
        .endsWith("#n1 >= :v1");
    assertThat(
            KeyCondition.builder()
                .partition("pk", "a")
                .sortBetween("sk", 1, 2)
                .build()
                .render()
                .text())
        .endsWith("#n1 BETWEEN :v1 AND :v2");
    assertThat(
            KeyCondition.builder()
                .partition("pk", "a")
                .sortBeginsWith("sk", "x")
                .build()
                .render()
                .text())
        .endsWith("begins_with(#n1, :v1)");
  }

  @Test
  void multiAttributeKeys_equalitiesThenOneRange() {
    KeyCondition condition =
        KeyCondition.builder()
            .partition("tournament", "w24")
            .partition("region", "eu")
            .sortEquals("round", "semi")
            .sortBeginsWith("bracket", "up")
            .build();
    assertThat(condition.render().text())
        .isEqualTo("#n0 = :v0 AND #n1 = :v1 AND #n2 = :v2 AND begins_with(#n3, :v3)");
  }

  @Test
  void limitsAndOrder_areEnforced() {
    assertThatThrownBy(() -> KeyCondition.builder().build())
        .isInstanceOf(InvalidExpressionException.class);
    KeyCondition.Builder five = KeyCondition.builder();
    for (String name : List.of("a", "b", "c", "d", "e")) {
      five.partition(name, 1);
    }
    assertThatThrownBy(five::build).isInstanceOf(InvalidExpressionException.class);
    assertThatThrownBy(
            () ->
                KeyCondition.builder()
                    .partition("p", 1)
                    .sortBeginsWith("s", "x")
                    .sortEquals("t", 1))
        .isInstanceOf(InvalidExpressionException.class)
        .hasMessageContaining("must be the last");
    assertThatThrownBy(() -> KeyCondition.builder().partition("p", 1).sortEquals("p", 1).build())
        .isInstanceOf(InvalidExpressionException.class)
        .hasMessageContaining("twice");
    assertThatThrownBy(() -> new KeyCondition.Range("s", KeyCondition.RangeOp.LT, 1, 2))
        .isInstanceOf(InvalidExpressionException.class);
  }
}
