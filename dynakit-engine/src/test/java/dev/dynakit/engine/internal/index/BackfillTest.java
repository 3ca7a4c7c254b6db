package dev.dynakit.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.item.HeldLocks;
import dev.dynakit.engine.internal.item.KeyFactory;
import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.table.IndexDef;
import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemCodec;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** UpdateTable adding a GSI to a populated table (backfill) and dropping one. */
class BackfillTest {
  private static final String CREATE_BY_C =
      "{'TableName':'bft','AttributeDefinitions':["
          + IndexFixture.def("c", "S")
          + "],'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'byC','KeySchema':["
          + IndexFixture.key("c", "HASH")
          + "],'Projection':{'ProjectionType':'INCLUDE','NonKeyAttributes':['v']}}}]}";

  private IndexFixture fx;

  @BeforeEach
  void setUp() {
    fx = new IndexFixture();
    createEmptyTable("bft");
  }

  private void createEmptyTable(String name) {
    fx.call(
            "CreateTable",
            "{'TableName':'"
                + name
                + "','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':["
                + IndexFixture.def("pk", "S")
                + "],'KeySchema':["
                + IndexFixture.key("pk", "HASH")
                + "]}")
        .ok();
  }

  @AfterEach
  void tearDown() {
    fx.close();
  }

  private String status(String index) {
    Map<String, Object> t = fx.call("DescribeTable", "{'TableName':'bft'}").ok().map("Table");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> gsis = (List<Map<String, Object>>) t.get("GlobalSecondaryIndexes");
    return gsis == null
        ? null
        : gsis.stream()
            .filter(g -> g.get("IndexName").equals(index))
            .map(g -> (String) g.get("IndexStatus"))
            .findFirst()
            .orElse(null);
  }

