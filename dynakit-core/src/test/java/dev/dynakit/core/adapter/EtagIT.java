package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.InvalidEtagException;
import dev.dynakit.core.VersionConflictException;
import dev.dynakit.core.batch.Tables;
import dev.dynakit.core.item.FieldCodecs;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.test.DynakitTest;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The ETag canned hook and If-Match for Java callers, on tables with and without a version. */
@DynakitTest
class EtagIT {
  static final TableSpec VERSIONED =
      TableSpec.builder("accounts").keyField("id").technicalPrefix("_").versionField("_v").build();

  static final TableSpec UNVERSIONED =
      TableSpec.builder("notes")
          .keyField("id")
          .technicalPrefix("_")
          .searchable("text")
          .codec("day", FieldCodecs.localDateIso())
          .build();

  DynamoDbClient client;
  Adapter accounts;
  Adapter notes;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    accounts =
        TestTables.adapterFor(client, VERSIONED).hooks(CannedHooks.etag(VERSIONED, "etag")).build();
    notes =
        TestTables.adapterFor(client, UNVERSIONED)
            .hooks(CannedHooks.etag(UNVERSIONED, "etag"))
            .build();
  }

  private static WriteOptions ifMatch(Object etag) {
    return WriteOptions.builder().ifMatch((String) etag).build();
  }

  @Test
  void versionedTable_theEtagIsTheQuotedVersion_onReadsWritesAndLists() {
    assertThat(accounts.post(Map.of("id", "a", "owner", "ann"))).containsEntry("etag", "\"1\"");
    accounts.patch(Map.of("id", "a"), Patch.of(Map.of("owner", "bob")));
    Map<String, Object> read = accounts.getByKey(Map.of("id", "a")).orElseThrow();
    assertThat(read).containsEntry("etag", "\"2\"");
    assertThat(ETags.of(VERSIONED, read)).isEqualTo("\"2\"");
    assertThat(
            accounts
                .getByKey(Map.of("id", "a"), ReadOptions.builder().fields("owner", "etag").build())
                .orElseThrow())
        .containsEntry("etag", "\"2\"");
    assertThat(accounts.list(ListOptions.defaults()).items())
        .extracting(item -> item.get("etag"))
        .containsExactly("\"2\"");
  }

  @Test
  void versionedTable_ifMatchIsTheExpectedVersion() {
    Object first = accounts.post(Map.of("id", "a", "owner", "ann")).get("etag");
    Map<String, Object> changed =
        accounts
            .patch(Map.of("id", "a"), Patch.of(Map.of("owner", "bob")), ifMatch(first))
            .orElseThrow();
    assertThatThrownBy(
            () ->
                accounts.patch(Map.of("id", "a"), Patch.of(Map.of("owner", "cy")), ifMatch(first)))
        .isInstanceOf(VersionConflictException.class);
    assertThatThrownBy(() -> accounts.delete(Map.of("id", "a"), ifMatch(first)))
        .isInstanceOf(VersionConflictException.class);
    accounts.delete(Map.of("id", "a"), ifMatch(changed.get("etag")));
    assertThat(accounts.getByKey(Map.of("id", "a"))).isEmpty();
  }

  @Test
  void anItemReadCanBeWrittenBack_withoutStoringItsEtag() {
    Map<String, Object> read = new LinkedHashMap<>(accounts.post(Map.of("id", "a", "n", 1)));
    read.put("n", 2);
    assertThat(accounts.put(read)).containsEntry("etag", "\"2\"");
    accounts.patch(Map.of("id", "a"), Patch.of(Map.of("etag", "\"99\"", "n", 3)));
    assertThat(Tables.scan(client, "accounts").get(0)).doesNotContainKey("etag");
  }

  @Test
  void unversionedTable_theEtagIsAStableContentHash() {
    Map<String, Object> written =
        notes.post(Map.of("id", "n1", "text", "Buy milk", "day", LocalDate.of(2026, 4, 1)));
    String etag = (String) written.get("etag");
    assertThat(etag).startsWith("\"sha256-").endsWith("\"");
    Map<String, Object> read = notes.getByKey(Map.of("id", "n1")).orElseThrow();
    assertThat(read).containsEntry("etag", etag);
    Map<String, Object> plain = new LinkedHashMap<>(read);
    plain.remove("etag");
    assertThat(ETags.of(UNVERSIONED, plain)).isEqualTo(etag);
    // the same content in another order, the date in its stored form, hashes the same
    assertThat(ETags.of(UNVERSIONED, Map.of("day", "2026-04-01", "text", "Buy milk", "id", "n1")))
        .isEqualTo(etag);

    notes.patch(Map.of("id", "n1"), Patch.of(Map.of("text", "Buy oat milk")));
    String changed = (String) notes.getByKey(Map.of("id", "n1")).orElseThrow().get("etag");
    assertThat(changed).isNotEqualTo(etag);
    notes.patch(Map.of("id", "n1"), Patch.of(Map.of("text", "Buy milk")));
    assertThat(notes.getByKey(Map.of("id", "n1")).orElseThrow()).containsEntry("etag", etag);
    assertThat(
            notes
                .getByKey(Map.of("id", "n1"), ReadOptions.builder().fields("text").build())
                .orElseThrow())
        .doesNotContainKey("etag");
    assertThat(ETags.of(UNVERSIONED, Map.of("id", "n1", "count", 5)))
        .isEqualTo(
            ETags.of(UNVERSIONED, Map.of("id", "n1", "count", new java.math.BigDecimal("5.00"))));
  }

  @Test
  void ifMatch_refusesEtagsThatCannotConditionAWrite() {
    Object hash = notes.post(Map.of("id", "n1", "text", "x")).get("etag");
    assertThatThrownBy(() -> ifMatch(hash))
        .isInstanceOf(InvalidEtagException.class)
        .hasMessageContaining("content hash")
        .hasMessageContaining("versionField");
    assertThatThrownBy(() -> ifMatch("W/\"3\""))
        .isInstanceOf(InvalidEtagException.class)
        .hasMessageContaining("weak");
    for (String bad : List.of("3", "\"three\"", "\"\"", "\"99999999999999999999\"")) {
      assertThatThrownBy(() -> ifMatch(bad)).as(bad).isInstanceOf(InvalidEtagException.class);
    }
    assertThat(WriteOptions.builder().ifMatch("\"42\"").build().expectedVersion()).isEqualTo(42L);
  }

  @Test
  void theEtagField_mustBeOneReadsReturn() {
    assertThatThrownBy(() -> CannedHooks.etag(VERSIONED, "_etag"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("technical");
    assertThatThrownBy(() -> CannedHooks.etag(VERSIONED, "_v"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
