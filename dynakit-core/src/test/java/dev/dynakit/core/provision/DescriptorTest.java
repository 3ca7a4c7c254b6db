package dev.dynakit.core.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.provision.Difference.Severity;
import dev.dynakit.core.schema.IndexSpec;
import dev.dynakit.core.schema.KeyField;
import dev.dynakit.core.schema.TableSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class DescriptorTest {
  private static TableSpec.Builder table() {
    return TableSpec.builder("things").keyFields(KeyField.string("id")).descriptorKey("__d__");
  }

  @Test
  void canonicalJson_ignoresTheOrderOfSearchableFieldsAndIncludedAttributes() {
    TableSpec a =
        table()
            .searchable("name", "city")
            .index(IndexSpec.global("byP").partitionKey("p").include("x", "y"))
            .build();
    TableSpec b =
        table()
            .searchable("city", "name")
            .index(IndexSpec.global("byP").partitionKey("p").include("y", "x"))
            .build();

    assertThat(Descriptor.canonicalJson(a)).isEqualTo(Descriptor.canonicalJson(b));
    assertThat(Descriptor.canonicalJson(a)).startsWith("{\"billingMode\":\"PAY_PER_REQUEST\",");
    assertThat(Descriptor.current(b, Descriptor.item(a))).isTrue();
  }

  @Test
  void compare_namesEachChangedOption_andEachChangedIndex() {
    TableSpec stored =
        table().searchable("name").index(IndexSpec.global("byP").partitionKey("p")).build();
    TableSpec now =
        table()
            .searchable("name", "city")
            .typeLabels("thing")
            .index(IndexSpec.global("byP").partitionKey("p").keysOnly())
            .build();

    assertThat(Descriptor.compare(now, Descriptor.item(stored)))
        .extracting(Difference::path)
        .containsExactly(
            "descriptor.indices.byP", "descriptor.searchable", "descriptor.typeLabels");
    assertThat(Descriptor.compare(now, Descriptor.item(stored)).get(2))
        .isEqualTo(
            new Difference("descriptor.typeLabels", Severity.WARNING, "[\"thing\"]", "absent"));
    assertThat(Descriptor.compare(now, Descriptor.item(now))).isEmpty();
  }

  @Test
  void compare_absentOrUnreadableRow() {
    TableSpec spec = table().build();
    Map<String, AttributeValue> garbage = new LinkedHashMap<>(Descriptor.key(spec));
    garbage.put(Descriptor.DECLARATION, AttributeValue.fromS("not json"));

    assertThat(Descriptor.compare(spec, null))
        .containsExactly(Difference.warning("descriptor", "present", "absent"));
    assertThat(Descriptor.compare(spec, garbage))
        .containsExactly(
            Difference.warning(
                "descriptor",
                "a declaration snapshot",
                "unreadable (no " + Descriptor.DECLARATION + ")"));
  }

  @Test
  void compare_sameSnapshotWithAStaleHash_isOneDifference() {
    TableSpec spec = table().build();
    Map<String, AttributeValue> stale = new LinkedHashMap<>(Descriptor.item(spec));
    stale.put(Descriptor.HASH, AttributeValue.fromS("0"));

    assertThat(Descriptor.compare(spec, stale))
        .extracting(Difference::path)
        .containsExactly("descriptor." + Descriptor.HASH);
  }

  @Test
  void key_followsThePartitionKeyType_andRepeatsOnTheStructuralKey() {
    assertThat(Descriptor.key(table().build()))
        .isEqualTo(Map.of("id", AttributeValue.fromS("__d__")));
    assertThat(
            Descriptor.key(
                TableSpec.builder("things")
                    .keyFields(KeyField.string("a"), KeyField.string("b"))
                    .structuralKey("_sk")
                    .descriptorKey("__d__")
                    .build()))
        .isEqualTo(
            Map.of("a", AttributeValue.fromS("__d__"), "_sk", AttributeValue.fromS("__d__")));
    assertThat(
            Descriptor.key(
                TableSpec.builder("things")
                    .keyFields(KeyField.number("n"))
                    .descriptorKey("-1")
                    .build()))
        .isEqualTo(Map.of("n", AttributeValue.fromN("-1")));
    assertThat(
            Descriptor.key(
                TableSpec.builder("things")
                    .keyFields(KeyField.binary("b"))
                    .descriptorKey("__d__")
                    .build()))
        .isEqualTo(Map.of("b", AttributeValue.fromB(SdkBytes.fromUtf8String("__d__"))));
  }

  @Test
  void key_ofANumberPartitionKey_needsANumericDescriptorKey() {
    TableSpec spec =
        TableSpec.builder("things").keyFields(KeyField.number("n")).descriptorKey("__d__").build();

    assertThatThrownBy(() -> Descriptor.key(spec))
        .isInstanceOf(ProvisioningException.class)
        .hasMessage(
            "descriptorKey '__d__' of table 'things' is not a number, but the partition key 'n'"
                + " is a number");
  }
}
