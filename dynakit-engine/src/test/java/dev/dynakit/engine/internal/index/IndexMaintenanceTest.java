package dev.dynakit.engine.internal.index;

import static dev.dynakit.engine.internal.index.IndexFixture.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The diff of index entries between the old and the new version of an item. */
class IndexMaintenanceTest {
  private IndexFixture fx;
  private Table table;
  private IndexMaintenance maintenance;

  @BeforeEach
  void setUp() {
    fx = new IndexFixture();
    fx.createIndexedTable();
    table = fx.table("idx");
    maintenance = new IndexMaintenance(fx.state().store());
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private IndexChange change(WritePlan plan, String index) {
    return plan.changes().stream()
        .filter(c -> c.index().name().equals(index))
        .findFirst()
        .orElseThrow();
  }

  private static List<WriteBatch.Change> batch(WritePlan plan, Map<String, AttrValue> newItem) {
    WriteBatch b = new WriteBatch();
    plan.addTo(b, newItem, null);
    return b.changes();
  }

  @Test
  void plan_newItem_putsOneEntryPerIndexItBelongsTo() {
    Map<String, AttrValue> v1 =
        item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'},'gs':{'N':'5'}}");
    WritePlan plan = maintenance.plan(table, null, v1);
    assertThat(change(plan, "gAll").after()).isNotNull();
    assertThat(change(plan, "gKeys").after()).isNotNull();
    assertThat(change(plan, "gInc").after()).isNotNull();
    // sparse: no m1..m4, no l
    assertThat(change(plan, "gMulti").unchanged()).isTrue();
    assertThat(change(plan, "lsi").unchanged()).isTrue();
    List<WriteBatch.Change> changes = batch(plan, v1);
    assertThat(changes).hasSize(3).allSatisfy(c -> assertThat(c.value()).isNotNull());
    assertThat(plan.effects().globalIndexUnits())
        .containsOnlyKeys("gAll", "gKeys", "gInc")
        .containsEntry("gAll", 1.0);
    assertThat(plan.effects().localIndexUnits()).isEmpty();
  }

  @Test
  void plan_changeOfAnAttributeNoIndexProjects_writesOnlyTheAllProjection() {
    Map<String, AttrValue> v1 =
        item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'},'gs':{'N':'5'},'z':{'S':'one'}}");
    Map<String, AttrValue> v2 =
        item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'},'gs':{'N':'5'},'z':{'S':'two'}}");
    WritePlan plan = maintenance.plan(table, v1, v2);
    assertThat(change(plan, "gKeys").unchanged()).isTrue();
    assertThat(change(plan, "gInc").unchanged()).isTrue();
    assertThat(change(plan, "gAll").unchanged()).isFalse();
    List<WriteBatch.Change> changes = batch(plan, v2);
    assertThat(changes).hasSize(1);
    assertThat(changes.get(0).key()).isEqualTo(change(plan, "gAll").after().key());
    assertThat(plan.effects().globalIndexUnits()).containsOnlyKeys("gAll");
  }

  @Test
  void plan_identicalItem_writesNothing() {
    Map<String, AttrValue> v1 =
        item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'},'gs':{'N':'5'},'l':{'S':'L'}}");
    // the same attributes in another order are the same item
    Map<String, AttrValue> v2 =
        item("{'l':{'S':'L'},'gs':{'N':'5'},'g':{'S':'G'},'sk':{'S':'1'},'pk':{'S':'a'}}");
    WritePlan plan = maintenance.plan(table, v1, v2);
    assertThat(plan.changes()).allSatisfy(c -> assertThat(c.unchanged()).isTrue());
    assertThat(batch(plan, v2)).isEmpty();
    assertThat(plan.effects()).isEqualTo(WriteEffects.NONE);
    assertThat(plan.collectionDelta()).isZero();
  }

  @Test
  void plan_keyChange_deletesTheOldEntryAndPutsTheNewOne() {
    Map<String, AttrValue> v1 = item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G1'}}");
    Map<String, AttrValue> v2 = item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G2'}}");
    WritePlan plan = maintenance.plan(table, v1, v2);
    IndexChange keys = change(plan, "gKeys");
    assertThat(Arrays.equals(keys.before().key(), keys.after().key())).isFalse();
    WriteBatch b = new WriteBatch();
    keys.addTo(b, null, v2);
    assertThat(b.changes()).hasSize(2);
    assertThat(b.changes().get(0).key()).isEqualTo(keys.before().key());
    assertThat(b.changes().get(0).value()).isNull();
    assertThat(b.changes().get(1).key()).isEqualTo(keys.after().key());
    assertThat(keys.writeUnits()).isEqualTo(2.0);
  }

  @Test
  void plan_projectedValueChangeUnderTheSameKey_rewritesInPlace() {
    Map<String, AttrValue> v1 = item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'},'x':{'S':'1'}}");
    Map<String, AttrValue> v2 = item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'},'x':{'S':'2'}}");
    IndexChange inc = change(maintenance.plan(table, v1, v2), "gInc");
    WriteBatch b = new WriteBatch();
    inc.addTo(b, null, v2);
    assertThat(b.changes()).hasSize(1);
    assertThat(b.changes().get(0).value()).isNotNull();
    assertThat(inc.writeUnits()).isEqualTo(1.0);
  }

  @Test
  void plan_removedKeyAttribute_deletesTheEntry() {
    Map<String, AttrValue> v1 = item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'}}");
    Map<String, AttrValue> v2 = item("{'pk':{'S':'a'},'sk':{'S':'1'}}");
    IndexChange keys = change(maintenance.plan(table, v1, v2), "gKeys");
    assertThat(keys.after()).isNull();
    WriteBatch b = new WriteBatch();
    keys.addTo(b, null, v2);
    assertThat(b.changes()).singleElement().satisfies(c -> assertThat(c.value()).isNull());
    assertThat(keys.writeUnits()).isEqualTo(1.0);
  }

  @Test
  void plan_deletedItem_deletesEveryEntry() {
    Map<String, AttrValue> v1 =
        item(
            "{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'},'gs':{'N':'1'},'l':{'S':'L'},"
                + "'m1':{'S':'x'},'m2':{'N':'2'},'m3':{'S':'y'},'m4':{'B':'AQ=='}}");
    WritePlan plan = maintenance.plan(table, v1, null);
    List<WriteBatch.Change> changes = batch(plan, null);
    assertThat(changes).hasSize(5).allSatisfy(c -> assertThat(c.value()).isNull());
    assertThat(plan.effects().localIndexUnits()).containsEntry("lsi", 1.0);
    assertThat(plan.collectionDelta()).isNegative();
  }

  @Test
  void plan_unitsFollowTheProjectedSize() {
    String big = "x".repeat(1500);
    Map<String, AttrValue> v1 =
        item(
            "{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'},'gs':{'N':'1'},'z':{'S':'" + big + "'}}");
    WriteEffects effects = maintenance.plan(table, null, v1).effects();
    assertThat(effects.globalIndexUnits())
        .containsEntry("gAll", 2.0)
        .containsEntry("gKeys", 1.0)
        .containsEntry("gInc", 1.0);
    assertThat(effects.indexUnits()).isEqualTo(4.0);
  }

  @Test
  void plan_collectionDelta_countsTheItemAndItsLsiEntries() {
    Map<String, AttrValue> v1 = item("{'pk':{'S':'a'},'sk':{'S':'1'},'l':{'S':'L'}}");
    WritePlan plan = maintenance.plan(table, null, v1);
    // the item (pk 2+1, sk 2+1, l 1+1 = 8 bytes) and its ALL-projected LSI entry (the same)
    assertThat(plan.collectionDelta()).isEqualTo(16);
    assertThat(plan.partition()).isEqualTo(new AttrValue.S("a"));
  }

  @Test
  void plan_invalidIndexKey_isRefused() {
    Map<String, AttrValue> wrong = item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'N':'1'}}");
    assertThatThrownBy(() -> maintenance.plan(table, null, wrong))
        .isInstanceOfSatisfying(
            EngineException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.VALIDATION));
  }

  @Test
  void plan_oldItemWithAnAttributeTheIndexCannotTake_hadNoEntry() {
    // written before the index existed: g is a number, so the item never was in gKeys
    Map<String, AttrValue> v1 = item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'N':'1'}}");
    Map<String, AttrValue> v2 = item("{'pk':{'S':'a'},'sk':{'S':'1'},'g':{'S':'G'}}");
    IndexChange keys = change(maintenance.plan(table, v1, v2), "gKeys");
    assertThat(keys.before()).isNull();
    assertThat(keys.after()).isNotNull();
  }

  @Test
  void plan_tableWithoutIndexes_isEmpty() {
    fx.call(
            "CreateTable",
            "{'TableName':'plain','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':["
                + IndexFixture.def("pk", "S")
                + "],'KeySchema':["
                + IndexFixture.key("pk", "HASH")
                + "]}")
        .ok();
    WritePlan plan = maintenance.plan(fx.table("plain"), null, item("{'pk':{'S':'a'}}"));
    assertThat(plan.changes()).isEmpty();
    assertThat(plan.effects()).isEqualTo(WriteEffects.NONE);
  }

  @Test
  void reserve_refusesGrowthBeyondTheLimit_andReleaseGivesSpaceBack() {
    // each item and its LSI entry take 16 bytes: two fit, the third does not
    maintenance.itemCollectionLimitBytes(40);
    Map<String, AttrValue> v1 = item("{'pk':{'S':'a'},'sk':{'S':'1'},'l':{'S':'L'}}");
    Map<String, AttrValue> v2 = item("{'pk':{'S':'a'},'sk':{'S':'2'},'l':{'S':'L'}}");
    Map<String, AttrValue> v3 = item("{'pk':{'S':'a'},'sk':{'S':'3'},'l':{'S':'L'}}");
    IndexMaintenance.Reservation first =
        maintenance.reserve(List.of(maintenance.plan(table, null, v1)));
    maintenance.reserve(List.of(maintenance.plan(table, null, v2)));
    assertThatThrownBy(() -> maintenance.reserve(List.of(maintenance.plan(table, null, v3))))
        .isInstanceOfSatisfying(
            EngineException.class,
            e -> {
              assertThat(e.type()).isEqualTo(ErrorType.ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED);
              assertThat(e.getMessage()).isEqualTo("Collection size exceeded.");
            });
    // another collection is not affected
    maintenance.reserve(
        List.of(
            maintenance.plan(table, null, item("{'pk':{'S':'b'},'sk':{'S':'1'},'l':{'S':'L'}}"))));
    first.release();
    maintenance.reserve(List.of(maintenance.plan(table, null, v3)));
  }

  @Test
  void reserve_judgesABatchByItsNetEffectPerCollection() {
    maintenance.itemCollectionLimitBytes(20);
    Map<String, AttrValue> v1 = item("{'pk':{'S':'a'},'sk':{'S':'1'},'l':{'S':'L'}}");
    Map<String, AttrValue> v2 = item("{'pk':{'S':'a'},'sk':{'S':'2'},'l':{'S':'L'}}");
    maintenance.reserve(List.of(maintenance.plan(table, null, v1)));
    // adding v2 alone would exceed 20 bytes; adding it while removing v1 does not
    maintenance.reserve(
        List.of(maintenance.plan(table, null, v2), maintenance.plan(table, v1, null)));
    assertThat(maintenance.itemCollectionMetrics(table, Map.of("pk", new AttrValue.S("a"))))
        .containsEntry("ItemCollectionKey", Map.of("pk", new AttrValue.S("a")))
        .containsEntry("SizeEstimateRangeGB", List.of(0.0, 1.0));
  }
}
