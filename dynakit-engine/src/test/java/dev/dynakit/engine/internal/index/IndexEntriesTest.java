package dev.dynakit.engine.internal.index;

import static dev.dynakit.engine.internal.index.IndexFixture.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.keys.DecodedKey;
import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.table.TableDef;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.Binary;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Index entries of items (keys and projections) and the index-key checks on writes. */
class IndexEntriesTest {
  private static final String FULL =
      "{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'},'gs':{'N':'5'},'x':{'S':'X'},"
          + "'z':{'S':'Z'},'l':{'S':'L'},'m1':{'S':'p'},'m2':{'N':'7'},'m3':{'S':'q'},"
          + "'m4':{'B':'AQI='}}";

  private IndexFixture fx;
  private Table table;
  private TableDef def;

  @BeforeEach
  void setUp() {
    fx = new IndexFixture();
    fx.createIndexedTable();
    table = fx.table("idx");
    def = table.def();
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private IndexEntry entry(String index, Map<String, AttrValue> item) {
    return IndexEntries.entry(table, def, def.index(index), item);
  }

  private static AttrValue s(String v) {
    return new AttrValue.S(v);
  }

  private static AttrValue n(String v) {
    return new AttrValue.N(new BigDecimal(v));
  }

  @Test
  void entry_keyIsIndexValuesThenBaseKey() {
    IndexEntry e = entry("gAll", item(FULL));
    DecodedKey k = KeyCodec.decode(e.key(), List.of("S"), List.of("N"), List.of("S", "S"));
    assertThat(k.storeId()).isEqualTo(table.storeId());
    assertThat(k.indexNo()).isEqualTo(table.indexStoreNo("gAll")).isPositive();
    assertThat(k.partitionValues()).containsExactly(s("G"));
    assertThat(k.sortValues()).containsExactly(n("5"));
    assertThat(k.baseValues()).containsExactly(s("a"), s("1"));
  }

  @Test
  void entry_multiAttributeKey_keepsDeclaredOrder() {
    IndexEntry e = entry("gMulti", item(FULL));
    DecodedKey k =
        KeyCodec.decode(e.key(), List.of("S", "N"), List.of("S", "B"), List.of("S", "S"));
    assertThat(k.partitionValues()).containsExactly(s("p"), n("7"));
    assertThat(k.sortValues())
        .containsExactly(s("q"), new AttrValue.B(Binary.of(new byte[] {1, 2})));
    assertThat(k.partitionHash()).isEqualTo(KeyCodec.partitionHash(List.of(s("p"), n("7"))));
  }

  @Test
  void entry_lsiKey_isTableHashAndLsiRange() {
    IndexEntry e = entry("lsi", item(FULL));
    DecodedKey k = KeyCodec.decode(e.key(), List.of("S"), List.of("S"), List.of("S", "S"));
    assertThat(k.partitionValues()).containsExactly(s("a"));
    assertThat(k.sortValues()).containsExactly(s("L"));
  }

  @Test
  void entry_projections() {
    Map<String, AttrValue> full = item(FULL);
    assertThat(entry("gAll", full).projected()).isEqualTo(full);
    assertThat(entry("gKeys", full).projected()).containsOnlyKeys("pk", "sk", "g");
    assertThat(entry("gInc", full).projected()).containsOnlyKeys("pk", "sk", "g", "x");
    assertThat(entry("gMulti", full).projected())
        .containsOnlyKeys("pk", "sk", "m1", "m2", "m3", "m4");
    assertThat(entry("gKeys", full).sizeBytes()).isEqualTo(3 + 3 + 2);
  }

  @Test
  void entry_sparse_itemWithoutEveryKeyAttributeIsNotInTheIndex() {
    assertThat(entry("gAll", item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'}}"))).isNull();
    assertThat(entry("gKeys", item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'}}"))).isNotNull();
    assertThat(
            entry(
                "gMulti",
                item(
                    "{'pk':{'S':'a'},'sk':{'S':'1'},'m1':{'S':'p'},'m2':{'N':'7'},'m3':{'S':'q'}}")))
        .isNull();
    assertThat(entry("lsi", item("{'pk':{'S':'a'},'sk':{'S':'1'}}"))).isNull();
    assertThat(IndexEntries.entry(table, def, def.index("gKeys"), null)).isNull();
  }

  private static void assertInvalid(ThrowingCallable call, String message) {
    assertThatThrownBy(call).isInstanceOf(EngineException.class).hasMessage(message);
  }

  @Test
  void validate_wrongType() {
    assertInvalid(
        () -> IndexEntries.validate(table, item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'N':'1'}}")),
        "One or more parameter values were invalid: Type mismatch for Index Key g Expected: S"
            + " Actual: N IndexName: gAll");
    assertInvalid(
        () ->
            IndexEntries.validate(table, item("{'pk':{'S':'a'},'sk':{'S':'1'},'l':{'NULL':true}}")),
        "One or more parameter values were invalid: Type mismatch for Index Key l Expected: S"
            + " Actual: NULL IndexName: lsi");
  }

  @Test
  void validate_emptyStringOrBinary() {
    assertInvalid(
        () -> IndexEntries.validate(table, item("{'pk':{'S':'a'},'sk':{'S':'1'},'m3':{'S':''}}")),
        "One or more parameter values are not valid. A value specified for a secondary index key"
            + " is not supported. The AttributeValue for a key attribute cannot contain an empty"
            + " string value. IndexName: gMulti, IndexKey: m3");
    assertInvalid(
        () -> IndexEntries.validate(table, item("{'pk':{'S':'a'},'sk':{'S':'1'},'m4':{'B':''}}")),
        "One or more parameter values are not valid. A value specified for a secondary index key"
            + " is not supported. The AttributeValue for a key attribute cannot contain an empty"
            + " binary value. IndexName: gMulti, IndexKey: m4");
    assertInvalid(
        () ->
            IndexEntries.validateUpdated(
                table, item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':''}}")),
        "One or more parameter values are not valid. The update expression attempted to update a"
            + " secondary index key to a value that is not supported. The AttributeValue for a key"
            + " attribute cannot contain an empty string value.");
  }

  @Test
  void validate_keySizes() {
    String big = "x".repeat(2049);
    assertInvalid(
        () ->
            IndexEntries.validate(
                table, item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'" + big + "'}}")),
        "One or more parameter values were invalid: Size limit exceeded for Index Key g Actual"
            + " Size: 2049 bytes Max Size: 2048 bytes IndexName: gAll");
    String sort = "y".repeat(1025);
    assertInvalid(
        () ->
            IndexEntries.validate(
                table, item("{'pk':{'S':'a'},'sk':{'S':'1'},'l':{'S':'" + sort + "'}}")),
        "One or more parameter values were invalid: Size limit exceeded for Index Key l Actual"
            + " Size: 1025 bytes Max Size: 1024 bytes IndexName: lsi");
  }

  @Test
  void validate_absentAttributesAndOtherTypesOfNonKeyAttributesAreFine() {
    assertThatCode(
            () ->
                IndexEntries.validate(
                    table, item("{'pk':{'S':'a'},'sk':{'S':'1'},'x':{'N':'1'},'z':{'S':''}}")))
        .doesNotThrowAnyException();
    assertThatCode(() -> IndexEntries.validate(table, item(FULL))).doesNotThrowAnyException();
  }
}
