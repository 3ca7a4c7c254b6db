package dev.dynakit.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.dynakit.core.DeclarationException;
import dev.dynakit.core.DeclarationException.Problem;
import dev.dynakit.core.item.FieldCodecs;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeclarationValidationTest {

  private static List<Problem> problems(TableSpec.Builder builder) {
    DeclarationException e = catchThrowableOfType(DeclarationException.class, builder::build);
    assertThat(e).as("the declaration should be refused").isNotNull();
    return e.problems();
  }

  private static TableSpec.Builder hierarchy() {
    return TableSpec.builder("rentals")
        .keyFields(KeyField.string("state"), KeyField.string("city"))
        .structuralKey("_sk");
  }

  @Test
  void everyProblemIsReportedAtOnce() {
    DeclarationException e =
        catchThrowableOfType(
            DeclarationException.class,
            () ->
                TableSpec.builder("x")
                    .keyFields(KeyField.string("a"), KeyField.number("n"))
                    .versionField("v")
                    .typeLabels("only-one")
                    .build());
    assertThat(e.problems())
        .extracting(Problem::field)
        .contains("table", "keyFields[1].width", "structuralKey", "versionField", "typeLabels");
    assertThat(e.getMessage())
        .contains("Invalid declaration of table 'x'")
        .contains("versionField");
    assertThat(e.table()).isEqualTo("x");
  }

  @Test
  void keyFields_areRequiredAndUnique() {
    assertThat(problems(TableSpec.builder("t1t"))).extracting(Problem::field).contains("keyFields");
    assertThat(
            problems(
                TableSpec.builder("t1t")
                    .keyFields(KeyField.string("a"), KeyField.string("a"))
                    .structuralKey("sk")))
        .extracting(Problem::toString)
        .anyMatch(text -> text.startsWith("keyFields[1].name") && text.contains("declared twice"));
  }

  @Test
  void width_isForNumbersWithinDynamoDbDigits() {
    assertThat(
            problems(
                TableSpec.builder("ttt")
                    .keyFields(
                        new KeyField("a", ScalarType.STRING, 3),
                        KeyField.number("b", 0),
                        KeyField.number("c", 39))
                    .structuralKey("sk")))
        .extracting(Problem::field)
        .containsExactly("keyFields[0].width", "keyFields[1].width", "keyFields[2].width");
  }

  @Test
  void structuralKey_rulesOnNameAndSeparator() {
    assertThat(
            problems(
                TableSpec.builder("ttt")
                    .keyFields(KeyField.string("a"), KeyField.number("n", 3))
                    .structuralKey("a", "0")))
        .extracting(Problem::toString)
        .anyMatch(
            text -> text.startsWith("structuralKey.name") && text.contains("also a key field"))
        .anyMatch(text -> text.startsWith("structuralKey.separator") && text.contains("digits"));
    assertThat(problems(hierarchy().structuralKey("sk", "")))
        .extracting(Problem::field)
        .contains("structuralKey.separator");
    assertThat(
            problems(
                hierarchy().structuralKey(new StructuralKey("sk", "%", SeparatorPolicy.ESCAPE))))
        .extracting(Problem::toString)
        .anyMatch(text -> text.contains("with escaping"));
    assertThat(
            problems(
                TableSpec.builder("ttt")
                    .keyFields(KeyField.string("a"), KeyField.binary("b"))
                    .structuralKey("sk", "f")))
        .extracting(Problem::toString)
        .anyMatch(text -> text.contains("hexadecimal"));
  }

  @Test
  void technicalPrefix_governsTechnicalFields() {
    assertThat(
            problems(
                hierarchy()
                    .structuralKey("sk")
                    .technicalPrefix("_")
                    .versionField("v")
                    .createdAtField("c")
                    .searchable("name")
                    .searchablePrefix("-search-")))
        .extracting(Problem::field)
        .containsExactlyInAnyOrder(
            "structuralKey.name", "versionField", "createdAtField", "searchablePrefix");
    assertThat(problems(hierarchy().createdAtField("_c")))
        .extracting(Problem::toString)
        .anyMatch(text -> text.contains("needs a technicalPrefix"));
    assertThat(problems(TableSpec.builder("ttt").keyField("_id").technicalPrefix("_")))
        .extracting(Problem::toString)
        .anyMatch(
            text -> text.startsWith("keyFields[0].name") && text.contains("technical prefix"));
  }

  @Test
  void typeLabels_mustNotBePrefixesOfOneAnother() {
    assertThat(problems(hierarchy().typeLabels("car", "carRental")))
        .extracting(Problem::toString)
        .containsExactly(
            "typeLabels[0]: 'car' is a prefix of typeLabels[1] 'carRental'; labels must not be"
                + " prefixes of one another");
    assertThat(problems(hierarchy().typeLabels("a", "a")))
        .extracting(Problem::field)
        .containsExactly("typeLabels[1]");
  }

  @Test
  void indices_shapeRules() {
    assertThat(
            problems(
                TableSpec.builder("ttt")
                    .keyField("id")
                    .index(IndexSpec.global("noPk").build())
                    .index(IndexSpec.local("lsi1").sortKey("x").build())
                    .index(
                        IndexSpec.global("wide")
                            .partitionKey("a", "b", "c", "d", "e")
                            .include()
                            .build())
                    .index(IndexSpec.global("ab").partitionKey("p").build())))
        .extracting(Problem::field)
        .contains(
            "indices.noPk.pk",
            "indices.lsi1",
            "indices.wide.pk",
            "indices.wide.projection",
            "indices.ab");
  }

  @Test
  void indices_repeatedNameAndTooManyLocalIndices() {
    TableSpec.Builder b = hierarchy();
    for (int i = 0; i < 6; i++) {
      b.index(IndexSpec.local("local" + i).sortKey("s" + i).build());
    }
    b.index(IndexSpec.global("gsi").partitionKey("p").build());
    b.index(IndexSpec.global("gsi").partitionKey("q").build());
    assertThat(problems(b))
        .extracting(Problem::field)
        .containsExactlyInAnyOrder("indices", "indices.gsi");
  }

  @Test
  void attributeTypes_mustAgreeEverywhere() {
    assertThat(
            problems(
                hierarchy()
                    .index(
                        IndexSpec.global("byCity").partitionKey(IndexKey.number("city")).build())))
        .extracting(Problem::toString)
        .containsExactly(
            "indices.byCity.pk: 'city' is declared number here but string in keyFields[1]; an"
                + " attribute has one type");
  }

  @Test
  void relationships_needAHierarchy() {
    assertThat(problems(TableSpec.builder("ttt").keyField("id").structuralRelationships(true)))
        .extracting(Problem::field)
        .containsExactly("relationships.structural");
  }

  @Test
  void codecs_notOnKeyFields() {
    assertThat(problems(hierarchy().codec("city", FieldCodecs.url())))
        .extracting(Problem::field)
        .containsExactly("codecs.city");
  }

  @Test
  void provisioning_throughputGoesWithProvisionedMode() {
    assertThat(
            problems(
                TableSpec.builder("ttt").keyField("id").capacityMode(CapacityMode.PROVISIONED)))
        .extracting(Problem::field)
        .containsExactly("provisionedThroughput");
    assertThat(problems(TableSpec.builder("ttt").keyField("id").throughput(new Throughput(1, 1))))
        .extracting(Problem::field)
        .containsExactly("provisionedThroughput");
    assertThat(problems(TableSpec.builder("ttt").keyField("id").provisioned(0, 1)))
        .extracting(Problem::field)
        .containsExactly("provisionedThroughput");
    assertThat(
            problems(
                TableSpec.builder("ttt").keyField("id").stream(new StreamSettings(true, null))))
        .extracting(Problem::field)
        .containsExactly("streamSpecification.StreamViewType");
  }

  @Test
  void sparseWhen_mustNameADeclaredIndex() {
    assertThat(problems(TableSpec.builder("ttt").keyField("id").sparseWhen("nope", item -> true)))
        .extracting(Problem::field)
        .containsExactly("indices.nope");
  }

  @Test
  void emptyTechnicalNames_areRefused() {
    assertThat(
            problems(
                TableSpec.builder("ttt")
                    .keyField("id")
                    .technicalPrefix("")
                    .typeField("")
                    .descriptorKey("")))
        .extracting(Problem::field)
        .contains("technicalPrefix", "typeField", "descriptorKey");
  }
}
