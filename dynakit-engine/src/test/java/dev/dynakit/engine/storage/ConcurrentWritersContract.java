package dev.dynakit.engine.storage;

import static dev.dynakit.engine.storage.OrderedStoreContract.dump;
import static dev.dynakit.engine.storage.OrderedStoreContract.render;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link OrderedStore} contract under concurrency: several threads apply batches at once while
 * readers scan and read snapshots. Every batch writes one stamp to all shared keys, puts a key of
 * its own and deletes its thread's key of two rounds before, so that half a batch shows as shared
 * keys with different stamps, and the final store has exactly one right content.
 */
public abstract class ConcurrentWritersContract {
  private static final int THREADS = 4;
  private static final int ROUNDS = 300;
  private static final int SHARED = 24;

  private OrderedStore store;

  /** A new, empty store of the kind under test. */
  protected abstract OrderedStore openStore() throws Exception;

  @BeforeEach
  void open() throws Exception {
    store = openStore();
  }

  @AfterEach
  void close() throws Exception {
    store.close();
    discardStore();
  }

  /** Removes what {@link #openStore} left behind once the store is closed (files, say). */
  protected void discardStore() throws Exception {}

  @Test
  void concurrentBatches_areEachSeenWhole_andLeaveTheStoreEqualToTheModel() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS + 2);
    AtomicBoolean writing = new AtomicBoolean(true);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        writers.add(pool.submit(() -> write(thread)));
      }
      Future<Integer> scans = pool.submit(() -> readWhole(writing, false));
      Future<Integer> snapshots = pool.submit(() -> readWhole(writing, true));
      for (Future<?> w : writers) {
        w.get(120, TimeUnit.SECONDS);
      }
      writing.set(false);
      assertThat(scans.get(60, TimeUnit.SECONDS)).isPositive();
      assertThat(snapshots.get(60, TimeUnit.SECONDS)).isPositive();
    } finally {
      pool.shutdownNow();
    }
    // the last batch applied was some thread's last round: its stamp is on every shared key
    byte[] last = store.get(shared(0));
    assertThat(last).isNotNull();
    assertThat(last[1]).isEqualTo((byte) (ROUNDS - 1));
    assertThat(dump(store.scan(null, null, false))).isEqualTo(render(model(last)));
  }

  private Void write(int thread) {
    for (int round = 0; round < ROUNDS; round++) {
      byte[] stamp = {(byte) thread, (byte) round, (byte) (round >> 8)};
      WriteBatch batch = new WriteBatch();
      for (int k = 0; k < SHARED; k++) {
        batch.put(shared(k), stamp);
      }
      batch.put(own(thread, round), stamp);
      if (round >= 2) {
        batch.delete(own(thread, round - 2));
      }
      store.apply(batch);
    }
    return null;
  }

  /**
   * Reads the shared keys whole while writers run, by scans or by snapshots (a scan of the snapshot
   * and point reads of it, which must agree); returns how many reads it made.
   */
  private int readWhole(AtomicBoolean writing, boolean bySnapshot) {
    int reads = 0;
    while (writing.get() || reads == 0) {
      List<String> seen;
      if (bySnapshot) {
        try (Snapshot snapshot = store.snapshot()) {
          seen = dump(snapshot.scan(shared(0), shared(SHARED), reads % 2 == 0));
          List<String> points = new ArrayList<>();
          for (int k = 0; k < SHARED; k++) {
            byte[] v = snapshot.get(shared(k));
            if (v != null) {
              points.add(OrderedStoreContract.hex(v));
            }
          }
          assertThat(points).hasSize(seen.size());
        }
      } else {
        seen = dump(store.scan(shared(0), shared(SHARED), reads % 2 == 0));
      }
      Set<String> stamps = new HashSet<>();
      for (String entry : seen) {
        stamps.add(entry.substring(entry.indexOf('=') + 1));
      }
      assertThat(stamps).as("stamps of one read").hasSizeLessThanOrEqualTo(1);
      assertThat(seen.size()).as("shared keys seen").isIn(0, SHARED);
      reads++;
    }
    return reads;
  }

  private static NavigableMap<byte[], byte[]> model(byte[] lastStamp) {
    NavigableMap<byte[], byte[]> model = OrderedStoreContract.newModel();
    for (int k = 0; k < SHARED; k++) {
      model.put(shared(k), lastStamp);
    }
    for (int t = 0; t < THREADS; t++) {
      for (int round = ROUNDS - 2; round < ROUNDS; round++) {
        model.put(own(t, round), new byte[] {(byte) t, (byte) round, (byte) (round >> 8)});
      }
    }
    return model;
  }

  private static byte[] shared(int k) {
    return new byte[] {0x10, (byte) k};
  }

  private static byte[] own(int thread, int round) {
    return new byte[] {0x20, (byte) thread, (byte) (round >> 8), (byte) round};
  }
}
