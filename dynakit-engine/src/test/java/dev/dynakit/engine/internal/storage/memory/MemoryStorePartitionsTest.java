package dev.dynakit.engine.internal.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.keys.KeyCodec;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.storage.Snapshot;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The memory store groups a table's keys in partitions by their 17-byte header, creates and frees
 * partitions as keys come and go, and reads stay right while a partition is freed and made again.
 */
class MemoryStorePartitionsTest {
  private static final long TABLE = 7;
  private static final long OTHER_TABLE = 8;
  private final MemoryStore store = new MemoryStore();

  @AfterEach
  void close() {
    store.close();
  }

  private static byte[] itemKey(long table, String pk, String sk) {
    return KeyCodec.itemKey(table, new AttrValue.S(pk), new AttrValue.S(sk));
  }

  private static List<StoreEntry> read(StoreCursor cursor) {
    List<StoreEntry> out = new ArrayList<>();
    try (cursor) {
      cursor.forEachRemaining(out::add);
    }
    return out;
  }

  @Test
  void deletingATablesItems_freesItsPartitions() {
    WriteBatch load = new WriteBatch();
    for (int p = 0; p < 50; p++) {
      for (int s = 0; s < 4; s++) {
        load.put(itemKey(TABLE, "p" + p, "s" + s), new byte[] {(byte) s});
      }
    }
    load.put(itemKey(OTHER_TABLE, "p0", "s0"), new byte[] {9});
    store.apply(load);
    assertThat(store.partitionsHeld()).isEqualTo(51);

    // as DeleteTable's eraser does: read the table's range, delete what it found
    byte[][] range = KeyCodec.tableRange(TABLE);
    WriteBatch erase = new WriteBatch();
    read(store.scan(range[0], range[1], false)).forEach(e -> erase.delete(e.key()));
    store.apply(erase);

    assertThat(store.partitionsHeld()).isEqualTo(1);
    assertThat(store.keysHeld()).isEqualTo(1);
    assertThat(read(store.scan(null, null, false)))
        .extracting(StoreEntry::key)
        .containsExactly(itemKey(OTHER_TABLE, "p0", "s0"));
  }

  @Test
  void anOpenSnapshot_keepsAFreedPartitionReadable_untilClosed() {
    byte[][] partition = KeyCodec.partitionRange(TABLE, 0, List.of(new AttrValue.S("p")));
    store.apply(
        new WriteBatch()
            .put(itemKey(TABLE, "p", "a"), new byte[] {1})
            .put(itemKey(TABLE, "p", "b"), new byte[] {2}));
    Snapshot snapshot = store.snapshot();
    store.apply(new WriteBatch().delete(itemKey(TABLE, "p", "a")).delete(itemKey(TABLE, "p", "b")));
    assertThat(read(store.scan(partition[0], partition[1], false))).isEmpty();
    assertThat(store.partitionsHeld()).isEqualTo(1);
    assertThat(read(snapshot.scan(partition[0], partition[1], true)))
        .extracting(StoreEntry::value)
        .containsExactly(new byte[] {2}, new byte[] {1});

    snapshot.close();
    // the next batch collects what the snapshot held, the partition with its last key
    store.apply(new WriteBatch().put(itemKey(OTHER_TABLE, "q", "a"), new byte[] {3}));
    assertThat(store.partitionsHeld()).isEqualTo(1);
    assertThat(store.get(itemKey(TABLE, "p", "a"))).isNull();
  }

  @Test
  void aPartitionOfOneKey_holdsItInline_andASecondKeyMakesItASkipList_readersOfEitherFormRight() {
    byte[] first = itemKey(TABLE, "p", "a");
    byte[] second = itemKey(TABLE, "p", "b");
    byte[][] partition = KeyCodec.partitionRange(TABLE, 0, List.of(new AttrValue.S("p")));
    store.apply(new WriteBatch().put(first, new byte[] {1}));
    store.apply(new WriteBatch().put(first, new byte[] {2}));
    assertThat(store.partitionIsSkipList(first)).isFalse();
    try (Snapshot one = store.snapshot()) {
      store.apply(new WriteBatch().put(second, new byte[] {3}));
      assertThat(store.partitionIsSkipList(first)).isTrue();
      store.apply(new WriteBatch().put(first, new byte[] {4}));

      // the snapshot, taken while the partition held one key inline, still reads that instant
      assertThat(one.get(first)).containsExactly(2);
      assertThat(one.get(second)).isNull();
      assertThat(read(one.scan(partition[0], partition[1], true)))
          .extracting(e -> e.value()[0])
          .containsExactly((byte) 2);
    }
    assertThat(read(store.scan(partition[0], partition[1], false)))
        .extracting(e -> e.value()[0])
        .containsExactly((byte) 4, (byte) 3);
    assertThat(store.get(first)).containsExactly(4);

    // deleting both frees the partition; a new first key is inline again
    store.apply(new WriteBatch().delete(first).delete(second));
    assertThat(store.partitionsHeld()).isZero();
    store.apply(new WriteBatch().put(second, new byte[] {5}));
    assertThat(store.partitionIsSkipList(second)).isFalse();
    assertThat(read(store.scan(partition[0], partition[1], false)))
        .extracting(e -> e.value()[0])
        .containsExactly((byte) 5);
  }

