package dev.dynakit.engine.internal.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.storage.Snapshot;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.WriteBatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The memory store keeps old versions only while a reader can need them. */
class MemoryStoreVersionsTest {
  private static final byte[] KEY = {1};
  private final MemoryStore store = new MemoryStore();

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void overwrites_withoutReaders_keepOneVersion_andDeletesKeepNoKey() {
    for (int i = 0; i < 100; i++) {
      store.apply(new WriteBatch().put(KEY, new byte[] {(byte) i}));
    }
    assertThat(store.versionsHeld(KEY)).isEqualTo(1);
    store.apply(new WriteBatch().delete(KEY));
    assertThat(store.keysHeld()).isZero();
  }

  @Test
  void anOpenSnapshot_keepsItsVersions_untilClosed() {
    store.apply(new WriteBatch().put(KEY, new byte[] {0}));
    Snapshot snapshot = store.snapshot();
    for (int i = 1; i <= 10; i++) {
      store.apply(new WriteBatch().put(KEY, new byte[] {(byte) i}));
    }
    store.apply(new WriteBatch().delete(KEY));
    assertThat(snapshot.get(KEY)).containsExactly(0);
    assertThat(store.get(KEY)).isNull();
    snapshot.close();
    // the next batch collects what the snapshot held
    store.apply(new WriteBatch().put(new byte[] {2}, new byte[] {2}));
    assertThat(store.versionsHeld(KEY)).isZero();
    assertThat(store.keysHeld()).isEqualTo(1);
  }

  @Test
  void aScan_holdsItsVersions_untilClosedOrExhausted() {
    store.apply(new WriteBatch().put(KEY, new byte[] {0}).put(new byte[] {3}, new byte[] {3}));
    StoreCursor cursor = store.scan(null, null, false);
    store.apply(new WriteBatch().put(KEY, new byte[] {1}));
    assertThat(store.versionsHeld(KEY)).isEqualTo(2);
    assertThat(cursor.next().value()).containsExactly(0);
    cursor.next();
    assertThat(cursor.hasNext()).isFalse();
    store.apply(new WriteBatch().put(new byte[] {4}, new byte[] {4}));
    assertThat(store.versionsHeld(KEY)).isEqualTo(1);
  }
}
