package dev.dynakit.engine.internal.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Point reads, one key or many at once (answered by the store's hash index), and scans (by its skip
 * list) always show the same entries: those of an ordered map given the same puts and deletes, in
 * batches where later changes to a key win.
 */
class PointReadProperties {
  private static final int KEYS = 12;

  @Property(tries = 300)
  void getAndScanAgreeWithAModelAfterEveryBatch(@ForAll("batches") List<List<int[]>> batches) {
    MemoryStore store = new MemoryStore();
    TreeMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
    for (List<int[]> changes : batches) {
      WriteBatch batch = new WriteBatch();
      for (int[] change : changes) {
        byte[] key = key(change[0]);
        if (change[1] < 0) {
          batch.delete(key);
          model.remove(key);
        } else {
          byte[] value = {(byte) change[1]};
          batch.put(key, value);
          model.put(key, value);
        }
      }
      store.apply(batch);
      byte[][] keys = new byte[KEYS][];
      for (int k = 0; k < KEYS; k++) {
        // a fresh array: the index must compare bytes, not array identity
        assertThat(store.get(key(k))).isEqualTo(model.get(key(k)));
        keys[k] = key(k);
      }
      byte[][] values = store.getAll(keys);
      for (int k = 0; k < KEYS; k++) {
        assertThat(values[k]).isEqualTo(model.get(key(k)));
      }
      StoreCursor cursor = store.scan(null, null, false);
      TreeMap<byte[], byte[]> scanned = new TreeMap<>(Arrays::compareUnsigned);
      while (cursor.hasNext()) {
        StoreEntry e = cursor.next();
        scanned.put(e.key(), e.value());
      }
      assertThat(scanned.size()).isEqualTo(model.size());
      for (Map.Entry<byte[], byte[]> e : model.entrySet()) {
        assertThat(scanned.get(e.getKey())).isEqualTo(e.getValue());
      }
    }
    store.close();
    assertThat(store.get(key(0))).isNull();
  }

  /** Batches of changes {key index, value or -1 for a delete} over a few keys sharing a prefix. */
  @Provide
  Arbitrary<List<List<int[]>>> batches() {
    Arbitrary<int[]> change =
        Arbitraries.integers()
            .between(0, KEYS - 1)
            .flatMap(k -> Arbitraries.integers().between(-1, 3).map(v -> new int[] {k, v}));
    return change.list().ofMaxSize(6).list().ofMinSize(1).ofMaxSize(12);
  }

  private static byte[] key(int k) {
    // a shared store-id-like prefix; a few keys of different lengths
    byte[] key = new byte[10 + k % 3];
    key[0] = 7;
    key[9] = (byte) k;
    return key;
  }
}
