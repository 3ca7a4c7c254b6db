package dev.dynakit.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.item.FieldCodecs;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableSpecTest {
  static final TableSpec RENTALS =
      TableSpec.builder("rentals")
          .keyFields(KeyField.string("state"), KeyField.string("city"), KeyField.number("car", 5))
          .structuralKey("_sk")
          .technicalPrefix("_")
          .index(
              IndexSpec.global("byStatus")
                  .partitionKey("status")
                  .sortKey("rentedAt")
                  .keysOnly()
                  .indirect()
                  .build())
          .index(IndexSpec.local("byMake").sortKey("make").include("model").build())
          .index(
              IndexSpec.global("byRegion")
                  .partitionKey(IndexKey.string("region"), IndexKey.string("segment"))
                  .sortKey(IndexKey.string("make"), IndexKey.number("year"))
                  .sparseWhen(item -> "active".equals(item.get("status")))
                  .build())
          .typeLabels("state", "city", "car")
          .typeField("kind")
          .searchable("make", "model")
          .filterable("status", FilterOp.EQ, FilterOp.IN)
          .filterable("price", ScalarType.NUMBER, FilterOp.LT, FilterOp.BETWEEN)
          .versionField("_v")
          .createdAtField("_createdAt")
          .structuralRelationships(true)
          .descriptorKey("__descriptor__")
          .projectionAlias("brand", "make")
          .codec("rentedAt", FieldCodecs.instantIso())
          .ttlField("_ttl")
          .stream(StreamView.NEW_AND_OLD_IMAGES)
          .build();

  @Test
  void build_keepsTheDeclaration() {
    assertThat(RENTALS.tableName()).isEqualTo("rentals");
    assertThat(RENTALS.partitionKey()).isEqualTo(KeyField.string("state"));
    assertThat(RENTALS.primaryKeyNames()).containsExactly("state", "_sk");
    assertThat(RENTALS.indices()).containsOnlyKeys("byStatus", "byMake", "byRegion");
    assertThat(RENTALS.index("byStatus").orElseThrow().indirect()).isTrue();
    assertThat(RENTALS.index("byStatus").orElseThrow().projection())
        .isEqualTo(IndexProjection.keysOnly());
    assertThat(
            RENTALS.index("byRegion").orElseThrow().sparse().includes(Map.of("status", "active")))
        .isTrue();
    assertThat(RENTALS.index("byRegion").orElseThrow().sparse().includes(Map.of("status", "gone")))
        .isFalse();
    assertThat(RENTALS.capacityMode()).isEqualTo(CapacityMode.PAY_PER_REQUEST);
    assertThat(RENTALS.stream()).isEqualTo(StreamSettings.of(StreamView.NEW_AND_OLD_IMAGES));
    assertThat(RENTALS.codecs()).containsOnlyKeys("rentedAt");
  }

  @Test
  void searchablePrefix_defaultsUnderTheTechnicalPrefix() {
    assertThat(RENTALS.searchablePrefix()).isEqualTo("_search-");
    assertThat(RENTALS.searchMirror("make")).isEqualTo("_search-make");
    TableSpec plain = TableSpec.builder("plain").keyField("id").build();
    assertThat(plain.searchablePrefix()).isEqualTo("-search-");
  }

  @Test
  void typeOf_usesLabelsByDepth() {
    assertThat(RENTALS.typeOf(Map.of("state", "TX"))).isEqualTo("state");
    assertThat(RENTALS.typeOf(Map.of("state", "TX", "city", "Dallas"))).isEqualTo("city");
    assertThat(RENTALS.typeOf(Map.of("state", "TX", "city", "Dallas", "car", 1))).isEqualTo("car");
    assertThat(RENTALS.typeOf(Map.of("other", 1))).isNull();
  }

  @Test
  void typeOf_discriminatorWins_andDepthWithoutLabels() {
    TableSpec spec =
        TableSpec.builder("things")
            .keyFields(KeyField.string("a"), KeyField.string("b"))
            .structuralKey("sk")
            .typeDiscriminator("kind")
            .build();
    assertThat(spec.typeOf(Map.of("a", "x", "kind", "special"))).isEqualTo("special");
    assertThat(spec.typeOf(Map.of("a", "x", "b", "y"))).isEqualTo("2");
  }

  @Test
  void keyPath_requiresContiguousFieldsFromThePartitionKey() {
    assertThat(RENTALS.keyPath(Map.of("state", "TX", "city", "Dallas")))
        .containsExactly("TX", "Dallas");
    Map<String, Object> gap = new HashMap<>();
    gap.put("state", "TX");
    gap.put("car", 3);
    assertThatThrownBy(() -> RENTALS.keyPath(gap))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("car")
        .hasMessageContaining("city");
    assertThatThrownBy(() -> RENTALS.keyPath(Map.of("city", "Dallas")))
        .isInstanceOf(MalformedKeyException.class);
    assertThatThrownBy(() -> RENTALS.keyPath(Map.of()))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("partition key is required");
  }

  @Test
  void indexForSort_prefersLocalIndices() {
    TableSpec spec =
        RENTALS.toBuilder()
            .index(IndexSpec.global("byMakeGlobal").partitionKey("status").sortKey("make").build())
            .build();
    assertThat(spec.indexForSort("make").orElseThrow().name()).isEqualTo("byMake");
    assertThat(spec.indexForSort("rentedAt").orElseThrow().name()).isEqualTo("byStatus");
    assertThat(spec.indexForSort("nothing")).isEmpty();
  }

  @Test
  void fieldType_fromFilterableThenKeysThenIndices() {
    assertThat(RENTALS.fieldType("price")).isEqualTo(ScalarType.NUMBER);
    assertThat(RENTALS.fieldType("car")).isEqualTo(ScalarType.NUMBER);
    assertThat(RENTALS.fieldType("year")).isEqualTo(ScalarType.NUMBER);
    assertThat(RENTALS.fieldType("status")).isEqualTo(ScalarType.STRING);
    assertThat(RENTALS.fieldType("unknown")).isEqualTo(ScalarType.STRING);
  }

  @Test
  void partitionKeyNames_ofLocalIndexIsTheTables() {
    assertThat(RENTALS.partitionKeyNames(RENTALS.index("byMake").orElseThrow()))
        .containsExactly("state");
    assertThat(RENTALS.partitionKeyNames(RENTALS.index("byRegion").orElseThrow()))
        .containsExactly("region", "segment");
  }

  @Test
  void technicalFields_areRecognisedByPrefix() {
    assertThat(RENTALS.isTechnical("_v")).isTrue();
    assertThat(RENTALS.isTechnical("make")).isFalse();
  }

  @Test
  void toBuilder_derivesAnEqualDeclaration() {
    TableSpec copy = RENTALS.toBuilder().build();
    assertThat(copy.toJson()).isEqualTo(RENTALS.toJson());
  }

  @Test
  void itemConverter_appliesTheDeclaredCodecs() {
    Instant at = Instant.parse("2026-04-12T10:15:30Z");
    Map<String, Object> stored = RENTALS.itemConverter().encode(Map.of("rentedAt", at));
    assertThat(stored.get("rentedAt")).isEqualTo("2026-04-12T10:15:30.000000000Z");
  }

  @Test
  void recordCodec_appliesTheDeclaredCodecsToComponents() {
    record Rental(String state, Instant rentedAt) {}
    Rental rental = new Rental("TX", Instant.parse("2026-04-12T10:15:30Z"));
    var codec = RENTALS.recordCodec(Rental.class);
    assertThat(codec.toMap(rental)).containsEntry("rentedAt", "2026-04-12T10:15:30.000000000Z");
    assertThat(codec.fromItem(codec.toItem(rental))).isEqualTo(rental);
  }

  @Test
  void provisioned_setsModeAndThroughput() {
    TableSpec spec = TableSpec.builder("things").keyField("id").provisioned(5, 3).build();
    assertThat(spec.capacityMode()).isEqualTo(CapacityMode.PROVISIONED);
    assertThat(spec.throughput()).isEqualTo(new Throughput(5, 3));
    assertThat(List.of(spec.primaryKeyNames())).hasSize(1);
  }
}
