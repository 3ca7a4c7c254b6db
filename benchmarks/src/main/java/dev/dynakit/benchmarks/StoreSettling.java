package dev.dynakit.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Waits until on-disk stores' background work has settled: RocksDB goes on compacting a freshly
 * loaded table for a while after its load and after a reopen, and a Query measured then looks into
 * more files (and shares the machine's two cores with the compaction) than one on a server whose
 * data was written earlier. A compaction writes new files and deletes the ones it merged, so the
 * stores have settled when their lists of data files have not changed for a number of seconds. The
 * engine has no API for this (a DynamoDB client never needs one): the benchmark watches the
 * directories, and prints how long it waited.
 */
final class StoreSettling {
  /** The longest wait: a compaction of 10^7 items takes well under a minute on two cores. */
  static final int MOST_SECONDS = 600;

  private StoreSettling() {}

  /**
   * Returns once the data files of every directory stayed the same for {@code quietSeconds} (or
   * after {@link #MOST_SECONDS}, saying so).
   */
  static void await(List<Path> directories, int quietSeconds) {
    long start = System.nanoTime();
    List<List<String>> files = dataFiles(directories);
    int quiet = 0;
    while (quiet < quietSeconds && elapsedSeconds(start) < MOST_SECONDS) {
      pause();
      List<List<String>> now = dataFiles(directories);
      quiet = now.equals(files) ? quiet + 1 : 0;
      files = now;
    }
    System.out.printf(
        "settled stores=%d files=%d waited_s=%.0f quiet_s=%d settled=%b%n",
        directories.size(),
        files.stream().mapToInt(List::size).sum(),
        elapsedSeconds(start),
        quietSeconds,
        quiet >= quietSeconds);
  }

  /** The names of each directory's data files, sorted. */
  private static List<List<String>> dataFiles(List<Path> directories) {
    List<List<String>> all = new ArrayList<>();
    for (Path directory : directories) {
      try (Stream<Path> listing = Files.list(directory)) {
        all.add(
            listing
                .map(p -> p.getFileName().toString())
                .filter(name -> name.endsWith(".sst"))
                .sorted()
                .toList());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return all;
  }

  private static double elapsedSeconds(long start) {
    return (System.nanoTime() - start) / 1e9;
  }

  private static void pause() {
    try {
      Thread.sleep(1_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the stores to settle", e);
    }
  }
}
