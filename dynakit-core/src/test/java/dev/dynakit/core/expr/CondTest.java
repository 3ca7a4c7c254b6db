package dev.dynakit.core.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.core.item.FieldCodecs;
import dev.dynakit.core.item.ItemConverter;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class CondTest {
  private static String text(Cond cond) {
    return cond.render().text();
  }

  @Test
  void comparisons() {
    assertThat(text(Cond.eq("a", 1))).isEqualTo("#n0 = :v0");
    assertThat(text(Cond.ne("a", 1))).isEqualTo("#n0 <> :v0");
    assertThat(text(Cond.lt("a", 1))).isEqualTo("#n0 < :v0");
    assertThat(text(Cond.le("a", 1))).isEqualTo("#n0 <= :v0");
    assertThat(text(Cond.gt("a", 1))).isEqualTo("#n0 > :v0");
    assertThat(text(Cond.ge("a", 1))).isEqualTo("#n0 >= :v0");
    assertThat(text(Cond.compare(Operand.path("a"), CompareOp.LT, Operand.path("b"))))
        .isEqualTo("#n0 < #n1");
  }

  @Test
  void nestedPaths_renderEveryNameThroughAPlaceholder() {
    Expression e = Cond.eq("profile.emails.0", "x@y").render();
    assertThat(e.text()).isEqualTo("#n0.#n1[0] = :v0");
    assertThat(e.names()).containsExactly(Map.entry("#n0", "profile"), Map.entry("#n1", "emails"));
  }

  @Test
  void functionsAndRanges() {
    assertThat(text(Cond.between("a", 1, 5))).isEqualTo("#n0 BETWEEN :v0 AND :v1");
    assertThat(text(Cond.in("a", "x", "y"))).isEqualTo("#n0 IN (:v0, :v1)");
    assertThat(text(Cond.exists("a"))).isEqualTo("attribute_exists(#n0)");
    assertThat(text(Cond.notExists("a"))).isEqualTo("attribute_not_exists(#n0)");
    assertThat(text(Cond.beginsWith("a", "p"))).isEqualTo("begins_with(#n0, :v0)");
    assertThat(text(Cond.contains("a", "p"))).isEqualTo("contains(#n0, :v0)");
    assertThat(text(Cond.size("a", CompareOp.GT, 3))).isEqualTo("size(#n0) > :v0");
    Expression typed = Cond.hasType("a", "NULL").render();
    assertThat(typed.text()).isEqualTo("attribute_type(#n0, :v0)");
    assertThat(typed.values().get(":v0")).isEqualTo(AttributeValue.fromS("NULL"));
  }

  @Test
  void booleanStructure_isParenthesisedWherePrecedenceMatters() {
    Cond c = Cond.and(Cond.eq("a", 1), Cond.or(Cond.eq("b", 2), Cond.not(Cond.exists("c"))));
    assertThat(text(c)).isEqualTo("#n0 = :v0 AND (#n1 = :v1 OR NOT (attribute_exists(#n2)))");
    assertThat(Cond.and(Cond.and(Cond.eq("a", 1), Cond.eq("b", 1)), Cond.eq("c", 1)))
        .isInstanceOf(Cond.And.class)
        .satisfies(and -> assertThat(((Cond.And) and).parts()).hasSize(3));
    assertThat(Cond.or(Cond.eq("a", 1))).isInstanceOf(Cond.Compare.class);
  }

  @Test
  void byExample_andsEqualitiesOnAttributeNames() {
    Map<String, Object> example = new LinkedHashMap<>();
    example.put("status", "open");
    example.put("a.b", 2);
    Expression e = Cond.byExample(example).render();
    assertThat(e.text()).isEqualTo("#n0 = :v0 AND #n1 = :v1");
    assertThat(e.names()).containsEntry("#n1", "a.b");
    assertThatThrownBy(() -> Cond.byExample(Map.of()))
        .isInstanceOf(InvalidExpressionException.class);
  }

  @Test
  void invalidShapes_areRefused() {
    assertThatThrownBy(() -> Cond.in("a", List.of()))
        .isInstanceOf(InvalidExpressionException.class);
    assertThatThrownBy(() -> Cond.in("a", Collections.nCopies(101, 1)))
        .isInstanceOf(InvalidExpressionException.class);
    assertThatThrownBy(() -> Cond.hasType("a", "STRING"))
        .isInstanceOf(InvalidExpressionException.class);
    assertThatThrownBy(() -> Cond.and(List.of())).isInstanceOf(InvalidExpressionException.class);
  }

  @Test
  void valuesComparedWithACodecField_useTheCodec() {
    Placeholders p =
        Placeholders.create(ItemConverter.of(Map.of("at", FieldCodecs.instantEpochSeconds())));
    Expression e = Cond.between("at", Instant.ofEpochSecond(1), Instant.ofEpochSecond(2)).render(p);
    assertThat(e.values().values())
        .containsExactly(AttributeValue.fromN("1"), AttributeValue.fromN("2"));
  }

  @Test
  void nullValue_isDynamoDbNull() {
    assertThat(Cond.eq("a", null).render().values().get(":v0"))
        .isEqualTo(AttributeValue.fromNul(true));
  }
}
