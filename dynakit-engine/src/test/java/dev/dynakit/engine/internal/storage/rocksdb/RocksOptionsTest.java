package dev.dynakit.engine.internal.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.storage.WriteBatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read options the on-disk store's Query latency was measured with (docs/benchmarks.md, "Where
 * a disk Query's time goes") are the ones a store opens with: RocksDB writes what it runs with into
 * the directory's OPTIONS file and its info log, and these tests read them there, so that a change
 * of {@link RocksOptions} that drops one is seen.
 */
class RocksOptionsTest {
  @TempDir Path directory;

  @Test
  void theBlockCache_isAClockCache_ofTheGivenCapacity() throws IOException {
    open();
    String log = Files.readString(directory.resolve("LOG"), StandardCharsets.UTF_8);
    assertThat(log).contains("block_cache_name: AutoHyperClockCache");
    assertThat(log).contains("capacity : " + (32L << 20));
  }

  @Test
  void indexAndFilterBlocks_stayWithTheirFiles_outsideTheCache() throws IOException {
    open();
    assertThat(optionsFile()).contains("cache_index_and_filter_blocks=false");
  }

  @Test
  void indexBlocks_haveARestartPointEverySixteenEntries() throws IOException {
    open();
    assertThat(optionsFile()).contains("index_block_restart_interval=16");
  }

  @Test
  void filters_indexThePartitionPrefix_andWholeKeys() throws IOException {
    open();
    assertThat(optionsFile())
        .contains("prefix_extractor=rocksdb.FixedPrefix." + RocksOptions.PREFIX_LENGTH)
        .contains("filter_policy=bloomfilter:10:false")
        .contains("whole_key_filtering=true");
  }

  private void open() {
    try (RocksStore store = RocksStore.open(directory, false, 32L << 20)) {
      store.apply(new WriteBatch().put(new byte[] {1}, new byte[] {2}));
    }
  }

  /** The newest OPTIONS file: RocksDB writes one at each open. */
  private String optionsFile() throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      Path newest =
          files
              .filter(f -> f.getFileName().toString().startsWith("OPTIONS-"))
              .max(Path::compareTo)
              .orElseThrow();
      return Files.readString(newest, StandardCharsets.UTF_8);
    }
  }
}
