package dev.dynakit.engine.internal.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.RocksDB;

/** RocksDB's native library is unpacked once into the cache and found there afterwards. */
class RocksNativeLibraryTest {
  @TempDir Path cache;

  @Test
  void firstCall_unpacksTheLibrary_laterCallsFindItWithoutWritingAgain() throws Exception {
    Path dir = RocksNativeLibrary.cachedIn(cache);
    assertThat(dir).isNotNull();
    assertThat(dir.getParent()).isEqualTo(cache);
    assertThat(dir.getFileName().toString()).startsWith("rocksdbjni-");
    Path file = dir.resolve(RocksNativeLibrary.libraryFileName());
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
    Path file = dir.resolve(RocksNativeLibrary.libraryFileName());
    long size = Files.size(file);
    Files.write(file, new byte[] {1, 2, 3});
    assertThat(RocksNativeLibrary.cachedIn(cache)).isEqualTo(dir);
    assertThat(Files.size(file)).isEqualTo(size);
  }

  @Test
  void aDamagedFileOfTheRightSize_isUnpackedAgain() throws Exception {
    Path dir = RocksNativeLibrary.cachedIn(cache);
    Path file = dir.resolve(RocksNativeLibrary.libraryFileName());
    byte[] good = Files.readAllBytes(file);
    byte[] damaged = good.clone();
    damaged[damaged.length / 2] ^= 0x5a;
    Files.write(file, damaged);
    assertThat(RocksNativeLibrary.cachedIn(cache)).isEqualTo(dir);
    assertThat(Files.readAllBytes(file)).isEqualTo(good);
  }

  @Test
  void theTemporaryFileOfAJvmKilledWhileUnpacking_isDeletedByTheNextStart() throws Exception {
    Path dir = RocksNativeLibrary.cachedIn(cache);
    Path left = Files.writeString(dir.resolve("unpacking-123.tmp"), "half a library");
    Files.setLastModifiedTime(
        left,
        FileTime.from(
            Instant.now().minus(RocksNativeLibrary.STALE_AFTER).minus(Duration.ofMinutes(1))));
    // another JVM's, being written now: left alone
    Path writing = Files.writeString(dir.resolve("unpacking-456.tmp"), "being written");
    assertThat(RocksNativeLibrary.cachedIn(cache)).isEqualTo(dir);
    assertThat(left).doesNotExist();
    assertThat(writing).exists();
  }

  @Test
  void theUnpackedLibrary_isWhatRocksDbLoadsFromTheDirectory_inAFreshJvm() throws Exception {
    Path dir = RocksNativeLibrary.cachedIn(cache);
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p =
        new ProcessBuilder(
                java.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                LoadFrom.class.getName(),
                dir.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(out).isZero();
    assertThat(out).contains("loaded");
  }

  /** Loads RocksDB's library from the directory given, and nothing else. */
  static final class LoadFrom {
    public static void main(String[] args) {
      RocksDB.loadLibrary(List.of(args[0]));
      System.out.println("loaded");
    }
  }

  @Test
  void aCacheThatCannotBeMade_givesNoDirectory() throws Exception {
    Path notADirectory = Files.writeString(cache.resolve("file"), "x");
    assertThat(RocksNativeLibrary.cachedIn(notADirectory)).isNull();
  }
}