  @Test
  void theInlineKey_isClippedByTheRangeOfAScan_likeAnyOther() {
    byte[] only = itemKey(TABLE, "p", "m");
    store.apply(new WriteBatch().put(only, new byte[] {1}));
    assertThat(read(store.scan(itemKey(TABLE, "p", "a"), itemKey(TABLE, "p", "m"), false)))
        .isEmpty();
    assertThat(read(store.scan(itemKey(TABLE, "p", "n"), itemKey(TABLE, "p", "z"), true)))
        .isEmpty();
    assertThat(read(store.scan(only, itemKey(TABLE, "p", "n"), false))).hasSize(1);
    assertThat(read(store.scan(null, null, true))).hasSize(1);
  }

  @Test
  void headersOfTheSamePartitionKeyInTwoTables_areTwoPartitions() {
    // the same partition hash in both headers: only the store id tells them apart
    store.apply(
        new WriteBatch()
            .put(itemKey(TABLE, "p", "a"), new byte[] {1})
            .put(itemKey(OTHER_TABLE, "p", "a"), new byte[] {2}));
    assertThat(store.partitionsHeld()).isEqualTo(2);
    assertThat(store.get(itemKey(TABLE, "p", "a"))).containsExactly(1);
    assertThat(store.get(itemKey(OTHER_TABLE, "p", "a"))).containsExactly(2);
  }

  private static final int KEYS = 5;
  private static final int ROUNDS = 20_000;

  /**
   * One writer fills a partition in one batch and empties it in the next, over and over, so that
   * the partition is freed and made again while readers query it (by its range, as a Query does),
   * scan across it and read it by snapshots: each read must see the whole batch or nothing.
   */
  @Test
  void aPartitionFreedAndMadeAgain_isReadWholeOrEmpty_byConcurrentReaders() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    AtomicBoolean writing = new AtomicBoolean(true);
    try {
      Future<?> writer = pool.submit(() -> churn(writing));
      Future<Integer> queries = pool.submit(() -> readWhole(writing, false));
      Future<Integer> snapshots = pool.submit(() -> readWhole(writing, true));
      writer.get(120, TimeUnit.SECONDS);
      assertThat(queries.get(60, TimeUnit.SECONDS)).isPositive();
      assertThat(snapshots.get(60, TimeUnit.SECONDS)).isPositive();
    } finally {
      writing.set(false);
      pool.shutdownNow();
    }
    // the last emptying may have been held by a reader: the next batch collects it
    store.apply(new WriteBatch().delete(itemKey(OTHER_TABLE, "absent", "absent")));
    assertThat(store.partitionsHeld()).isZero();
    assertThat(store.keysHeld()).isZero();
  }

  private Void churn(AtomicBoolean writing) {
    for (int round = 0; round < ROUNDS; round++) {
      WriteBatch fill = new WriteBatch();
      WriteBatch empty = new WriteBatch();
      for (int k = 0; k < KEYS; k++) {
        fill.put(itemKey(TABLE, "p", "s" + k), new byte[] {(byte) round, (byte) (round >> 8)});
        empty.delete(itemKey(TABLE, "p", "s" + k));
      }
      store.apply(fill);
      store.apply(empty);
    }
    writing.set(false);
    return null;
  }

  private int readWhole(AtomicBoolean writing, boolean bySnapshot) {
    byte[][] partition = KeyCodec.partitionRange(TABLE, 0, List.of(new AttrValue.S("p")));
    byte[][] table = KeyCodec.tableRange(TABLE);
    int reads = 0;
    while (writing.get() || reads == 0) {
      boolean reverse = reads % 2 == 0;
      if (bySnapshot) {
        try (Snapshot snapshot = store.snapshot()) {
          List<StoreEntry> seen = read(snapshot.scan(partition[0], partition[1], reverse));
          checkWhole(seen);
          int found = 0;
          for (int k = 0; k < KEYS; k++) {
            found += snapshot.get(itemKey(TABLE, "p", "s" + k)) == null ? 0 : 1;
          }
          assertThat(found).as("point reads of the snapshot").isEqualTo(seen.size());
        }
      } else {
        checkWhole(read(store.scan(partition[0], partition[1], reverse)));
        checkWhole(read(store.scan(table[0], table[1], reverse)));
      }
      reads++;
    }
    return reads;
  }

  private static void checkWhole(List<StoreEntry> seen) {
    assertThat(seen.size()).as("keys of the partition seen").isIn(0, KEYS);
    Set<String> stamps = new HashSet<>();
    seen.forEach(e -> stamps.add(java.util.HexFormat.of().formatHex(e.value())));
    assertThat(stamps).as("stamps of one read").hasSizeLessThanOrEqualTo(1);
  }
}
