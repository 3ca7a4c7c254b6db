package dev.dynakit.engine.storage;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.jspecify.annotations.Nullable;

/**
 * The storage SPI: an ordered map of byte-string keys to byte-string values, keys compared as
 * unsigned bytes. The engine keeps every table, index entry and piece of metadata in one store, and
 * is the store's only caller; it may call every method from many threads at once.
 *
 * <p>The contract, without exceptions:
 *
 * <ul>
 *   <li><b>Atomic batches.</b> {@link #apply} makes all changes of a batch visible at one instant:
 *       no read ever sees some of a batch's changes without the others, and a crash never leaves
 *       half a batch. Concurrent batches are applied one after the other in some order; within a
 *       batch, a later change of a key wins.
 *   <li><b>Point reads.</b> {@link #get} answers the value of the key at some instant between its
 *       call and its return: every batch whose {@code apply} returned before the call is seen.
 *   <li><b>Ordered range reads.</b> {@link #scan} reads a snapshot taken when it is called: it sees
 *       exactly the batches applied before that instant, whatever is written while it iterates.
 *   <li><b>Snapshots.</b> {@link #snapshot} gives a read view of one instant for several reads.
 *   <li><b>Durability.</b> a batch is as durable as the store documents (the memory store: until it
 *       is closed; the on-disk store: per its durability setting) once {@link #whenDurable} of a
 *       {@link #mark} taken after its {@code apply} returned has completed. {@code apply} may
 *       return sooner, its changes already visible to reads, so that the writes of many callers can
 *       share one sync of the disk: a caller tells nobody about a batch, or about anything it read,
 *       before that completion.
 * </ul>
 *
 * <p>Isolation between read-modify-write cycles of the same item (a condition checked against the
 * value a write replaces) is the engine's job (item locks), not the store's.
 */
public interface OrderedStore extends StoreReader, AutoCloseable {

  /**
   * The values under {@code keys}, in their order, null where absent: what {@link #get} answers for
   * each, without the atomicity of a snapshot (use {@link #snapshot} for that). A store that can
   * look keys up together (and overlap their disk reads) overrides this; by default it calls {@link
   * #get}.
   */
  default byte[] @Nullable [] getAll(byte[][] keys) {
    byte[][] values = new byte[keys.length][];
    for (int i = 0; i < keys.length; i++) {
      values[i] = get(keys[i]);
    }
    return values;
  }

  /**
   * Applies all puts and deletes of the batch atomically (see the class comment); it is durable
   * once {@link #whenDurable} of a later {@link #mark} completes. An empty batch changes nothing.
   */
  void apply(WriteBatch batch);

  /**
   * A point in the store's history at or after every batch whose {@code apply} returned before this
   * call: what {@link #whenDurable} waits for. Marks never decrease. A store whose batches are
   * durable when {@code apply} returns answers 0 (the default).
   */
  default long mark() {
    return 0;
  }

  /**
   * Completes once every batch up to {@code mark} is durable per the store's policy (at once when
   * it already is; the default, for a store whose batches are durable when {@code apply} returns),
   * exceptionally when the store could not make them durable: then nothing that depends on them may
   * be reported as done. Completions may run on a thread of the store: they must be short.
   */
  default CompletableFuture<Void> whenDurable(long mark) {
    return CompletableFuture.completedFuture(null);
  }

  /**
   * Returns once every batch up to {@code mark} is durable, as {@link #whenDurable} completes; for
   * a caller that would block on it anyway, so a store may do the work on the caller's thread. By
   * default waits for {@link #whenDurable}.
   *
   * @throws IllegalStateException when the store could not make them durable
   */
  default void awaitDurable(long mark) {
    try {
      whenDurable(mark).join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof IllegalStateException failure
          ? failure
          : new IllegalStateException(String.valueOf(e.getCause()), e.getCause());
    }
  }

  /**
   * A read view of the store as it is now: its reads see exactly the batches applied before this
   * call, whatever is written later. Close it when done; an open snapshot keeps the values it may
   * read alive.
   */
  Snapshot snapshot();

  /**
   * Whether a call may wait milliseconds for the disk (a read of a file, a write held up by the
   * store's own housekeeping): an engine server then runs the requests of an engine over this store
   * on worker threads, so that a waiting call holds up no other connection. A store that answers
   * from memory says false (the default), and its requests run on the server's event loops without
   * a thread hand-off.
   */
  default boolean waitsForDisk() {
    return false;
  }

  /** Releases resources; the store is unusable afterwards. Idempotent. */
  @Override
  void close();
}
