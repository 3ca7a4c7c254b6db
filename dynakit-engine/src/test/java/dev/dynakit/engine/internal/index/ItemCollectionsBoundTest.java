package dev.dynakit.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The item-collection sizes of a table with an LSI are bounded: at most a capacity of them is kept
 * (beyond those with a write in flight), the others are counted again from the store when needed,
 * and the limit and the sizes come out exactly as if every size were kept.
 */
class ItemCollectionsBoundTest {
  private IndexFixture fx;
  private IndexMaintenance maintenance;
  private Table table;

  @BeforeEach
  void setUp() {
    fx = new IndexFixture();
    fx.createIndexedTable();
    table = fx.table("idx");
    maintenance = fx.state().items().indexes();
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private static String item(String pk, String sk, String l) {
    return "{'pk':{'S':'"
        + pk
        + "'},'sk':{'S':'"
        + sk
        + "'}"
        + (l == null ? "" : ",'l':{'S':'" + l + "'}")
        + "}";
  }

  @Test
  void sizesKept_stayWithinTheCapacity_whileTheTableGrowsPastIt() {
    maintenance.itemCollectionCapacity(100);
    for (int p = 0; p < 1_000; p++) {
      fx.put("idx", item("p" + p, "s", "L")).ok();
    }
    assertThat(maintenance.heldCollections(table)).isLessThanOrEqualTo(100);
    for (int p = 0; p < 1_000; p++) {
      fx.call("DeleteItem", "{'TableName':'idx','Key':{'pk':{'S':'p" + p + "'},'sk':{'S':'s'}}}")
          .ok();
    }
    assertThat(maintenance.heldCollections(table)).isLessThanOrEqualTo(100);
  }

  @Test
  void sizesCountedFromTheStore_equalTheSizesKeptThroughEveryWrite() {
    // a twin engine keeps every size; this one forgets each as soon as no write is in flight
    IndexFixture keeping = new IndexFixture();
    try {
      keeping.createIndexedTable();
      maintenance.itemCollectionCapacity(0);
      SplittableRandom random = new SplittableRandom(7);
      for (int i = 0; i < 600; i++) {
        String pk = "p" + random.nextInt(8);
        String sk = "s" + random.nextInt(10);
        String write;
        String json;
        if (random.nextInt(4) == 0) {
          write = "DeleteItem";
          json = "{'TableName':'idx','Key':{'pk':{'S':'" + pk + "'},'sk':{'S':'" + sk + "'}}}";
        } else {
          write = "PutItem";
          // with or without the LSI's key, of a changing length
          String l = random.nextBoolean() ? null : "L".repeat(1 + random.nextInt(40));
          json = "{'TableName':'idx','Item':" + item(pk, sk, l) + "}";
        }
        fx.call(write, json).ok();
        keeping.call(write, json).ok();
      }
      for (int p = 0; p < 8; p++) {
        AttrValue partition = new AttrValue.S("p" + p);
        assertThat(maintenance.collectionSize(table, partition))
            .as("p" + p)
            .isEqualTo(
                keeping.state().items().indexes().collectionSize(keeping.table("idx"), partition));
      }
      assertThat(maintenance.heldCollections(table)).isZero();
    } finally {
      keeping.close();
    }
  }

  @Test
  void aSizeWithWritesInFlight_isNeverForgotten() {
    maintenance.itemCollectionCapacity(0);
    // each item and its LSI entry take 16 bytes: two fit, the third does not
    maintenance.itemCollectionLimitBytes(40);
    Map<String, AttrValue> v1 = IndexFixture.item(item("a", "1", "L"));
    Map<String, AttrValue> v2 = IndexFixture.item(item("a", "2", "L"));
    Map<String, AttrValue> v3 = IndexFixture.item(item("a", "3", "L"));
    // reserved, not yet in the store
    maintenance.reserve(List.of(maintenance.plan(table, null, v1)));
    maintenance.reserve(List.of(maintenance.plan(table, null, v2)));
    for (int p = 0; p < 50; p++) {
      Map<String, AttrValue> other = IndexFixture.item(item("o" + p, "1", "L"));
      maintenance.reserve(List.of(maintenance.plan(table, null, other))).release();
    }
    assertThat(maintenance.heldCollections(table)).isEqualTo(1);
    // counted from the store, "a" would be empty and take v3
    assertThatThrownBy(() -> maintenance.reserve(List.of(maintenance.plan(table, null, v3))))
        .isInstanceOfSatisfying(
            EngineException.class,
            e -> assertThat(e.type()).isEqualTo(ErrorType.ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED));
  }

  @Test
  void theLimit_holdsForACollectionWhoseSizeWasForgotten() {
    maintenance.itemCollectionCapacity(0);
    fx.put("idx", item("p", "1", "x".repeat(900))).ok();
    fx.put("idx", item("p", "2", "x".repeat(900))).ok();
    assertThat(maintenance.heldCollections(table)).isZero();
    // room for 200 more bytes (an item counts twice: the LSI projects it whole)
    long counted = maintenance.collectionSize(table, new AttrValue.S("p"));
    assertThat(counted).isGreaterThan(3_600);
    maintenance.itemCollectionLimitBytes(counted + 200);
    assertThat(maintenance.heldCollections(table)).isZero();
    fx.put("idx", item("p", "3", "x".repeat(120)))
        .refused("ItemCollectionSizeLimitExceededException", "Collection size exceeded.");
    assertThat(
            fx.call(
                    "PutItem",
                    "{'TableName':'idx','ReturnItemCollectionMetrics':'SIZE','Item':"
                        + item("p", "3", "x".repeat(60))
                        + "}")
                .ok()
                .map("ItemCollectionMetrics"))
        .containsEntry("SizeEstimateRangeGB", List.of(0.0, 1.0));
  }
}
