package dev.dynakit.engine.internal.storage.rocksdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Temporary data directories of on-disk stores under test. */
final class TempDirectories {
  private TempDirectories() {}

  static Path create() throws IOException {
    return Files.createTempDirectory("dynakit-rocks-test");
  }

  static void delete(Path directory) {
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(TempDirectories::deleteOne);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteOne(Path file) {
    try {
      Files.delete(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
