package dev.dynakit.engine.internal.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.storage.Snapshot;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.StoreEntry;
import dev.dynakit.engine.storage.WriteBatch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Range reads of the on-disk store over keys as the engine makes them: a 17-byte prefix (store id,
 * index number, partition hash; what the store's bloom filters index) and a suffix, with catalog
 * keys shorter than the prefix among them, spread over several files and the memtable. Every range
 * (inside one prefix, across prefixes, between a short key and a long one; forwards and backwards;
 * on the store and on a snapshot) returns exactly what a sorted map holds. With RocksDB's plain
 * prefix mode, ranges across prefixes would miss keys of files whose filter lacks the seek key's
 * prefix.
 */
class RocksPrefixReadsTest {
  @TempDir Path directory;

  private final Random random = new Random(26);
  private final TreeMap<byte[], byte[]> model = new TreeMap<>(Arrays::compareUnsigned);
  private final List<byte[]> prefixes = new ArrayList<>();

  @Test
  void everyRange_readsWhatASortedMapHolds_acrossFilesAndPrefixes() {
    for (int p = 0; p < 40; p++) {
      byte[] prefix = new byte[RocksOptions.PREFIX_LENGTH];
      random.nextBytes(prefix);
      // a few store ids and index numbers, so that prefixes share their leading bytes
      prefix[7] = (byte) random.nextInt(3);
      prefix[8] = (byte) random.nextInt(2);
      Arrays.fill(prefix, 0, 7, (byte) 0);
      prefixes.add(prefix);
    }
    // each reopen flushes the memtable into a file of its own: four files, then the memtable
    for (int file = 0; file < 5; file++) {
      try (RocksStore store = RocksStore.open(directory, false)) {
        write(store, 300);
        if (file == 4) {
          checkRanges(store, null);
          try (Snapshot snapshot = store.snapshot()) {
            TreeMap<byte[], byte[]> before = new TreeMap<>(model);
            write(store, 200);
            checkRanges(store, null);
            TreeMap<byte[], byte[]> after = new TreeMap<>(model);
            model.clear();
            model.putAll(before);
            checkRanges(null, snapshot);
            model.clear();
            model.putAll(after);
          }
        }
      }
    }
  }

  /** Puts (and now and then deletes) keys in a few prefixes at a time, and some short keys. */
  private void write(RocksStore store, int changes) {
    WriteBatch batch = new WriteBatch();
    for (int i = 0; i < changes; i++) {
      byte[] key = randomKey();
      if (random.nextInt(5) == 0 && !model.isEmpty()) {
        byte[] existing = model.ceilingKey(key);
        if (existing != null) {
          batch.delete(existing);
          model.remove(existing);
          continue;
        }
      }
      byte[] value = {(byte) i, (byte) (i >> 8)};
      batch.put(key, value);
      model.put(key, value);
    }
    store.apply(batch);
  }

  private byte[] randomKey() {
    if (random.nextInt(10) == 0) {
      // a catalog key: store id 0, shorter than the prefix
      byte[] key = new byte[8 + 1 + random.nextInt(6)];
      key[8] = (byte) ('A' + random.nextInt(3));
      for (int i = 9; i < key.length; i++) {
        key[i] = (byte) random.nextInt(256);
      }
      return key;
    }
    byte[] prefix = prefixes.get(random.nextInt(prefixes.size()));
    byte[] key = Arrays.copyOf(prefix, prefix.length + 1 + random.nextInt(4));
    for (int i = prefix.length; i < key.length; i++) {
      key[i] = (byte) random.nextInt(4);
    }
    return key;
  }

  /** A bound: inside a prefix, a bare prefix, a short key, a prefix's end, or none. */
  private byte[] randomBound() {
    return switch (random.nextInt(6)) {
      case 0 -> null;
      case 1 -> prefixes.get(random.nextInt(prefixes.size())).clone();
      case 2 -> {
        byte[] p = prefixes.get(random.nextInt(prefixes.size()));
        byte[] end = p.clone();
        end[end.length - 1]++;
        yield end;
      }
      default -> randomKey();
    };
  }

  private void checkRanges(RocksStore store, Snapshot snapshot) {
    for (int i = 0; i < 3000; i++) {
      byte[] from;
      byte[] to;
      if (i % 3 == 0) {
        // inside one prefix, as a Query reads: both bounds share it
        byte[] p = prefixes.get(random.nextInt(prefixes.size()));
        from = Arrays.copyOf(p, p.length + 1);
        from[p.length] = (byte) random.nextInt(4);
        to = Arrays.copyOf(p, p.length + 1);
        to[p.length] = (byte) (1 + random.nextInt(4));
        if (i % 2 == 0) {
          from = p.clone();
        }
      } else {
        from = randomBound();
        to = randomBound();
      }
      boolean reverse = random.nextBoolean();
      List<String> expected = expected(from, to, reverse);
      List<String> actual = new ArrayList<>();
      try (StoreCursor cursor =
          store != null ? store.scan(from, to, reverse) : snapshot.scan(from, to, reverse)) {
        while (cursor.hasNext()) {
          StoreEntry e = cursor.next();
          actual.add(Arrays.toString(e.key()) + "=" + Arrays.toString(e.value()));
        }
      }
      assertThat(actual)
          .as("%s to %s, reverse %s", Arrays.toString(from), Arrays.toString(to), reverse)
          .isEqualTo(expected);
    }
  }

  private List<String> expected(byte[] from, byte[] to, boolean reverse) {
    List<String> out = new ArrayList<>();
    if (from != null && to != null && Arrays.compareUnsigned(from, to) >= 0) {
      return out;
    }
    NavigableMap<byte[], byte[]> range = model;
    if (from != null) {
      range = range.tailMap(from, true);
    }
    if (to != null) {
      range = range.headMap(to, false);
    }
    if (reverse) {
      range = range.descendingMap();
    }
    for (Map.Entry<byte[], byte[]> e : range.entrySet()) {
      out.add(Arrays.toString(e.getKey()) + "=" + Arrays.toString(e.getValue()));
    }
    return out;
  }
}
