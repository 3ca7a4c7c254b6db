package dev.dynakit.engine.internal.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MemoryStoreTest {
  private MemoryStore store;

  @BeforeEach
  void open() {
    store = new MemoryStore();
    WriteBatch batch = new WriteBatch();
    for (int k : new int[] {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF}) {
      batch.put(new byte[] {(byte) k}, new byte[] {(byte) k});
      batch.put(new byte[] {(byte) k, 0}, new byte[] {(byte) k, 0});
    }
    store.apply(batch);
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void scan_unbounded_walksAllKeysInUnsignedOrder_bothWays() {
    List<String> forward = keys(store.scan(null, null, false));
    assertThat(forward)
        .containsExactly(
            "00", "0000", "01", "0100", "7f", "7f00", "80", "8000", "fe", "fe00", "ff", "ff00");
    List<String> backward = keys(store.scan(null, null, true));
    assertThat(backward).containsExactlyElementsOf(reversed(forward));
  }

  @Test
  void scan_inProgress_skipsKeysDeletedAheadOfIt_andSeesTheirNewValues() {
    StoreCursor cursor = store.scan(new byte[] {0x7F}, new byte[] {(byte) 0xFE}, false);
    store.apply(
        new WriteBatch()
            .delete(new byte[] {(byte) 0x80})
            .put(new byte[] {(byte) 0x80, 0}, new byte[] {42}));
    List<String> seen = new ArrayList<>();
    while (cursor.hasNext()) {
      var entry = cursor.next();
      seen.add(hex(entry.key()) + "=" + hex(entry.value()));
    }
    assertThat(seen).containsExactly("7f=7f", "7f00=7f00", "8000=2a");
    assertThat(store.get(new byte[] {(byte) 0x80})).isNull();
    assertThat(store.get(new byte[] {(byte) 0x80, 0})).containsExactly(42);
  }

  @Test
  void scan_withBounds_includesFrom_excludesTo_bothWays() {
    byte[] from = {0x01, 0x00};
    byte[] to = {(byte) 0xFE};
    assertThat(keys(store.scan(from, to, false)))
        .containsExactly("0100", "7f", "7f00", "80", "8000");
    assertThat(keys(store.scan(from, to, true)))
        .containsExactly("8000", "80", "7f00", "7f", "0100");
  }

  @Test
  void scan_withOneBound_isOpenOnTheOtherSide() {
    byte[] bound = {(byte) 0x80};
    assertThat(keys(store.scan(bound, null, false)))
        .containsExactly("80", "8000", "fe", "fe00", "ff", "ff00");
    assertThat(keys(store.scan(null, bound, true)))
        .containsExactly("7f00", "7f", "0100", "01", "0000", "00");
  }

  @Test
  void scan_withEmptyOrInvertedRange_findsNothing() {
    byte[] a = {0x7F};
    byte[] b = {(byte) 0x80};
    assertThat(keys(store.scan(a, a, false))).isEmpty();
    assertThat(keys(store.scan(b, a, false))).isEmpty();
    assertThat(keys(store.scan(b, a, true))).isEmpty();
  }

  @Test
  void scan_boundsAreKeyPrefixes_notKeys() {
    // A bound that is no stored key still cuts between the keys around it.
    assertThat(keys(store.scan(new byte[] {0x7F, 0, 0}, new byte[] {(byte) 0x80, 0, 0}, false)))
        .containsExactly("80", "8000");
  }

  @Test
  void apply_putsAndDeletesTogether_laterChangesWin() {
    byte[] k = {0x42};
    store.apply(
        new WriteBatch()
            .put(k, new byte[] {1})
            .delete(new byte[] {0x00})
            .delete(new byte[] {0x33})
            .put(k, new byte[] {2}));
    assertThat(store.get(k)).containsExactly(2);
    assertThat(store.get(new byte[] {0x00})).isNull();
    store.apply(new WriteBatch().put(k, new byte[] {3}).delete(k));
    assertThat(store.get(k)).isNull();
    store.apply(new WriteBatch());
    assertThat(keys(store.scan(null, null, false))).hasSize(11);
  }

  @Test
  void get_findsByContent_notByArrayIdentity() {
    assertThat(store.get(new byte[] {(byte) 0xFE, 0})).containsExactly(0xFE, 0);
    assertThat(store.get(new byte[] {(byte) 0xFE, 0, 0})).isNull();
  }

  @Test
  void cursor_survivesConcurrentWrites_andSeesWhatWasWrittenBeforeItStarted() {
    try (StoreCursor cursor = store.scan(null, null, false)) {
      assertThat(cursor.hasNext()).isTrue();
      cursor.next();
      store.apply(new WriteBatch().delete(new byte[] {0x01}).put(new byte[] {0x02}, new byte[0]));
      int rest = 0;
      while (cursor.hasNext()) {
        cursor.next();
        rest++;
      }
      assertThat(rest).isBetween(9, 11);
    }
  }

  @Test
  void apply_keyDeletedBetweenLookupAndLock_putsItAgain() throws Exception {
    byte[] key = {0x01};
    byte[] value = {0x42};
    Thread writer;
    synchronized (store.applyLock) {
      // the writer finds the key's slot, then waits for the lock this thread holds (its batch adds
      // a key too: one that only overwrites would not wait)
      writer =
          startBlockedOnApplyLock(new WriteBatch().put(key, value).put(new byte[] {0x03}, value));
      store.apply(new WriteBatch().delete(key));
      assertThat(store.get(key)).isNull();
    }
    writer.join(10_000);
    assertThat(writer.isAlive()).isFalse();
    assertThat(store.get(key)).isEqualTo(value);
    assertThat(keys(store.scan(key, new byte[] {0x01, 0x00}, false))).containsExactly("01");
  }

  @Test
  void apply_ofKeysThisThreadJustRead_writesTheirCurrentSlots_thoughOthersChangedThemMeanwhile()
      throws Exception {
    byte[] deleted = {0x01};
    byte[] readAbsent = {0x44};
    byte[] replaced = {0x7F};
    byte[] unchanged = {(byte) 0x80};
    byte[][] keys = {deleted, readAbsent, replaced, unchanged};
    assertThat(store.getAll(keys))
        .isDeepEqualTo(
            new byte[][] {new byte[] {0x01}, null, new byte[] {0x7F}, new byte[] {(byte) 0x80}});
    // between this thread's read and its write, another thread deletes one key, adds the absent
    // one and deletes and puts another again (a new slot)
    Thread other =
        new Thread(
            () -> {
              store.apply(new WriteBatch().delete(new byte[] {0x01}));
              store.apply(new WriteBatch().put(new byte[] {0x44}, new byte[] {9}));
              store.apply(new WriteBatch().delete(new byte[] {0x7F}));
              store.apply(new WriteBatch().put(new byte[] {0x7F}, new byte[] {9}));
            });
    other.start();
    other.join(10_000);
    byte[] value = {0x66};
    WriteBatch write = new WriteBatch();
    for (byte[] key : keys) {
      write.put(key, value);
      // a change of another key between them, as a write's index entry is
      write.put(new byte[] {key[0], 0x10}, value);
    }
    store.apply(write);
    for (byte[] key : keys) {
      assertThat(store.get(key)).as(hex(key)).isEqualTo(value);
      assertThat(store.get(new byte[] {key[0], 0x10})).isEqualTo(value);
    }
    assertThat(keys(store.scan(null, null, false)))
        .containsOnlyOnce("01", "44", "7f", "80")
        .hasSize(12 + 1 + 4);
  }

  @Test
  void apply_keyAddedBetweenLookupAndLock_overwritesIt() throws Exception {
    byte[] key = {0x55};
    Thread writer;
    synchronized (store.applyLock) {
      // the writer finds no slot, then waits for the lock while this thread adds the key
      writer = startBlockedOnApplyLock(new WriteBatch().put(key, new byte[] {2}));
      store.apply(new WriteBatch().put(key, new byte[] {1}));
    }
    writer.join(10_000);
    assertThat(writer.isAlive()).isFalse();
    assertThat(store.get(key)).containsExactly(2);
    assertThat(keys(store.scan(new byte[] {0x55}, new byte[] {0x56}, false))).containsExactly("55");
  }

  @Test
  void apply_overwritesOnly_doesNotWaitForTheApplyLock() throws Exception {
    Thread writer =
        new Thread(
            () ->
                store.apply(
                    new WriteBatch()
                        .put(new byte[] {0x7F}, new byte[] {9})
                        .put(new byte[] {0x01, 0}, new byte[] {8})));
    synchronized (store.applyLock) {
      writer.start();
      writer.join(10_000);
      assertThat(writer.isAlive()).as("the overwriting batch waited for the apply lock").isFalse();
      assertThat(store.get(new byte[] {0x7F})).containsExactly(9);
      assertThat(store.get(new byte[] {0x01, 0})).containsExactly(8);
    }
    assertThat(keys(store.scan(null, null, false))).hasSize(12);
  }

  @Test
  void apply_overwritesBesideAddsAndDeletes_keepEveryKeyFindable() throws Exception {
    int threads = 3;
    int keysEach = 64;
    int rounds = 2000;
    ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
    try {
      List<Future<?>> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        // each thread overwrites keys of its own, as the engine's item locks would have it
        workers.add(
            pool.submit(
                () -> {
                  for (int round = 0; round < rounds; round++) {
                    WriteBatch batch = new WriteBatch();
                    for (int k = 0; k < keysEach; k++) {
                      batch.put(ownKey(thread, k), new byte[] {(byte) round, (byte) (round >> 8)});
                    }
                    store.apply(batch);
                  }
                  return null;
                }));
      }
      // meanwhile another writer adds and deletes keys, which grows and rebuilds the hash index
      workers.add(
          pool.submit(
              () -> {
                for (int round = 0; round < rounds; round++) {
                  byte[] added = {0x30, (byte) (round >> 8), (byte) round};
                  store.apply(new WriteBatch().put(added, added));
                  if (round % 2 == 0) {
                    store.apply(new WriteBatch().delete(added));
                  }
                }
                return null;
              }));
      for (Future<?> w : workers) {
        w.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    byte[] last = {(byte) (rounds - 1), (byte) ((rounds - 1) >> 8)};
    for (int t = 0; t < threads; t++) {
      for (int k = 0; k < keysEach; k++) {
        assertThat(store.get(ownKey(t, k))).isEqualTo(last);
      }
    }
    assertThat(keys(store.scan(new byte[] {0x20}, new byte[] {0x21}, false)))
        .hasSize(threads * keysEach);
    assertThat(keys(store.scan(new byte[] {0x30}, new byte[] {0x31}, false))).hasSize(rounds / 2);
  }

  private static byte[] ownKey(int thread, int k) {
    return new byte[] {0x20, (byte) thread, (byte) k};
  }

  @Test
  void apply_fromManyThreads_appliesEachBatchWhole() throws Exception {
    int threads = 4;
    int rounds = 1000;
    int sharedKeys = 128;
    AtomicInteger tornRounds = new AtomicInteger();
    // Between rounds (all writers parked at the barrier) every shared key must hold the stamp of
    // one and the same batch: batches that add a key (each adds its own) are applied one at a
    // time and never leave a mix.
    Runnable check =
        () -> {
          byte[] first = store.get(sharedKey(0));
          for (int k = 1; k < sharedKeys; k++) {
            if (!Arrays.equals(first, store.get(sharedKey(k)))) {
              tornRounds.incrementAndGet();
              return;
            }
          }
        };
    CyclicBarrier barrier = new CyclicBarrier(threads, check);
    ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
    AtomicBoolean writing = new AtomicBoolean(true);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        writers.add(
            pool.submit(
                () -> {
                  for (int round = 0; round < rounds; round++) {
                    byte[] stamp = {(byte) thread, (byte) (round >> 8), (byte) round};
                    WriteBatch batch = new WriteBatch();
                    for (int k = 0; k < sharedKeys; k++) {
                      batch.put(sharedKey(k), stamp);
                    }
                    batch.put(
                        new byte[] {0x20, (byte) thread, (byte) (round >> 8), (byte) round}, stamp);
                    barrier.await(30, TimeUnit.SECONDS);
                    store.apply(batch);
                  }
                  barrier.await(30, TimeUnit.SECONDS);
                  return null;
                }));
      }
      Future<Integer> reader =
          pool.submit(
              () -> {
                int scans = 0;
                while (writing.get()) {
                  keys(store.scan(new byte[] {0x20}, new byte[] {0x21}, scans % 2 == 0));
                  scans++;
                }
                return scans;
              });
      for (Future<?> w : writers) {
        w.get(60, TimeUnit.SECONDS);
      }
      writing.set(false);
      assertThat(reader.get(30, TimeUnit.SECONDS)).isPositive();
    } finally {
      pool.shutdownNow();
    }
    assertThat(tornRounds.get()).isZero();
    assertThat(keys(store.scan(new byte[] {0x20}, new byte[] {0x21}, false)))
        .hasSize(threads * rounds);
  }

  private static byte[] sharedKey(int k) {
    return new byte[] {0x10, (byte) k, (byte) (k >> 8)};
  }

  /**
   * Starts a thread applying {@code batch} and returns once it waits for the apply lock, which the
   * caller holds: by then it has looked the batch's keys up.
   */
  private Thread startBlockedOnApplyLock(WriteBatch batch) {
    Thread writer = new Thread(() -> store.apply(batch));
    writer.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (writer.getState() != Thread.State.BLOCKED) {
      assertThat(writer.isAlive()).isTrue();
      assertThat(System.nanoTime()).as("the writer never waited for the lock").isLessThan(deadline);
      Thread.onSpinWait();
    }
    return writer;
  }

  private static List<String> keys(StoreCursor cursor) {
    List<String> keys = new ArrayList<>();
    try (cursor) {
      while (cursor.hasNext()) {
        keys.add(hex(cursor.next().key()));
      }
    }
    return keys;
  }

  private static String hex(byte[] bytes) {
    StringBuilder sb = new StringBuilder();
    for (byte x : bytes) {
      sb.append(String.format("%02x", x & 0xFF));
    }
    return sb.toString();
  }

  private static List<String> reversed(List<String> list) {
    List<String> r = new ArrayList<>(list);
    java.util.Collections.reverse(r);
    return r;
  }
}
