package dev.dynakit.engine.internal.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.error.DataDirectoryInUseException;
import dev.dynakit.engine.storage.Snapshot;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.WriteBatch;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the on-disk store adds to the storage contract: persistence, its lock, closing. */
class RocksStoreTest {
  @TempDir Path directory;

  @Test
  void reopened_keepsEveryBatch() {
    try (RocksStore store = RocksStore.open(directory, true)) {
      store.apply(
          new WriteBatch()
              .put(new byte[] {1}, new byte[] {10})
              .put(new byte[] {2}, new byte[] {20}));
      store.apply(new WriteBatch().delete(new byte[] {1}));
    }
    try (RocksStore store = RocksStore.open(directory, true)) {
      assertThat(store.get(new byte[] {1})).isNull();
      assertThat(store.get(new byte[] {2})).containsExactly(20);
    }
  }

  @Test
  void aSyncedStore_marksEachBatch_andSaysWhenTheLogHoldsItOnTheDisk() throws Exception {
    try (RocksStore store = RocksStore.open(directory, true)) {
      long before = store.mark();
      store.apply(new WriteBatch().put(new byte[] {1}, new byte[] {10}));
      long after = store.mark();

      assertThat(after).isGreaterThan(before);
      store.whenDurable(after).get(10, TimeUnit.SECONDS);
      assertThat(store.whenDurable(after)).isCompleted();
    }
  }

  @Test
  void aRelaxedStore_isDurableOnceABatchIsApplied() {
    try (RocksStore store = RocksStore.open(directory, false)) {
      store.apply(new WriteBatch().put(new byte[] {1}, new byte[] {10}));
      assertThat(store.whenDurable(store.mark())).isCompleted();
    }
  }

  @Test
  void secondOpenOfTheSameDirectory_isRefused_namingIt_andLeavesTheFirstWorking() {
    try (RocksStore first = RocksStore.open(directory, true)) {
      first.apply(new WriteBatch().put(new byte[] {1}, new byte[] {1}));
      assertThatThrownBy(() -> RocksStore.open(directory, true))
          .isInstanceOf(DataDirectoryInUseException.class)
          .hasMessageContaining(directory.toAbsolutePath().normalize().toString())
          .hasMessageContaining("in use");
      first.apply(new WriteBatch().put(new byte[] {2}, new byte[] {2}));
      assertThat(first.get(new byte[] {1})).containsExactly(1);
    }
    try (RocksStore again = RocksStore.open(directory, true)) {
      assertThat(again.get(new byte[] {2})).containsExactly(2);
    }
  }

  @Test
  void close_closesOpenCursorsAndSnapshots_andRefusesLaterCalls() {
    RocksStore store = RocksStore.open(directory, false);
    store.apply(new WriteBatch().put(new byte[] {1}, new byte[] {1}));
    StoreCursor cursor = store.scan(null, null, false);
    Snapshot snapshot = store.snapshot();
    store.close();
    assertThatThrownBy(cursor::hasNext).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> snapshot.get(new byte[] {1}))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> store.get(new byte[] {1}))
        .hasMessageContaining("closed")
        .hasMessageContaining(directory.toAbsolutePath().normalize().toString());
    // closing them after the store is harmless
    cursor.close();
    snapshot.close();
    store.close();
  }
}
