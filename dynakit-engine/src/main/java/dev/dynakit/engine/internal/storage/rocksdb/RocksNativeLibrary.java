package dev.dynakit.engine.internal.storage.rocksdb;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.jar.JarEntry;
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
 * is written under another name and renamed), so concurrent JVMs never load half of one. When
 * anything of this fails (no jar, a read-only home), RocksDB's own loader runs instead.
 */
final class RocksNativeLibrary {
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
      if (!Files.isRegularFile(file) || Files.size(file) != entry.getSize()) {
        unpack(jar, dir, file);
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

  private static void unpack(JarURLConnection jar, Path dir, Path file) throws IOException {
    Files.createDirectories(dir);
    Path partial = Files.createTempFile(dir, "unpacking-", ".tmp");
    try (InputStream in = jar.getInputStream()) {
      Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
      Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(partial);
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
