package dev.dynakit.engine.internal.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The hash index answers as a map would, through growth, removals, reuse of removed positions and
 * rebuilds, also when many keys share a hash (the hashes are chosen by the test, few and colliding,
 * so that probe chains are long and cross each other).
 */
class PointIndexProperties {
  private static final int KEYS = 300;

  @Property(tries = 200)
  void getAndGetAllAgreeWithAMap(
      @ForAll("changes") List<int[]> changes, @ForAll("hashSpread") int spread) {
    PointIndex index = new PointIndex();
    Map<Integer, Slot> model = new HashMap<>();
    for (int[] change : changes) {
      int k = change[0];
      Slot held = index.get(key(k), hash(k, spread));
      assertThat(held).isSameAs(model.get(k));
      if (change[1] < 0) {
        if (held != null) {
          index.remove(held);
          model.remove(k);
        }
      } else if (held == null) {
        Slot added = new Slot(key(k), hash(k, spread), new byte[] {(byte) change[1]});
        index.add(added);
        model.put(k, added);
      }
    }
    assertThat(index.size()).isEqualTo(model.size());
    byte[][] keys = new byte[KEYS][];
    int[] hashes = new int[KEYS];
    for (int k = 0; k < KEYS; k++) {
      // fresh arrays: the index compares bytes, not array identity
      assertThat(index.get(key(k), hash(k, spread))).isSameAs(model.get(k));
      keys[k] = key(k);
      hashes[k] = hash(k, spread);
    }
    Slot[] found = new Slot[KEYS];
    index.getAll(keys, hashes, found);
    for (int k = 0; k < KEYS; k++) {
      assertThat(found[k]).as("key %d", k).isSameAs(model.get(k));
    }
  }

  @Test
  void readersWithoutALock_alwaysFindKeysThatStay_whileOthersComeAndGo() throws Exception {
    PointIndex index = new PointIndex();
    int stable = 64;
    for (int k = 0; k < stable; k++) {
      index.add(new Slot(key(k), hash(k, 7), new byte[] {1}));
    }
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread reader =
        new Thread(
            () -> {
              byte[][] keys = new byte[stable][];
              int[] hashes = new int[stable];
              for (int k = 0; k < stable; k++) {
                keys[k] = key(k);
                hashes[k] = hash(k, 7);
              }
              Slot[] found = new Slot[stable];
              try {
                for (int round = 0; round < 20_000; round++) {
                  int k = round % stable;
                  assertThat(index.get(key(k), hash(k, 7))).isNotNull();
                  if (round % 100 == 0) {
                    index.getAll(keys, hashes, found);
                    assertThat(found).doesNotContainNull();
                  }
                }
              } catch (Throwable t) {
                failure.set(t);
              }
            });
    reader.start();
    // the writer churns other keys of the same few hashes: growth, removals, rebuilds
    for (int round = 0; reader.isAlive(); round++) {
      int k = stable + round % 2000;
      Slot held = index.get(key(k), hash(k, 7));
      if (held == null) {
        index.add(new Slot(key(k), hash(k, 7), new byte[] {2}));
      } else {
        index.remove(held);
      }
    }
    reader.join();
    assertThat(failure.get()).isNull();
  }

  @Provide
  Arbitrary<List<int[]>> changes() {
    Arbitrary<int[]> change =
        Arbitraries.integers()
            .between(0, KEYS - 1)
            .flatMap(k -> Arbitraries.integers().between(-1, 2).map(v -> new int[] {k, v}));
    return change.list().ofMaxSize(600);
  }

  /** How many distinct hashes the keys share: 1 puts every key in one chain. */
  @Provide
  Arbitrary<Integer> hashSpread() {
    return Arbitraries.of(1, 3, 17, 1 << 20);
  }

  private static int hash(int k, int spread) {
    return (k % spread) * 0x61C88647;
  }

  private static byte[] key(int k) {
    return new byte[] {9, (byte) (k >>> 8), (byte) k};
  }
}
