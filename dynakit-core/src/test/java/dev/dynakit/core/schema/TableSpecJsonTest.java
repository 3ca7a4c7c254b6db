package dev.dynakit.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.dynakit.core.DeclarationException;
import dev.dynakit.core.DeclarationException.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableSpecJsonTest {
  /** A declaration as the JavaScript toolkit writes it (its option names and shorthands). */
  static final String CAR_RENTAL =
      """
      {
        "table": "car-rentals",
        "keyFields": ["state", "facility", {"name": "vin", "type": "string"}],
        "structuralKey": {"name": "_sk", "separator": "|"},
        "indices": {
          "byStatus": {"type": "gsi", "pk": "status", "sk": {"name": "rentedAt", "type": "string"},
                       "projection": "keys-only", "sparse": true, "indirect": true},
          "byMake": {"type": "lsi", "sk": "make", "projection": ["model", "year"]},
          "byFleet": {"type": "gsi", "pk": [{"name": "fleet"}, {"name": "region"}],
                      "sk": ["make", {"name": "year", "type": "number"}]}
        },
        "typeLabels": ["state", "facility", "vehicle"],
        "typeDiscriminator": {"name": "kind"},
        "typeField": "kind",
        "technicalPrefix": "_",
        "searchable": {"make": 1, "model": true, "notes": false},
        "searchablePrefix": "_search-",
        "filterable": {"status": ["eq", "in"], "price": {"ops": ["lt", "btw"], "type": "number"}},
        "versionField": "_v",
        "createdAtField": "_createdAt",
        "relationships": {"structural": true},
        "descriptorKey": "__descriptor__",
        "projectionFieldMap": {"brand": "make"},
        "billingMode": "PROVISIONED",
        "provisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 2},
        "ttlField": "_ttl",
        "streamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"}
      }
      """;

  private static DeclarationException refused(String json) {
    DeclarationException e =
        catchThrowableOfType(DeclarationException.class, () -> TableSpec.fromJson(json));
    assertThat(e).as("the file should be refused").isNotNull();
    return e;
  }

  @Test
  void fromJson_readsTheReferenceOptionNames() {
    TableSpec spec = TableSpec.fromJson(CAR_RENTAL);
    assertThat(spec.tableName()).isEqualTo("car-rentals");
    assertThat(spec.keyFields())
        .containsExactly(
            KeyField.string("state"), KeyField.string("facility"), KeyField.string("vin"));
    assertThat(spec.structuralKey()).isEqualTo(StructuralKey.of("_sk"));
    GlobalIndex byStatus = (GlobalIndex) spec.index("byStatus").orElseThrow();
    assertThat(byStatus.partitionKey()).containsExactly(IndexKey.string("status"));
    assertThat(byStatus.sortKey()).containsExactly(IndexKey.string("rentedAt"));
    assertThat(byStatus.projection()).isEqualTo(IndexProjection.keysOnly());
    assertThat(byStatus.sparse().sparse()).isTrue();
    assertThat(byStatus.indirect()).isTrue();
    assertThat(spec.index("byMake").orElseThrow()).isInstanceOf(LocalIndex.class);
    assertThat(spec.index("byMake").orElseThrow().projection())
        .isEqualTo(IndexProjection.include("model", "year"));
    GlobalIndex byFleet = (GlobalIndex) spec.index("byFleet").orElseThrow();
    assertThat(byFleet.partitionKeyNames()).containsExactly("fleet", "region");
    assertThat(byFleet.sortKey()).containsExactly(IndexKey.string("make"), IndexKey.number("year"));
    assertThat(spec.typeLabels()).containsExactly("state", "facility", "vehicle");
    assertThat(spec.typeDiscriminator()).isEqualTo("kind");
    assertThat(spec.searchable()).containsExactly("make", "model");
    assertThat(spec.filterable().get("price"))
        .isEqualTo(
            new FilterRule(java.util.Set.of(FilterOp.LT, FilterOp.BETWEEN), ScalarType.NUMBER));
    assertThat(spec.structuralRelationships()).isTrue();
    assertThat(spec.projectionFieldMap()).isEqualTo(Map.of("brand", "make"));
    assertThat(spec.capacityMode()).isEqualTo(CapacityMode.PROVISIONED);
    assertThat(spec.throughput()).isEqualTo(new Throughput(5, 2));
    assertThat(spec.ttlField()).isEqualTo("_ttl");
    assertThat(spec.stream()).isEqualTo(StreamSettings.of(StreamView.NEW_IMAGE));
  }

  @Test
  void fromJson_file(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("rentals.json");
    Files.writeString(file, CAR_RENTAL);
    assertThat(TableSpec.fromJson(file).tableName()).isEqualTo("car-rentals");
  }

  @Test
  void toJson_roundTrips() {
    TableSpec spec = TableSpec.fromJson(CAR_RENTAL);
    String json = spec.toJson();
    assertThat(TableSpec.fromJson(json).toJson()).isEqualTo(json);
    assertThat(TableSpecTest.RENTALS.toJson()).contains("\"onlyWhen\" : \"<predicate>\"");
  }

  @Test
  void toJson_ofBuilderDeclaration_readsBackWithoutPredicates() {
    TableSpec noPredicate =
        TableSpecTest.RENTALS.toBuilder()
            .index(IndexSpec.global("plain").partitionKey("p").build())
            .build();
    String json = noPredicate.toJson();
    DeclarationException e = refused(json);
    assertThat(e.problems()).extracting(Problem::field).containsExactly("indices.byRegion.sparse");
    assertThat(e.getMessage()).contains("sparseWhen(\"byRegion\"");
  }

  @Test
  void fromJson_thenSparseWhen_attachesThePredicate() {
    String json =
        """
        {"table": "ttt", "keyFields": ["id"],
         "indices": {"queue": {"type": "gsi", "pk": "flag"}}}
        """;
    TableSpec spec =
        TableSpec.fromJson(json).toBuilder()
            .sparseWhen("queue", item -> item.containsKey("x"))
            .build();
    assertThat(spec.index("queue").orElseThrow().sparse().predicate()).isNotNull();
  }

  @Test
  void fromJson_shapeAndRuleProblemsTogether() {
    DeclarationException e =
        refused(
            """
            {"table": "t", "keyFields": [{"name": "a", "type": "text"}, 7],
             "indices": {"i": {"type": "global", "pk": "p"}},
             "filterable": {"x": ["eq", "like"]},
             "billingMode": "FREE",
             "colour": "blue",
             "versionField": "v"}
            """);
    assertThat(e.problems())
        .extracting(Problem::field)
        .contains(
            "colour",
            "keyFields[0].type",
            "keyFields[1]",
            "indices.i.type",
            "filterable.x.ops",
            "billingMode",
            "table",
            "versionField");
  }

  @Test
  void fromJson_unknownKeysInsideShapes() {
    assertThat(
            refused("{\"table\": \"ttt\", \"keyFields\": [{\"name\": \"a\", \"widht\": 3}]}")
                .problems())
        .extracting(Problem::field)
        .containsExactly("keyFields[0].widht");
  }

  @Test
  void fromJson_nearMissOptionNames_sayWhichNameWasMeant() {
    DeclarationException e =
        refused(
            """
            {"table": "ttt", "keyFields": [{"name": "a", "widht": 3}],
             "structualKey": "_sk", "ttlFeild": "_t",
             "filterable": {"x": ["eq", "btwn"]}}
            """);
    assertThat(e.problems())
        .extracting(Problem::toString)
        .contains(
            "keyFields[0].widht: unknown key; did you mean 'width'?",
            "structualKey: unknown option; did you mean 'structuralKey'?",
            "ttlFeild: unknown option; did you mean 'ttlField'?",
            "filterable.x.ops: unknown operator 'btwn'; did you mean 'btw'?");
    assertThat(e.getMessage().lines())
        .first()
        .isEqualTo("Invalid declaration of table 'ttt' (" + e.problems().size() + " problems)");
    assertThat(e.getMessage().lines().skip(1))
        .hasSize(e.problems().size())
        .allSatisfy(line -> assertThat(line).startsWith("  - "));
  }

  @Test
  void fromJson_unknownNamesFarFromAnyOption_listTheOptions() {
    assertThat(refused("{\"table\": \"ttt\", \"colour\": \"blue\"}").problems())
        .extracting(Problem::toString)
        .anyMatch(
            p ->
                p.startsWith(
                    "colour: unknown option; the options are [accessPatterns, billingMode, "));
    assertThat(
            refused("{\"table\": \"ttt\", \"keyFields\": [{\"name\": \"a\", \"size\": 3}]}")
                .problems())
        .extracting(Problem::toString)
        .containsExactly("keyFields[0].size: unknown key; allowed here: [name, type, width]");
  }

  @Test
  void fromJson_malformedJson() {
    DeclarationException malformed = refused("{\"table\": ");
    assertThat(malformed.problems().get(0).rule()).startsWith("not valid JSON at line");
    assertThat(malformed.getMessage()).startsWith("Invalid declaration (1 problem)\n  - (file): ");
    assertThat(refused("[]").problems().get(0).rule()).contains("JSON object");
    assertThat(refused("{\"table\":\"a\",\"table\":\"b\"}").problems().get(0).rule())
        .contains("Duplicate field");
  }

  @Test
  void fromJson_indirectIndicesMarksDeclaredIndices() {
    TableSpec spec =
        TableSpec.fromJson(
            """
            {"table": "ttt", "keyFields": ["id"],
             "indices": {"byX": {"type": "gsi", "pk": "x"}},
             "indirectIndices": {"byX": 1}}
            """);
    assertThat(spec.index("byX").orElseThrow().indirect()).isTrue();
    assertThat(
            refused(
                    "{\"table\": \"ttt\", \"keyFields\": [\"id\"], \"indirectIndices\": {\"byY\": true}}")
                .problems())
        .extracting(Problem::field)
        .containsExactly("indirectIndices.byY");
  }

  @Test
  void fromJson_codecsAndEscapingPolicy() {
    TableSpec spec =
        TableSpec.fromJson(
            """
            {"table": "ttt", "keyFields": ["a", "b"],
             "structuralKey": {"name": "sk", "separatorPolicy": "escape"},
             "codecs": {"at": "instantIso", "when": "map:dateEpoch"}}
            """);
    assertThat(spec.structuralKey().policy()).isEqualTo(SeparatorPolicy.ESCAPE);
    assertThat(spec.codecs().get("when").spec()).isEqualTo("map:dateEpoch");
    assertThat(TableSpec.fromJson(spec.toJson()).toJson()).isEqualTo(spec.toJson());
    assertThat(
            refused("{\"table\": \"ttt\", \"keyFields\": [\"id\"], \"codecs\": {\"x\": \"roman\"}}")
                .problems())
        .extracting(Problem::field)
        .containsExactly("codecs.x");
  }

  @Test
  void fromJson_localIndexWithPartitionKeyIsRefused() {
    assertThat(
            refused(
                    """
                    {"table": "ttt", "keyFields": ["a", "b"], "structuralKey": "sk",
                     "indices": {"l1x": {"type": "lsi", "pk": "a", "sk": "c"}}}
                    """)
                .problems())
        .extracting(Problem::field)
        .containsExactly("indices.l1x.pk");
  }
}
