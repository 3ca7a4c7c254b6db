package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.internal.storage.rocksdb.RocksStore;
import dev.dynakit.engine.storage.OrderedStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An on-disk engine's item counts and sizes (DescribeTable's ItemCount, TableSizeBytes and each
 * index's) after a restart: read from what a clean close saved, without reading the items, and
 * counted again after a crash, exact both ways.
 */
class OnDiskCountersTest {
  private static final int ITEMS = 600;

  @TempDir Path directory;

  @Test
  void cleanClose_thenOpen_readsExactCountersWithoutCountingTheItems() {
    Counters before;
    try (DynakitEngine engine = engine(new CountingStore(RocksStore.open(directory, false)))) {
      JsonCalls calls = new JsonCalls(engine);
      calls.createTableWithIndex("orders");
      write(calls, 0, ITEMS);
      before = Counters.of(calls);
    }
    // every seventh of 0..599 deleted (86), and p3
    assertThat(before.items()).isEqualTo(ITEMS - 86 - 1);

    CountingStore counting = new CountingStore(RocksStore.open(directory, false));
    try (DynakitEngine engine = engine(counting)) {
      // the catalog's records and one key per table: nothing of the 600 items or index entries
      assertThat(counting.cursorEntries()).isLessThan(20);
      JsonCalls calls = new JsonCalls(engine);
      assertThat(Counters.of(calls)).isEqualTo(before);
      assertThat(scanCount(calls, "{'TableName':'orders'}")).isEqualTo(before.items());
      assertThat(scanCount(calls, "{'TableName':'orders','IndexName':'byG'}"))
          .isEqualTo(before.indexItems());
    }
  }

  @Test
  void crash_afterAnOpenFromSavedCounters_countsAgainExactly() {
    try (DynakitEngine engine = engine(RocksStore.open(directory, false))) {
      JsonCalls calls = new JsonCalls(engine);
      calls.createTableWithIndex("orders");
      write(calls, 0, ITEMS);
    }
    Counters beforeCrash;
    RocksStore dying = RocksStore.open(directory, false);
    DynakitEngine crashed = engine(dying);
    JsonCalls calls = new JsonCalls(crashed);
    // changes after the open that read the saved counters: a new record must not be trusted
    write(calls, ITEMS / 2, ITEMS + 100);
    beforeCrash = Counters.of(calls);
    // the store dies under the engine, as with a killed process: nothing more reaches the disk, and
    // the engine's close can save nothing
    dying.close();
    assertThatThrownBy(crashed::close).isInstanceOf(IllegalStateException.class);

    CountingStore counting = new CountingStore(RocksStore.open(directory, false));
    try (DynakitEngine engine = engine(counting)) {
      // no saved counters: every item and index entry was counted
      assertThat(counting.cursorEntries()).isGreaterThanOrEqualTo(beforeCrash.items());
      JsonCalls reopened = new JsonCalls(engine);
      assertThat(Counters.of(reopened)).isEqualTo(beforeCrash);
      assertThat(scanCount(reopened, "{'TableName':'orders'}")).isEqualTo(beforeCrash.items());
    }
  }

  private static DynakitEngine engine(OrderedStore store) {
    return DynakitEngine.builder().store(store).build();
  }

  /**
   * Puts items {@code from} to {@code to - 1} (each with a GSI key when its number is even), then
   * deletes every seventh and grows one, so that counts and sizes move both ways.
   */
  private static void write(JsonCalls calls, int from, int to) {
    for (int i = from; i < to; i++) {
      String g = i % 2 == 0 ? ",'g':{'S':'g" + (i % 5) + "'}" : "";
      calls
          .call(
              "PutItem",
              "{'TableName':'orders','Item':{'pk':{'S':'p"
                  + i
                  + "'},'n':{'N':'"
                  + i
                  + "'}"
                  + g
                  + "}}")
          .ok();
    }
    for (int i = from; i < to; i += 7) {
      calls.call("DeleteItem", "{'TableName':'orders','Key':{'pk':{'S':'p" + i + "'}}}").ok();
    }
    calls
        .call(
            "PutItem",
            "{'TableName':'orders','Item':{'pk':{'S':'p"
                + (from + 1)
                + "'},'g':{'S':'big'},"
                + "'text':{'S':'"
                + "x".repeat(500)
                + "'}}}")
        .ok();
    calls.call("DeleteItem", "{'TableName':'orders','Key':{'pk':{'S':'p" + (from + 3) + "'}}}");
  }

  private static long scanCount(JsonCalls calls, String scan) {
    return ((Number)
            calls.call("Scan", scan.replace("}", ",'Select':'COUNT'}")).ok().body().get("Count"))
        .longValue();
  }

  /** DescribeTable's counters of the table and of its GSI {@code byG}. */
  record Counters(long items, long bytes, long indexItems, long indexBytes) {
    @SuppressWarnings("unchecked")
    static Counters of(JsonCalls calls) {
      Map<String, Object> table =
          (Map<String, Object>)
              calls.call("DescribeTable", "{'TableName':'orders'}").ok().body().get("Table");
      Map<String, Object> index =
          ((List<Map<String, Object>>) table.get("GlobalSecondaryIndexes")).get(0);
      return new Counters(
          number(table.get("ItemCount")),
          number(table.get("TableSizeBytes")),
          number(index.get("ItemCount")),
          number(index.get("IndexSizeBytes")));
    }

    private static long number(Object n) {
      return ((Number) n).longValue();
    }
  }
}
