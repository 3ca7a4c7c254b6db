package dev.dynakit.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.dynakit.core.DeclarationException;
import dev.dynakit.core.DeclarationException.Problem;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sparse conditions: their meaning, their JSON form, and the problems a file can have. */
class SparseConditionTest {
  enum Status {
    REVIEW,
    DONE
  }

  private static String declaration(String when) {
    return """
        {"table": "tickets", "keyFields": ["id"], "technicalPrefix": "_",
         "indices": {"queue": {"type": "gsi", "pk": "_queue", "sparse": {"when": %s}}}}
        """
        .formatted(when);
  }

  private static SparseCondition read(String when) {
    SparseRule rule = TableSpec.fromJson(declaration(when)).index("queue").orElseThrow().sparse();
    assertThat(rule.sparse()).isTrue();
    assertThat(rule.condition()).isNotNull();
    return rule.condition();
  }

  private static List<Problem> problems(String when) {
    DeclarationException e =
        catchThrowableOfType(
            DeclarationException.class, () -> TableSpec.fromJson(declaration(when)));
    assertThat(e).as("the declaration should be refused").isNotNull();
    return e.problems();
  }

  @Test
  void fromJson_readsEveryOperatorIntoTheJavaForm() {
    SparseCondition condition =
        read(
            """
            {"and": [{"field": "status", "in": ["review", "escalated"]},
                     {"not": {"field": "archived", "eq": true}},
                     {"or": [{"field": "priority", "eq": 1}, {"field": "owner", "exists": false}]}]}
            """);
    assertThat(condition)
        .isEqualTo(
            SparseCondition.and(
                SparseCondition.in("status", "review", "escalated"),
                SparseCondition.not(SparseCondition.eq("archived", true)),
                SparseCondition.or(
                    SparseCondition.eq("priority", 1),
                    SparseCondition.not(SparseCondition.exists("owner")))));
  }

  @Test
  void toJson_writesTheConditionAndReadsItBack() {
    TableSpec spec =
        TableSpec.builder("tickets")
            .keyField("id")
            .technicalPrefix("_")
            .index(
                IndexSpec.global("queue")
                    .partitionKey("_queue")
                    .sparseWhen(
                        SparseCondition.and(
                            SparseCondition.eq("status", "review"),
                            SparseCondition.not(SparseCondition.exists("_deletedAt")))))
            .build();
    String json = spec.toJson();
    assertThat(json).contains("\"when\"").doesNotContain("<predicate>");
    TableSpec again = TableSpec.fromJson(json);
    assertThat(again.index("queue").orElseThrow().sparse().condition())
        .isEqualTo(spec.index("queue").orElseThrow().sparse().condition());
    assertThat(again.toJson()).isEqualTo(json);
  }

  @Test
  void test_comparesNumbersByValueEnumsByNameAndOtherValuesByText() {
    Map<String, Object> item = new HashMap<>();
    item.put("n", 5L);
    item.put("status", Status.REVIEW);
    item.put("day", LocalDate.of(2026, 4, 1));
    item.put("flag", Boolean.TRUE);
    item.put("nothing", null);
    assertThat(SparseCondition.eq("n", new BigDecimal("5.0"))).accepts(item);
    assertThat(SparseCondition.eq("n", 5.5)).rejects(item);
    assertThat(SparseCondition.eq("n", "5")).rejects(item);
    assertThat(SparseCondition.eq("status", "REVIEW")).accepts(item);
    assertThat(SparseCondition.in("status", "DONE", "REVIEW")).accepts(item);
    assertThat(SparseCondition.eq("day", "2026-04-01")).accepts(item);
    assertThat(SparseCondition.eq("flag", true)).accepts(item);
    assertThat(SparseCondition.eq("flag", "true")).rejects(item);
    assertThat(SparseCondition.exists("nothing")).rejects(item);
    assertThat(SparseCondition.exists("missing")).rejects(item);
    assertThat(SparseCondition.not(SparseCondition.eq("missing", "x"))).accepts(item);
    assertThat(SparseCondition.and(SparseCondition.exists("n"), SparseCondition.exists("missing")))
        .rejects(item);
    assertThat(SparseCondition.or(SparseCondition.exists("n"), SparseCondition.exists("missing")))
        .accepts(item);
  }

  @Test
  void javaFactories_refuseWhatAFileCouldNotSay() {
    assertThatThrownBy(() -> SparseCondition.eq("", "x")).hasMessageContaining("field name");
    assertThatThrownBy(() -> SparseCondition.in("status"))
        .hasMessageContaining("'in' on field 'status'");
    assertThatThrownBy(() -> SparseCondition.eq("when", LocalDate.of(2026, 1, 1)))
        .hasMessageContaining("field 'when'");
    assertThatThrownBy(() -> SparseCondition.eq("n", Double.NaN))
        .hasMessageContaining("finite number");
    assertThatThrownBy(SparseCondition::and).hasMessageContaining("'and'");
  }

  @Test
  void fromJson_problemsNameTheIndexThePathAndTheField() {
    assertThat(problems("{\"field\": \"status\", \"eq\": [\"a\"]}"))
        .containsExactly(
            new Problem(
                "indices.queue.sparse.when.eq",
                "'eq' on field 'status' needs a string, a number or a boolean"
                    + " (use exists for presence)"));
    assertThat(problems("{\"field\": \"status\", \"in\": []}"))
        .extracting(Problem::toString)
        .containsExactly(
            "indices.queue.sparse.when.in: 'in' on field 'status' needs a non-empty list of values");
    assertThat(problems("{\"eq\": \"x\"}"))
        .extracting(Problem::field)
        .containsExactly("indices.queue.sparse.when.field");
    assertThat(problems("{\"field\": \"owner\", \"exists\": \"yes\"}"))
        .extracting(Problem::rule)
        .containsExactly("'exists' on field 'owner' must be true or false");
  }

  @Test
  void fromJson_reportsEveryBrokenOperandOfACombination() {
    assertThat(
            problems(
                """
                {"or": [{"field": "a", "eq": 1},
                        {"field": "b", "like": "x%"},
                        {"field": "c", "eq": 1, "in": [1]},
                        {"and": []},
                        {"not": 3}]}
                """))
        .extracting(Problem::field)
        .containsExactly(
            "indices.queue.sparse.when.or[1].like",
            "indices.queue.sparse.when.or[2]",
            "indices.queue.sparse.when.or[3].and",
            "indices.queue.sparse.when.or[4].not");
    assertThat(problems("{\"and\": [{\"field\": \"a\", \"eq\": 1}], \"field\": \"a\"}"))
        .extracting(Problem::field)
        .containsExactly("indices.queue.sparse.when.field");
  }

  @Test
  void fromJson_unknownKeyNextToWhen_andTheOldJavaOnlyShape() {
    DeclarationException e =
        catchThrowableOfType(
            DeclarationException.class,
            () ->
                TableSpec.fromJson(
                    """
                    {"table": "tickets", "keyFields": ["id"],
                     "indices": {"queue": {"type": "gsi", "pk": "q",
                                           "sparse": {"when": {"field": "a", "exists": true},
                                                      "unless": {}}}}}
                    """));
    assertThat(e.problems())
        .extracting(Problem::field)
        .containsExactly("indices.queue.sparse.unless");
    assertThat(e.getMessage()).contains("tickets");
  }
}
