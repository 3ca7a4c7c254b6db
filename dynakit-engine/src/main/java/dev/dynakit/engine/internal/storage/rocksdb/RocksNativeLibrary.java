package dev.dynakit.engine.internal.storage.rocksdb;

import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import org.jspecify.annotations.Nullable;
import org.rocksdb.RocksDB;
import org.rocksdb.util.Environment;

/**
 * Loads RocksDB's native library once per JVM, from a per-user cache directory when it can.
 *
 * <p>RocksDB's own loader unpacks the library (15 MB) from its jar into a new temporary file at
 * every start: measured on a 2-core machine, 190–230 ms of CPU and 0.5–1 s of wall time per JVM,
 * against 50–60 ms of CPU when the same file is loaded from a directory. So the library is unpacked
 * once into {@code <cache>/rocksdbjni-<crc>-<size>/}, named by the CRC-32 and size the jar records
 * for it (a new rocksdbjni version gets a new directory; no file is ever trusted by name alone),
 * and loaded from there. The cache is {@code $DYNAKIT_CACHE_DIR}, else {@code
 * $XDG_CACHE_HOME/dynakit}, else {@code ~/.cache/dynakit}. A file appears there only complete (it
 * is written under another name and renamed), so concurrent JVMs never load half of one; a file
 * whose CRC-32 is not the jar's (damaged on disk, or changed by someone) is unpacked again, and so
 * are bytes that came out of the jar wrong (never renamed into place). That check reads the 15 MB
 * once per JVM (5–25 ms, measured at load 12 on 2 cores, against the 190–230 ms of CPU an unpacking
 * costs). The temporary file of a JVM killed while unpacking is deleted by the next start once it
 * is a minute old (one being written is younger). When anything of this fails (no jar, a read-only
 * home), RocksDB's own loader runs instead.
 */
final class RocksNativeLibrary {
  // a temporary file this much older than now is left by a JVM that stopped while unpacking
  static final Duration STALE_AFTER = Duration.ofMinutes(1);
  private static final String PARTIAL_PREFIX = "unpacking-";
  private static final String PARTIAL_SUFFIX = ".tmp";

  private static boolean loaded;

  private RocksNativeLibrary() {}

  static synchronized void load() {
    if (loaded) {
      return;
    }
    Path dir = cachedIn(cacheRoot());
    if (dir != null) {
      try {
        RocksDB.loadLibrary(List.of(dir.toString()));
        loaded = true;
        return;
      } catch (UnsatisfiedLinkError e) {
        // a damaged cache or a foreign platform's file: RocksDB's own loader below
      }
    }
    RocksDB.loadLibrary();
    loaded = true;
  }

  /**
   * The directory under {@code root} holding this platform's library, unpacked there if it is not
   * yet; null when it cannot be (RocksDB's own loader is then the way).
   */
  static @Nullable Path cachedIn(Path root) {
    try {
      URL url = RocksDB.class.getResource("/" + Environment.getJniLibraryFileName("rocksdb"));
      if (url == null || !(url.openConnection() instanceof JarURLConnection jar)) {
        return null;
      }
      jar.setUseCaches(false);
      JarEntry entry = jar.getJarEntry();
      if (entry == null || entry.getCrc() < 0 || entry.getSize() < 0) {
        return null;
      }
      Path dir =
          root.resolve("rocksdbjni-" + Long.toHexString(entry.getCrc()) + "-" + entry.getSize());
      // the name RocksDB.loadLibrary(List) looks for in each directory (RocksNativeLibraryTest
      // loads it in a fresh JVM)
      Path file = dir.resolve(libraryFileName());
      deleteStalePartials(dir);
      if (!Files.isRegularFile(file)
          || Files.size(file) != entry.getSize()
          || crcOf(file) != entry.getCrc()) {
        unpack(jar, entry.getCrc(), dir, file);
      }
      return dir;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The file name {@code RocksDB.loadLibrary(List)} loads from each directory it is given. */
  static String libraryFileName() {
    return Environment.getJniLibraryFileName("rocksdbjni");
  }

  private static void unpack(JarURLConnection jar, long crc, Path dir, Path file)
      throws IOException {
    Files.createDirectories(dir);
    Path partial = Files.createTempFile(dir, PARTIAL_PREFIX, PARTIAL_SUFFIX);
    try (CheckedInputStream in = new CheckedInputStream(jar.getInputStream(), new CRC32())) {
      Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
      if (in.getChecksum().getValue() != crc) {
        throw new IOException("the library read from the jar does not have the jar's CRC-32");
      }
      Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(partial);
    }
  }

  /** The CRC-32 of a file's bytes (what a jar entry records for its uncompressed bytes). */
  static long crcOf(Path file) throws IOException {
    CRC32 crc = new CRC32();
    ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      while (channel.read(buffer) >= 0) {
        buffer.flip();
        crc.update(buffer);
        buffer.clear();
      }
    }
    return crc.getValue();
  }

  /** Deletes the temporary files of JVMs that stopped while unpacking into {@code dir}. */
  private static void deleteStalePartials(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    Instant staleBefore = Instant.now().minus(STALE_AFTER);
    try (DirectoryStream<Path> partials =
        Files.newDirectoryStream(dir, PARTIAL_PREFIX + "*" + PARTIAL_SUFFIX)) {
      for (Path p : partials) {
        try {
          if (Files.getLastModifiedTime(p).toInstant().isBefore(staleBefore)) {
            Files.deleteIfExists(p);
          }
        } catch (NoSuchFileException gone) {
          // renamed or deleted by the JVM that wrote it
        }
      }
    }
  }

  private static Path cacheRoot() {
    String own = System.getenv("DYNAKIT_CACHE_DIR");
    if (own != null && !own.isBlank()) {
      return Path.of(own);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank()) {
      return Path.of(xdg, "dynakit");
    }
    return Path.of(System.getProperty("user.home"), ".cache", "dynakit");
  }
}
