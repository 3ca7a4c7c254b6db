package dev.dynakit.core.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidFilterException;
import dev.dynakit.core.item.FieldCodecs;
import dev.dynakit.core.schema.FilterOp;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.ScalarType;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class FiltersTest {
  private static final TableSpec SPEC =
      TableSpec.builder("rentals")
          .keyFields(KeyField.string("state"), KeyField.string("city"))
          .structuralKey("_sk")
          .index(IndexSpec.global("byStatus").partitionKey("status").sortKey("date").build())
          .filterable("state", FilterOp.EQ)
          .filterable("_sk", FilterOp.BEGINS_WITH)
          .filterable("status", FilterOp.EQ, FilterOp.NE, FilterOp.IN)
          .filterable("date", FilterOp.GE, FilterOp.BETWEEN)
          .filterable("price", ScalarType.NUMBER, FilterOp.LT, FilterOp.BETWEEN, FilterOp.IN)
          .filterable("notes", FilterOp.CONTAINS, FilterOp.EXISTS, FilterOp.NOT_EXISTS)
          .filterable("since", FilterOp.GE)
          .codec("since", FieldCodecs.instantEpochSeconds())
          .build();

  @Test
  void codecFields_readTheirValuesThroughTheCodec() {
    CompiledFilter compiled =
        Filters.compile(
            SPEC, null, List.of(FilterClause.of("since", FilterOp.GE, Instant.ofEpochSecond(60))));
    assertThat(compiled.filter().render().values().values())
        .containsExactly(AttributeValue.fromN("60"));
    assertThatThrownBy(
            () ->
                Filters.compile(SPEC, null, List.of(FilterClause.of("since", FilterOp.GE, "soon"))))
        .isInstanceOf(InvalidFilterException.class)
        .hasMessageContaining("since ge");
  }

  @Test
  void tableKeyClauses_arePromotedTogether() {
    CompiledFilter compiled =
        Filters.compile(
            SPEC,
            null,
            List.of(
                FilterClause.of("state", FilterOp.EQ, "TX"),
                FilterClause.of("_sk", FilterOp.BEGINS_WITH, "TX|"),
                FilterClause.of("price", FilterOp.LT, "100")));
    assertThat(compiled.keyCondition()).isNotNull();
    assertThat(compiled.keyCondition().render().text())
        .isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
    assertThat(compiled.filter()).isEqualTo(Cond.lt("price", new BigDecimal("100")));
  }

  @Test
  void sortKeyClause_withoutPartitionKey_staysInTheFilter() {
    CompiledFilter compiled =
        Filters.compile(SPEC, null, List.of(FilterClause.of("_sk", FilterOp.BEGINS_WITH, "TX|")));
    assertThat(compiled.keyCondition()).isNull();
    assertThat(compiled.filter()).isEqualTo(Cond.beginsWith("_sk", "TX|"));
  }

  @Test
  void indexKeyClauses_arePromotedForThatIndex() {
    CompiledFilter compiled =
        Filters.compile(
            SPEC,
            "byStatus",
            List.of(
                FilterClause.of("status", FilterOp.NE, "lost"),
                FilterClause.of("date", FilterOp.BETWEEN, "2026-01", "2026-02"),
                FilterClause.of("status", FilterOp.EQ, "rented")));
    assertThat(compiled.keyCondition().partition())
        .containsExactly(new KeyCondition.Part("status", "rented"));
    assertThat(compiled.keyCondition().range().op()).isEqualTo(KeyCondition.RangeOp.BETWEEN);
    assertThat(compiled.filter()).isEqualTo(Cond.ne("status", "lost"));
    CompiledFilter unknownIndex =
        Filters.compile(SPEC, "other", List.of(FilterClause.of("status", FilterOp.EQ, "x")));
    assertThat(unknownIndex.keyCondition()).isNull();
  }

  @Test
  void everyOperator_compiles() {
    CompiledFilter compiled =
        Filters.compile(
            SPEC,
            null,
            List.of(
                FilterClause.of("status", FilterOp.IN, "a", "b"),
                FilterClause.of("price", FilterOp.BETWEEN, "1", 2),
                FilterClause.of("notes", FilterOp.CONTAINS, "x"),
                FilterClause.of("notes", FilterOp.EXISTS),
                FilterClause.of("notes", FilterOp.NOT_EXISTS)));
    assertThat(compiled.keyCondition()).isNull();
    assertThat(compiled.filter().render().text())
        .isEqualTo(
            "#n0 IN (:v0, :v1) AND #n1 BETWEEN :v2 AND :v3 AND contains(#n2, :v4)"
                + " AND attribute_exists(#n2) AND attribute_not_exists(#n2)");
  }

  @Test
  void refusals_nameFieldAndOperator() {
    assertThatThrownBy(
            () -> Filters.compile(SPEC, null, List.of(FilterClause.of("colour", FilterOp.EQ, "x"))))
        .isInstanceOf(InvalidFilterException.class)
        .satisfies(e -> assertThat(((InvalidFilterException) e).operator()).isNull())
        .hasMessageContaining("not filterable");
    assertThatThrownBy(
            () -> Filters.compile(SPEC, null, List.of(FilterClause.of("status", FilterOp.LT, "x"))))
        .isInstanceOf(InvalidFilterException.class)
        .satisfies(e -> assertThat(((InvalidFilterException) e).operator()).isEqualTo("lt"))
        .hasMessageContaining("allowed: eq, ne, in");
    assertThatThrownBy(
            () ->
                Filters.compile(
                    SPEC, null, List.of(FilterClause.of("price", FilterOp.LT, "cheap"))))
        .hasMessageContaining("not a number");
    assertThatThrownBy(
            () -> Filters.compile(SPEC, null, List.of(FilterClause.of("price", FilterOp.LT, ""))))
        .hasMessageContaining("not a number");
    assertThatThrownBy(
            () ->
                Filters.compile(SPEC, null, List.of(FilterClause.of("price", FilterOp.BETWEEN, 1))))
        .hasMessageContaining("exactly 2");
    assertThatThrownBy(
            () -> Filters.compile(SPEC, null, List.of(FilterClause.of("status", FilterOp.IN))))
        .hasMessageContaining("1 to 100");
    assertThatThrownBy(
            () ->
                Filters.compile(
                    SPEC, null, List.of(FilterClause.of("notes", FilterOp.EXISTS, "x"))))
        .hasMessageContaining("no value");
  }

  @Test
  void allClausesAreCheckedBeforeAnythingIsBuilt() {
    assertThatThrownBy(
            () ->
                Filters.compile(
                    SPEC,
                    null,
                    List.of(
                        FilterClause.of("state", FilterOp.EQ, "TX"),
                        FilterClause.of("colour", FilterOp.EQ, "x"))))
        .isInstanceOf(InvalidFilterException.class);
  }
}