  /** The backfill threads alive now (the engine names them dynakit-backfill-TABLE-INDEX). */
  private static Set<Thread> backfillThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("dynakit-backfill-") && t.isAlive())
        .collect(Collectors.toCollection(HashSet::new));
  }

  /**
   * Runs an UpdateTable that creates an index, and returns the backfill thread it started, if that
   * is still running when UpdateTable returns (none on an empty table, or one already done).
   */
  private Optional<Thread> createIndex(String updateTable) {
    Set<Thread> before = backfillThreads();
    fx.call("UpdateTable", updateTable).ok();
    Set<Thread> started = backfillThreads();
    started.removeAll(before);
    assertThat(started).hasSizeLessThanOrEqualTo(1);
    return started.stream().findFirst();
  }

  /** Waits for the backfill to end (not for some time to pass): its index must then be ACTIVE. */
  private static void finish(Optional<Thread> backfill) throws InterruptedException {
    if (backfill.isPresent()) {
      backfill.get().join(60_000);
      assertThat(backfill.get().isAlive()).as("the backfill never ended").isFalse();
    }
  }

  private void createByCAndAwaitActive() throws InterruptedException {
    finish(createIndex(CREATE_BY_C));
    assertThat(status("byC")).isEqualTo("ACTIVE");
  }

  /** Waits, yielding, until {@code done} holds; fails after a minute. */
  private static void until(String what, BooleanSupplier done) {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!done.getAsBoolean()) {
      assertThat(System.nanoTime()).as(what).isLessThan(deadline);
      Thread.yield();
    }
  }

  private void put(int i, String c) {
    String attr = c == null ? "" : ",'c':{'S':'" + c + "'}";
    fx.put("bft", "{'pk':{'S':'k" + i + "'},'v':{'N':'" + i + "'}" + attr + "}").ok();
  }

  /** What the index must hold: the entry of every item, computed afresh, by storage key. */
  private Map<String, Map<String, AttrValue>> expectedEntries(Table table, IndexDef index) {
    Map<String, Map<String, AttrValue>> expected = new HashMap<>();
    byte[][] range = KeyCodec.indexRange(table.storeId(), 0);
    try (StoreCursor c = fx.state().store().scan(range[0], range[1], false)) {
      while (c.hasNext()) {
        StoreEntry e = c.next();
        IndexEntry entry =
            IndexEntries.entry(table, table.def(), index, ItemCodec.decode(e.value()));
        if (entry != null) {
          expected.put(java.util.HexFormat.of().formatHex(entry.key()), entry.projected());
        }
      }
    }
    return expected;
  }

  private Map<String, Map<String, AttrValue>> storedEntries(Table table, IndexDef index) {
    Map<String, Map<String, AttrValue>> stored = new HashMap<>();
    byte[][] range = KeyCodec.indexRange(table.storeId(), table.indexStoreNo(index.name()));
    try (StoreCursor c = fx.state().store().scan(range[0], range[1], false)) {
      while (c.hasNext()) {
        StoreEntry e = c.next();
        stored.put(java.util.HexFormat.of().formatHex(e.key()), ItemCodec.decode(e.value()));
      }
    }
    return stored;
  }

  @Test
  void createGsi_onPopulatedTable_backfillsEveryIndexableItem() throws Exception {
    for (int i = 0; i < 300; i++) {
      put(i, i % 3 == 0 ? null : "c" + (i % 7));
    }
    // written before the index existed: a number where the index wants a string stays out of it
    fx.put("bft", "{'pk':{'S':'wrong'},'c':{'N':'1'}}").ok();
    createByCAndAwaitActive();
    Table table = fx.table("bft");
    IndexDef index = table.def().index("byC");
    assertThat(index.backfilling()).isFalse();
    Map<String, Map<String, AttrValue>> stored = storedEntries(table, index);
    assertThat(stored).hasSize(200).isEqualTo(expectedEntries(table, index));
    assertThat(stored.values()).allSatisfy(v -> assertThat(v).containsOnlyKeys("pk", "c", "v"));
    assertThat(table.indexItemCount("byC").get()).isEqualTo(200);
  }

  @Test
  void createGsi_onEmptyTable_isActiveAtOnce() {
    Map<String, Object> d = fx.call("UpdateTable", CREATE_BY_C).ok().map("TableDescription");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> gsis = (List<Map<String, Object>>) d.get("GlobalSecondaryIndexes");
    assertThat(gsis.get(0)).containsEntry("IndexStatus", "ACTIVE");
    put(1, "x");
    assertThat(fx.entries("bft", "byC")).hasSize(1);
  }

  @Test
  void createGsi_withConcurrentWrites_indexMatchesTheItemsExactly() throws Exception {
    int keys = 2000;
    for (int i = 0; i < keys; i++) {
      put(i, "c" + (i % 5));
    }
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong writes = new AtomicLong();
    List<Thread> writers = new ArrayList<>();
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < 4; t++) {
      Thread w =
          new Thread(
              () -> {
                ThreadLocalRandom r = ThreadLocalRandom.current();
                try {
                  while (!stop.get()) {
                    int i = r.nextInt(keys);
                    switch (r.nextInt(4)) {
                      case 0 ->
                          fx.call(
                                  "DeleteItem",
                                  "{'TableName':'bft','Key':{'pk':{'S':'k" + i + "'}}}")
                              .ok();
                      case 1 ->
                          fx.call(
                                  "UpdateItem",
                                  "{'TableName':'bft','Key':{'pk':{'S':'k"
                                      + i
                                      + "'}},'UpdateExpression':'REMOVE c'}")
                              .ok();
                      default -> put(i, "c" + r.nextInt(9));
                    }
                    writes.incrementAndGet();
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              });
      writers.add(w);
      w.start();
    }
    // writes before, during and after the backfill: counted, not timed
    until("the writers never wrote", () -> writes.get() >= 200 || !failures.isEmpty());
    long beforeBackfill = writes.get();
    Optional<Thread> backfill = createIndex(CREATE_BY_C);
    until(
        "no write during the backfill", () -> writes.get() > beforeBackfill || !failures.isEmpty());
    finish(backfill);
    assertThat(status("byC")).isEqualTo("ACTIVE");
    long afterBackfill = writes.get();
    until(
        "no write after the backfill",
        () -> writes.get() >= afterBackfill + 200 || !failures.isEmpty());
    stop.set(true);
    for (Thread w : writers) {
      w.join();
    }
    assertThat(failures).isEmpty();
    Table table = fx.table("bft");
    IndexDef index = table.def().index("byC");
    Map<String, Map<String, AttrValue>> stored = storedEntries(table, index);
    assertThat(stored).isEqualTo(expectedEntries(table, index));
    assertThat(table.indexItemCount("byC").get()).isEqualTo(stored.size());
    long bytes = 0;
    for (Map<String, AttrValue> v : stored.values()) {
      bytes += dev.dynakit.engine.internal.value.ItemSize.itemSize(v);
    }
    assertThat(table.indexSizeBytes("byC").get()).isEqualTo(bytes);
  }

  @Test
  void deleteGsi_erasesItsEntries_andARecreatedIndexStartsAfresh() throws Exception {
    for (int i = 0; i < 50; i++) {
      put(i, "c" + i);
    }
    createByCAndAwaitActive();
    Table table = fx.table("bft");
    int oldNo = table.indexStoreNo("byC");
    assertThat(fx.rawCount(table, oldNo)).isEqualTo(50);

    fx.call(
            "UpdateTable",
            "{'TableName':'bft','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'byC'}}]}")
        .ok();
    assertThat(fx.rawCount(table, oldNo)).isZero();
    assertThat(status("byC")).isNull();
    put(100, "after");
    assertThat(fx.rawCount(table, oldNo)).isZero();

    createByCAndAwaitActive();
    assertThat(table.indexStoreNo("byC")).isNotEqualTo(oldNo);
    assertThat(fx.entries("bft", "byC")).hasSize(51);
    assertThat(table.indexItemCount("byC").get()).isEqualTo(51);
  }

  @Test
  void deleteGsi_whileItBackfills_stopsTheBackfillAndErasesWhatItWrote() throws Exception {
    for (int i = 0; i < 50; i++) {
      put(i, "c" + i);
    }
    Table table = fx.table("bft");
    // Holding one item's lock stops the backfill when it reaches that item, so the index stays
    // CREATING. This thread's own UpdateTable does not wait for it (the caller's own locks).
    HeldLocks held =
        fx.state().items().lock(KeyFactory.fromKey(table, Map.of("pk", new AttrValue.S("k25"))));
    Thread deleter;
    AtomicReference<Object> deleteAnswer = new AtomicReference<>();
    int oldNo;
    Thread backfill;
    try {
      backfill = createIndex(CREATE_BY_C).orElseThrow();
      assertThat(status("byC")).isEqualTo("CREATING");
      assertThat(table.def().index("byC").backfilling()).isTrue();
      oldNo = table.indexStoreNo("byC");

      // another index change while one is in progress is refused, as DynamoDB does
      fx.call(
              "UpdateTable",
              "{'TableName':'bft','AttributeDefinitions':["
                  + IndexFixture.def("v", "N")
                  + "],'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'byV','KeySchema':["
                  + IndexFixture.key("v", "HASH")
                  + "],'Projection':{'ProjectionType':'KEYS_ONLY'}}}]}")
          .refused(
              "LimitExceededException",
              "Subscriber limit exceeded: Only 1 online index can be created or deleted"
                  + " simultaneously per table");

      // deleting the backfilling index itself is allowed; it waits for the backfill to stop
      deleter =
          new Thread(
              () ->
                  deleteAnswer.set(
                      fx.call(
                          "UpdateTable",
                          "{'TableName':'bft','GlobalSecondaryIndexUpdates':"
                              + "[{'Delete':{'IndexName':'byC'}}]}")));
      deleter.start();
      until("index still declared", () -> table.def().index("byC") == null);
    } finally {
      held.close();
    }
    deleter.join(10_000);
    assertThat(deleter.isAlive()).isFalse();
    assertThat(((IndexFixture.Answer) deleteAnswer.get()).status()).isEqualTo(200);
    assertThat(status("byC")).isNull();
    assertThat(fx.rawCount(table, oldNo)).isZero();
    finish(Optional.of(backfill));
    // the stopped backfill, now ended, neither marked a later index of the name ACTIVE nor wrote
    assertThat(fx.rawCount(table, oldNo)).isZero();
    assertThat(table.def().index("byC")).isNull();

    createByCAndAwaitActive();
    assertThat(fx.entries("bft", "byC")).hasSize(50);
    assertThat(table.indexItemCount("byC").get()).isEqualTo(50);
  }

  private void createTable(String name) {
    createEmptyTable(name);
    fx.put(name, "{'pk':{'S':'k1'},'c':{'S':'x'}}").ok();
    fx.put(name, "{'pk':{'S':'k2'},'c':{'S':'x'}}").ok();
  }

  /** Locks both items of a table made by {@link #createTable(String)}: its backfill waits. */
  private List<HeldLocks> lockItems(Table table) {
    List<HeldLocks> locks = new ArrayList<>();
    for (String pk : List.of("k1", "k2")) {
      locks.add(
          fx.state().items().lock(KeyFactory.fromKey(table, Map.of("pk", new AttrValue.S(pk)))));
    }
    return locks;
  }

  private String createByC(String table, String index) {
    return "{'TableName':'"
        + table
        + "','AttributeDefinitions':["
        + IndexFixture.def("c", "S")
        + "],'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'"
        + index
        + "','KeySchema':["
        + IndexFixture.key("c", "HASH")
        + "],'Projection':{'ProjectionType':'KEYS_ONLY'}}}]}";
  }

  @Test
  void deleteGsi_whileItBackfills_stopsOnlyItsOwnBackfill() throws Exception {
    // names that, joined with dashes, would read the same for both backfills: "aaa" with index
    // "<n>-xyz", and "aaa-<m>" with index "xyz", where m and n are the tables' store ids
    createTable("aaa");
    long first = fx.table("aaa").storeId();
    createTable("aaa-" + first);
    Table other = fx.table("aaa-" + first);
    String index = other.storeId() + "-xyz";
    Table table = fx.table("aaa");
    // both items of both tables: each backfill waits at its first item, and sees a cancellation
    // before its second
    List<HeldLocks> held = new ArrayList<>(lockItems(table));
    held.addAll(lockItems(other));
    Thread deleter;
    Thread otherBackfill;
    try {
      createIndex(createByC("aaa", index)).orElseThrow();
      otherBackfill = createIndex(createByC(other.name(), "xyz")).orElseThrow();
      assertThat(table.def().index(index).status()).isEqualTo("CREATING");
      assertThat(other.def().index("xyz").status()).isEqualTo("CREATING");
      deleter =
          new Thread(
              () ->
                  fx.call(
                          "UpdateTable",
                          "{'TableName':'aaa','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'"
                              + index
                              + "'}}]}")
                      .ok());
      deleter.start();
      until("index still declared", () -> table.def().index(index) == null);
    } finally {
      for (HeldLocks lock : held) {
        lock.close();
      }
    }
    deleter.join(10_000);
    assertThat(deleter.isAlive()).isFalse();
    // the other table's backfill went on and finished
    finish(Optional.of(otherBackfill));
    assertThat(other.def().index("xyz").status()).isEqualTo("ACTIVE");
    assertThat(fx.entries(other.name(), "xyz")).hasSize(2);
  }
}
