package dev.dynakit.engine.internal.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.internal.storage.memory.MemoryStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class TableDataEraserTest {
  private static byte[] key(long storeId, int n) {
    return ByteBuffer.allocate(12).putLong(storeId).putInt(n).array();
  }

  @Test
  void erase_deletesTheWholeRangeInBatches_andNothingAround() {
    try (MemoryStore store = new MemoryStore()) {
      WriteBatch batch = new WriteBatch();
      int count = TableDataEraser.BATCH_SIZE * 2 + 7;
      for (int i = 0; i < count; i++) {
        batch.put(key(5, i), new byte[] {1});
      }
      // neighbours: the last key of store id 4, the first of 6, and the 8-byte prefixes themselves
      batch.put(key(4, -1), new byte[] {2});
      batch.put(key(6, 0), new byte[] {3});
      batch.put(TableDataEraser.prefix(5), new byte[] {4});
      batch.put(TableDataEraser.prefix(6), new byte[] {5});
      store.apply(batch);

      assertThat(TableDataEraser.erase(store, 5)).isEqualTo(count + 1);
      assertThat(store.get(key(5, 0))).isNull();
      assertThat(store.get(key(5, count - 1))).isNull();
      assertThat(store.get(TableDataEraser.prefix(5))).isNull();
      assertThat(store.get(key(4, -1))).containsExactly(2);
      assertThat(store.get(key(6, 0))).containsExactly(3);
      assertThat(store.get(TableDataEraser.prefix(6))).containsExactly(5);
    }
  }

  @Test
  void erase_emptyRange_deletesNothing() {
    try (MemoryStore store = new MemoryStore()) {
      store.apply(new WriteBatch().put(key(2, 1), new byte[] {1}));
      assertThat(TableDataEraser.erase(store, 3)).isZero();
      assertThat(store.get(key(2, 1))).containsExactly(1);
    }
  }
}
