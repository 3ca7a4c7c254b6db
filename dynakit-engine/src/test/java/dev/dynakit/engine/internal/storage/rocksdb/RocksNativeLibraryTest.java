package dev.dynakit.engine.internal.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.util.Environment;

/** RocksDB's native library is unpacked once into the cache and found there afterwards. */
class RocksNativeLibraryTest {
  @TempDir Path cache;

  @Test
  void firstCall_unpacksTheLibrary_laterCallsFindItWithoutWritingAgain() throws Exception {
    Path dir = RocksNativeLibrary.cachedIn(cache);
    assertThat(dir).isNotNull();
    assertThat(dir.getParent()).isEqualTo(cache);
    assertThat(dir.getFileName().toString()).startsWith("rocksdbjni-");
    Path file = dir.resolve(Environment.getSharedLibraryFileName("rocksdbjni"));
    long size = Files.size(file);
    assertThat(size).isGreaterThan(1_000_000);
    // no half-written file is left beside it
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.toList()).isEqualTo(List.of(file));
    }

    FileTime old = FileTime.fromMillis(1_000_000_000_000L);
    Files.setLastModifiedTime(file, old);
    assertThat(RocksNativeLibrary.cachedIn(cache)).isEqualTo(dir);
    assertThat(Files.getLastModifiedTime(file)).isEqualTo(old);
  }

  @Test
  void aTruncatedFile_isUnpackedAgain() throws Exception {
    Path dir = RocksNativeLibrary.cachedIn(cache);
    Path file = dir.resolve(Environment.getSharedLibraryFileName("rocksdbjni"));
    long size = Files.size(file);
    Files.write(file, new byte[] {1, 2, 3});
    assertThat(RocksNativeLibrary.cachedIn(cache)).isEqualTo(dir);
    assertThat(Files.size(file)).isEqualTo(size);
  }

  @Test
  void aCacheThatCannotBeMade_givesNoDirectory() throws Exception {
    Path notADirectory = Files.writeString(cache.resolve("file"), "x");
    assertThat(RocksNativeLibrary.cachedIn(notADirectory)).isNull();
  }
}
