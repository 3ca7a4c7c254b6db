package dev.dynakit.engine.internal.storage.rocksdb;

import dev.dynakit.engine.error.DataDirectoryInUseException;
import dev.dynakit.engine.error.EngineStartupException;
import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.Snapshot;
import dev.dynakit.engine.storage.StoreCursor;
import dev.dynakit.engine.storage.WriteBatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * The on-disk store: one RocksDB database in a directory, keys in RocksDB's default (unsigned
 * bytewise) order. A batch is one RocksDB write batch, which RocksDB logs (written to the operating
 * system) and applies atomically before {@code apply} returns; with {@code sync} a {@link
 * LogSyncer} syncs the write-ahead log to the disk for every caller of {@link #whenDurable} at
 * once. Scans are RocksDB iterators, each a consistent view of the instant it was made; snapshots
 * are RocksDB snapshots.
 *
 * <p>RocksDB's LOCK file keeps a second store (in this process or another) from opening the
 * directory. Native handles are closed with the store: a read-write lock keeps {@link #close} from
 * freeing them under a running call, and cursors and snapshots still open then are closed with it.
 */
public final class RocksStore implements OrderedStore {
  static {
    RocksNativeLibrary.load();
  }

  private final Path directory;
  private final RocksOptions options;
  private final RocksDB db;
  private final WriteOptions writeOptions;
  // null when the log is never synced (relaxed durability)
  private final @Nullable LogSyncer syncer;
  // calls on native handles hold the read lock; close takes the write lock
  private final ReadWriteLock handles = new ReentrantReadWriteLock();
  private final Set<AutoCloseable> open = ConcurrentHashMap.newKeySet();
  private boolean closed;

  private RocksStore(Path directory, RocksOptions options, RocksDB db, boolean sync) {
    this.directory = directory;
    this.options = options;
    this.db = db;
    // the log is written to the operating system at each write and synced by the syncer, once for
    // all writes made before each sync
    this.writeOptions = new WriteOptions().setSync(false);
    this.syncer =
        sync
            ? new LogSyncer(
                () -> withHandles(db::getLatestSequenceNumber),
                () -> withHandles(() -> rocks(this::syncLog)),
                "dynakit-log-sync " + directory.getFileName())
            : null;
  }

  private Void syncLog() throws RocksDBException {
    db.syncWal();
    return null;
  }

  /**
   * Opens (or creates) the store in {@code directory}, with the default block cache ({@link
   * #defaultCacheBytes}).
   *
   * @param sync whether the write-ahead log is synced to the disk before a write is durable ({@link
   *     #whenDurable}); without, a write is durable once {@code apply} returns, in the log the
   *     operating system holds
   * @throws DataDirectoryInUseException when another store holds the directory
   * @throws EngineStartupException when the directory cannot be made or opened
   */
  public static RocksStore open(Path directory, boolean sync) {
    return open(directory, sync, defaultCacheBytes());
  }

  /** The default block cache of a store: an eighth of the machine's memory, at least 64 MB. */
  public static long defaultCacheBytes() {
    return RocksOptions.defaultCacheBytes();
  }

  /**
   * Opens (or creates) the store in {@code directory}.
   *
   * @param sync whether the write-ahead log is synced to the disk before a write is durable ({@link
   *     #whenDurable}); without, a write is durable once {@code apply} returns, in the log the
   *     operating system holds
   * @param cacheBytes the capacity of the store's block cache (outside the Java heap)
   * @throws DataDirectoryInUseException when another store holds the directory
   * @throws EngineStartupException when the directory cannot be made or opened
   */
  public static RocksStore open(Path directory, boolean sync, long cacheBytes) {
    if (cacheBytes <= 0) {
      throw new IllegalArgumentException("the block cache must be positive: " + cacheBytes);
    }
    Path dir = directory.toAbsolutePath().normalize();
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new EngineStartupException(
          dir, "Cannot create the data directory " + dir + ": " + e.getMessage(), e);
    }
    RocksOptions options = new RocksOptions(cacheBytes);
    try {
      return new RocksStore(dir, options, RocksDB.open(options.options(), dir.toString()), sync);
    } catch (RocksDBException e) {
      options.close();
      String message = String.valueOf(e.getMessage());
      if (message.contains("/LOCK") || message.contains("lock hold")) {
        throw new DataDirectoryInUseException(dir, e);
      }
      throw new EngineStartupException(
          dir, "Cannot open the data directory " + dir + ": " + message, e);
    }
  }

  /** The directory the store keeps its files in. */
  public Path directory() {
    return directory;
  }

  @Override
  public byte @Nullable [] get(byte[] key) {
    return withHandles(() -> rocks(() -> db.get(key)));
  }

  @Override
  public byte[] @Nullable [] getAll(byte[][] keys) {
    if (keys.length == 0) {
      // RocksDB asserts that a multi-get has keys
      return new byte[0][];
    }
    return withHandles(() -> rocks(() -> db.multiGetAsList(Arrays.asList(keys))))
        .toArray(new byte[0][]);
  }

  @Override
  public StoreCursor scan(
      byte @Nullable [] fromInclusive, byte @Nullable [] toExclusive, boolean reverse) {
    return withHandles(() -> RocksCursor.open(this, db, null, fromInclusive, toExclusive, reverse));
  }

  @Override
  public Snapshot snapshot() {
    return withHandles(() -> new RocksSnapshot(this, db));
  }

  @Override
  public void apply(WriteBatch batch) {
    if (batch.isEmpty()) {
      return;
    }
    withHandles(
        () -> {
          try (org.rocksdb.WriteBatch rocksBatch = new org.rocksdb.WriteBatch()) {
            for (WriteBatch.Change c : batch.changes()) {
              if (c.value() == null) {
                rocksBatch.delete(c.key());
              } else {
                rocksBatch.put(c.key(), c.value());
              }
            }
            db.write(writeOptions, rocksBatch);
          } catch (RocksDBException e) {
            throw failure(e);
          }
          return null;
        });
  }

  /**
   * With {@code sync}, RocksDB's last sequence number: that of the newest write applied. Without,
   * 0: a batch is as durable as this store promises once {@code apply} returns.
   */
  @Override
  public long mark() {
    return syncer == null ? 0 : withHandles(db::getLatestSequenceNumber);
  }

  /**
   * With {@code sync}, once the syncer has synced the log past {@code mark}; without, at once (the
   * log is written to the operating system by {@link #apply} already).
   */
  @Override
  public CompletableFuture<Void> whenDurable(long mark) {
    return syncer == null ? CompletableFuture.completedFuture(null) : syncer.whenSynced(mark);
  }

  /**
   * As {@link #whenDurable}; when no sync is running, the caller's thread syncs (no hand-off to the
   * syncing thread and back: an in-process writer pays what a synced RocksDB write costs).
   */
  @Override
  public void awaitDurable(long mark) {
    if (syncer != null) {
      syncer.awaitSynced(mark);
    }
  }

  /**
   * Always: with either durability a read may wait for a file the operating system has not cached,
   * and a write for RocksDB to catch up with its compactions (a write's log sync is waited for
   * through {@link #whenDurable}, not here).
   */
  @Override
  public boolean waitsForDisk() {
    return true;
  }

  /** Runs a call on the native handles, refused once the store is closed. */
  <T> T withHandles(Supplier<T> call) {
    handles.readLock().lock();
    try {
      if (closed) {
        throw new IllegalStateException("the store in " + directory + " is closed");
      }
      return call.get();
    } finally {
      handles.readLock().unlock();
    }
  }

  /**
   * Runs the closing of a cursor or snapshot: under the read lock, so never while the store closes
   * the database, and not at all once the store has closed it already.
   */
  void release(AutoCloseable resource, Runnable freeHandles) {
    handles.readLock().lock();
    try {
      if (open.remove(resource)) {
        freeHandles.run();
      }
    } finally {
      handles.readLock().unlock();
    }
  }

  /** Tracks a cursor or snapshot so that closing the store closes it. */
  void opened(AutoCloseable resource) {
    open.add(resource);
  }

  /** Runs a RocksDB call, its checked failure turned into an unchecked one naming the directory. */
  <T> T rocks(RocksCall<T> call) {
    try {
      return call.run();
    } catch (RocksDBException e) {
      throw failure(e);
    }
  }

  /** A call that RocksDB may fail. */
  interface RocksCall<T> {
    T run() throws RocksDBException;
  }

  IllegalStateException failure(RocksDBException e) {
    return new IllegalStateException("The store in " + directory + " failed: " + e.getMessage(), e);
  }

  /**
   * Writes the memtables to files before the store closes. RocksDB does not at a close (its log
   * holds the data), so the next open would replay the log and write those files itself: after a
   * load of 10^6 items that took 12 s of the open's wall time on a busy machine. At a close nobody
   * waits for it. A failure leaves the log to replay, as after a crash.
   */
  private void flush() {
    try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
      db.flush(flush);
    } catch (RocksDBException e) {
      // the log still holds every write: the next open replays it
    }
  }

  @Override
  public void close() {
    if (syncer != null) {
      // syncs for those still waiting (it needs the handles): before they are taken away
      syncer.close();
    }
    handles.writeLock().lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      for (AutoCloseable resource : new ArrayList<>(open)) {
        try {
          resource.close();
        } catch (Exception e) {
          // closing the store closes the database below anyway
        }
      }
      open.clear();
      writeOptions.close();
      flush();
      db.close();
      options.close();
    } finally {
      handles.writeLock().unlock();
    }
  }
}
