package dev.dynakit.core.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.item.FieldCodecs;
import dev.dynakit.core.schema.IndexKey;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.StructuralKey;
import dev.dynakit.core.schema.TableSpec;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class KeyConditionsTest {
  static final TableSpec RENTALS =
      TableSpec.builder("rentals")
          .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 5))
          .structuralKey("_sk")
          .technicalPrefix("_")
          .index(IndexSpec.global("byStatus").partitionKey("status").sortKey("rentedAt"))
          .index(IndexSpec.global("byKind").partitionKey("kind").sortKey("_sk").build())
          .index(
              IndexSpec.global("byFleet")
                  .partitionKey("fleet", "region")
                  .sortKey(IndexKey.string("make"), IndexKey.number("year"))
                  .build())
          .index(IndexSpec.local("byMake").sortKey("make").build())
          .codec("rentedAt", FieldCodecs.instantIso())
          .build();

  private static final KeyConditions TABLE = KeyConditions.forTable(RENTALS);

  private static Collection<AttributeValue> values(KeyCondition condition) {
    return condition.render().values().values();
  }

  @Test
  void table_children_excludeTheItemItself() {
    KeyCondition c = TABLE.children(Map.of("state", "TX", "city", "Dallas"));
    Expression e = c.render();
    assertThat(e.text()).isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
    assertThat(e.names()).containsExactly(Map.entry("#n0", "state"), Map.entry("#n1", "_sk"));
    assertThat(e.values().values())
        .containsExactly(AttributeValue.fromS("TX"), AttributeValue.fromS("TX|Dallas|"));
  }

  @Test
  void table_selfAndChildren_partial_exact() {
    assertThat(values(TABLE.selfAndChildren(Map.of("state", "TX", "city", "Dallas"))))
        .contains(AttributeValue.fromS("TX|Dallas"));
    assertThat(values(TABLE.partial(Map.of("state", "TX"), "Da")))
        .contains(AttributeValue.fromS("TX|Da"));
    KeyCondition exact = TABLE.exact(Map.of("state", "TX", "city", "Dallas", "car", 42));
    assertThat(exact.render().text()).isEqualTo("#n0 = :v0 AND #n1 = :v1");
    assertThat(values(exact)).contains(AttributeValue.fromS("TX|Dallas|00042"));
  }

  @Test
  void table_partial_refusesValuesThatWouldLeaveTheirTier() {
    assertThatThrownBy(() -> TABLE.partial(Map.of("state", "TX"), "Da|"))
        .isInstanceOf(MalformedKeyException.class);
    assertThatThrownBy(() -> TABLE.partial(Map.of("state", "TX"), ""))
        .isInstanceOf(MalformedKeyException.class);
    assertThatThrownBy(() -> TABLE.partial(Map.of("state", "TX", "city", "Dallas", "car", 1), "x"))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("next one");
    assertThatThrownBy(() -> TABLE.partial(Map.of("state", "TX", "city", "Dallas"), "00"))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("string");
  }

  @Test
  void table_gapsAndMissingPartitionKey_areRefused() {
    assertThatThrownBy(() -> TABLE.children(Map.of("city", "Dallas")))
        .isInstanceOf(MalformedKeyException.class);
    assertThatThrownBy(() -> TABLE.children(Map.of("state", "TX", "car", 1)))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("city");
  }

  @Test
  void escapingKey_escapesThePartialValue() {
    TableSpec escaping =
        TableSpec.builder("things")
            .keyFields(KeyField.string("a"), KeyField.string("b"))
            .structuralKey(StructuralKey.of("sk").escaping())
            .build();
    assertThat(values(KeyConditions.forTable(escaping).partial(Map.of("a", "x"), "y|")))
        .contains(AttributeValue.fromS("x|y%007C"));
  }

  @Test
  void numericPartitionKey_staysANumber() {
    TableSpec counters = TableSpec.builder("counters").keyField(KeyField.number("id")).build();
    KeyCondition c = KeyConditions.forTable(counters).exact(Map.of("id", "42"));
    assertThat(values(c)).containsExactly(AttributeValue.fromN("42"));
    assertThatThrownBy(() -> KeyConditions.forTable(counters).children(Map.of("id", 1)))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("no structural key");
    assertThatThrownBy(() -> KeyConditions.forTable(counters).exact(Map.of("id", "forty")))
        .isInstanceOf(MalformedKeyException.class);
  }

  @Test
  void gsiOverTheStructuralKey_keepsTheHierarchy() {
    KeyCondition c =
        KeyConditions.forIndex(RENTALS, "byKind").children(Map.of("kind", "car", "state", "TX"));
    Expression e = c.render();
    assertThat(e.names().values()).containsExactly("kind", "_sk");
    assertThat(e.values().values())
        .containsExactly(AttributeValue.fromS("car"), AttributeValue.fromS("TX|"));
  }

  @Test
  void gsiWithOrdinarySortKey_partialIsBeginsWith_andCodecsApply() {
    KeyConditions byStatus = KeyConditions.forIndex(RENTALS, "byStatus");
    assertThat(byStatus.children(Map.of("status", "rented")).render().text())
        .isEqualTo("#n0 = :v0");
    assertThat(byStatus.partial(Map.of("status", "rented"), "2026-04").render().text())
        .isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
    KeyCondition exact =
        byStatus.exact(
            Map.of("status", "rented", "rentedAt", Instant.parse("2026-04-12T00:00:00Z")));
    assertThat(values(exact)).contains(AttributeValue.fromS("2026-04-12T00:00:00.000000000Z"));
    assertThatThrownBy(() -> byStatus.exact(Map.of("status", "rented")))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("every sort-key attribute");
    assertThatThrownBy(() -> byStatus.children(Map.of("rentedAt", "x")))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("partition key of index 'byStatus'");
  }

  @Test
  void multiAttributeGsi_equalitiesLeftToRightThenPartial() {
    KeyConditions byFleet = KeyConditions.forIndex(RENTALS, "byFleet");
    KeyCondition c = byFleet.children(Map.of("fleet", "f1", "region", "eu", "make", "Volvo"));
    assertThat(c.render().text()).isEqualTo("#n0 = :v0 AND #n1 = :v1 AND #n2 = :v2");
    KeyCondition partial = byFleet.partial(Map.of("fleet", "f1", "region", "eu"), "Vol");
    assertThat(partial.render().text())
        .isEqualTo("#n0 = :v0 AND #n1 = :v1 AND begins_with(#n2, :v2)");
    KeyCondition exact =
        byFleet.exact(Map.of("fleet", "f1", "region", "eu", "make", "Volvo", "year", "2020"));
    assertThat(values(exact)).contains(AttributeValue.fromN("2020"));
    assertThat(exact.sortEquals())
        .extracting(KeyCondition.Part::value)
        .contains(new BigDecimal("2020"));
    assertThatThrownBy(() -> byFleet.children(Map.of("fleet", "f1", "region", "eu", "year", 2020)))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("make");
    assertThatThrownBy(
            () -> byFleet.partial(Map.of("fleet", "f1", "region", "eu", "make", "V"), "20"))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("string");
    assertThatThrownBy(() -> byFleet.children(Map.of("fleet", "f1")))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("region");
  }

  @Test
  void lsi_usesTheTablesPartitionKey() {
    KeyCondition c = KeyConditions.forIndex(RENTALS, "byMake").partial(Map.of("state", "TX"), "Vo");
    assertThat(c.partition()).containsExactly(new KeyCondition.Part("state", "TX"));
    assertThat(c.range())
        .isEqualTo(new KeyCondition.Range("make", KeyCondition.RangeOp.BEGINS_WITH, "Vo", null));
  }

  @Test
  void unknownIndex_isRefused() {
    assertThatThrownBy(() -> KeyConditions.forIndex(RENTALS, "nope"))
        .isInstanceOf(InvalidExpressionException.class)
        .hasMessageContaining("no index 'nope'");
    assertThat(List.of(RENTALS.indices().keySet())).isNotEmpty();
  }
}
