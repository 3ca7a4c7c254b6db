package dev.dynakit.engine.internal.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.storage.Snapshot;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Readers register without a lock while the writer publishes and collects: a snapshot taken at any
 * moment must still find the value of its instant, never a key whose versions were all cut.
 */
class MemoryStoreReadersTest {
  private static final byte[] KEY = {1};
  private static final int READERS = 3;
  private static final int SNAPSHOTS_EACH = 100_000;
  private final MemoryStore store = new MemoryStore();

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void snapshotsTakenWhileAKeyIsOverwritten_alwaysFindAValue() throws Exception {
    store.apply(new WriteBatch().put(KEY, new byte[] {0}));
    ExecutorService pool = Executors.newFixedThreadPool(READERS + 1);
    AtomicBoolean reading = new AtomicBoolean(true);
    try {
      // every overwrite queues the old version, collected at once when no reader holds it
      Future<Integer> writer =
          pool.submit(
              () -> {
                int n = 0;
                while (reading.get()) {
                  store.apply(new WriteBatch().put(KEY, new byte[] {(byte) ++n}));
                }
                return n;
              });
      List<Future<Integer>> readers = new ArrayList<>();
      for (int r = 0; r < READERS; r++) {
        readers.add(pool.submit(this::readSnapshots));
      }
      int missing = 0;
      for (Future<Integer> r : readers) {
        missing += r.get(120, TimeUnit.SECONDS);
      }
      reading.set(false);
      assertThat(writer.get(60, TimeUnit.SECONDS)).isPositive();
      assertThat(missing).as("snapshots that found no value").isZero();
    } finally {
      pool.shutdownNow();
    }
  }

  private int readSnapshots() {
    int missing = 0;
    for (int i = 0; i < SNAPSHOTS_EACH; i++) {
      try (Snapshot snapshot = store.snapshot()) {
        if (snapshot.get(KEY) == null) {
          missing++;
        }
      }
    }
    return missing;
  }
}
