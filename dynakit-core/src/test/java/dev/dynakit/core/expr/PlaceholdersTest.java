package dev.dynakit.core.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.item.FieldCodecs;
import dev.dynakit.core.item.ItemConverter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class PlaceholdersTest {
  @Test
  void names_andValues_areNumberedAndReused() {
    Placeholders p = Placeholders.create();
    assertThat(p.name("a")).isEqualTo("#n0");
    assertThat(p.name("b")).isEqualTo("#n1");
    assertThat(p.name("a")).isEqualTo("#n0");
    assertThat(p.value("x")).isEqualTo(":v0");
    assertThat(p.value(1)).isEqualTo(":v1");
    assertThat(p.value("x")).isEqualTo(":v0");
    assertThat(p.names()).containsExactly(Map.entry("#n0", "a"), Map.entry("#n1", "b"));
    assertThat(p.values())
        .containsExactly(
            Map.entry(":v0", AttributeValue.fromS("x")),
            Map.entry(":v1", AttributeValue.fromN("1")));
  }

  @Test
  void avoiding_skipsTakenPlaceholders() {
    Placeholders p =
        Placeholders.avoiding(ItemConverter.plain(), List.of("#n0", "#n2"), List.of(":v0"));
    assertThat(p.name("a")).isEqualTo("#n1");
    assertThat(p.name("b")).isEqualTo("#n3");
    assertThat(p.value("x")).isEqualTo(":v1");
  }

  @Test
  void fieldValues_goThroughTheFieldsCodec() {
    Placeholders p =
        Placeholders.create(ItemConverter.of(Map.of("at", FieldCodecs.instantEpochSeconds())));
    String placeholder = p.value("at", Instant.ofEpochSecond(5));
    assertThat(p.values().get(placeholder)).isEqualTo(AttributeValue.fromN("5"));
  }

  @Test
  void expressions_carryOnlyWhatTheyUse_andMerge() {
    Placeholders p = Placeholders.create();
    Expression first = Cond.eq("a", 1).render(p);
    Expression second = Cond.eq("b", 1).render(p);
    assertThat(first.names()).containsOnlyKeys("#n0");
    assertThat(second.names()).containsOnlyKeys("#n1");
    assertThat(second.values()).containsOnlyKeys(":v0");
    assertThat(Expression.mergedNames(first, null, second)).containsOnlyKeys("#n0", "#n1");
    Expression both = Expression.and(first, second);
    assertThat(both.text()).isEqualTo("(#n0 = :v0) AND (#n1 = :v0)");
    assertThat(Expression.or(first)).isSameAs(first);
  }

  @Test
  void merging_expressionsFromDifferentContexts_isRefusedWhenTheyClash() {
    Expression first = Cond.eq("a", 1).render();
    Expression second = Cond.eq("b", 2).render();
    assertThatThrownBy(() -> Expression.mergedNames(first, second))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("#n0");
    assertThatThrownBy(() -> Expression.and()).isInstanceOf(IllegalArgumentException.class);
  }
}
