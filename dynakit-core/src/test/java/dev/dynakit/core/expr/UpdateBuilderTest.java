package dev.dynakit.core.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidExpressionException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class UpdateBuilderTest {
  @Test
  void clauses_comeInSetRemoveAddDeleteOrder() {
    Expression e =
        UpdateBuilder.create()
            .add("visits", 1)
            .remove("nickname")
            .set("name", "Ann")
            .delete("tags", Set.of("old"))
            .build();
    assertThat(e.text()).isEqualTo("SET #n0 = :v0 REMOVE #n1 ADD #n2 :v1 DELETE #n3 :v2");
    assertThat(e.names())
        .containsEntry("#n0", "name")
        .containsEntry("#n1", "nickname")
        .containsEntry("#n2", "visits")
        .containsEntry("#n3", "tags");
  }

  @Test
  void setAll_keysArePathsWithTheSeparator() {
    Map<String, Object> patch = new LinkedHashMap<>();
    patch.put("address.city", "Oslo");
    patch.put("address.zip", 150);
    patch.put("phones.0", "555");
    Expression e = UpdateBuilder.create().setAll(patch).build();
    assertThat(e.text()).isEqualTo("SET #n0.#n1 = :v0, #n0.#n2 = :v1, #n3[0] = :v2");
    Expression slashed = UpdateBuilder.create("/").set("a/b.c", 1).build();
    assertThat(slashed.names()).containsValues("a", "b.c");
  }

  @Test
  void listAppendAndPrepend_createTheListWhenAbsent() {
    Expression e =
        UpdateBuilder.create().append("log", List.of("x")).prepend("recent", List.of("y")).build();
    assertThat(e.text())
        .isEqualTo(
            "SET #n0 = list_append(if_not_exists(#n0, :v0), :v1),"
                + " #n1 = list_append(:v2, if_not_exists(#n1, :v0))");
    assertThat(e.values().get(":v0")).isEqualTo(AttributeValue.fromL(List.of()));
  }

  @Test
  void setIfAbsent() {
    assertThat(UpdateBuilder.create().setIfAbsent("createdAt", "now").build().text())
        .isEqualTo("SET #n0 = if_not_exists(#n0, :v0)");
  }

  @Test
  void removeAll_isTheDeleteList() {
    assertThat(UpdateBuilder.create().removeAll(List.of("a", "b.c")).build().text())
        .isEqualTo("REMOVE #n0, #n1.#n2");
  }

  @Test
  void overlappingPaths_areRefusedBeforeSending() {
    assertThatThrownBy(() -> UpdateBuilder.create().set("a", 1).remove("a.b").build())
        .isInstanceOf(InvalidExpressionException.class)
        .hasMessageContaining("'a' and 'a.b' overlap");
    assertThatThrownBy(() -> UpdateBuilder.create().set("a", 1).add("a", 1).build())
        .isInstanceOf(InvalidExpressionException.class);
  }

  @Test
  void emptyUpdate_andBadAddValues_areRefused() {
    assertThat(UpdateBuilder.create().isEmpty()).isTrue();
    assertThatThrownBy(() -> UpdateBuilder.create().build())
        .isInstanceOf(InvalidExpressionException.class);
    assertThatThrownBy(() -> UpdateBuilder.create().add("a", "x"))
        .isInstanceOf(InvalidExpressionException.class);
    assertThatThrownBy(() -> UpdateBuilder.create().add("a", Set.of()))
        .isInstanceOf(InvalidExpressionException.class);
    assertThatThrownBy(() -> UpdateBuilder.create().delete("a", Set.of()))
        .isInstanceOf(InvalidExpressionException.class);
  }

  @Test
  void sharedContext_withACondition_neverCollides() {
    Placeholders p = Placeholders.create();
    Expression update = UpdateBuilder.create().set("name", "Ann").add("_v", 1).build(p);
    Expression condition = Cond.eq("_v", 3).render(p);
    assertThat(condition.text()).isEqualTo("#n1 = :v2");
    assertThat(Expression.mergedNames(update, condition)).hasSize(2);
    assertThat(Expression.mergedValues(update, condition)).hasSize(3);
  }
}
