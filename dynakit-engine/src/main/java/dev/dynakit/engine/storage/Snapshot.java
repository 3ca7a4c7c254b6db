package dev.dynakit.engine.storage;

/**
 * A consistent read view of an {@link OrderedStore}: every read sees exactly the batches applied
 * before {@link OrderedStore#snapshot} was called. Safe to use from several threads; its cursors
 * stay valid only while it is open.
 */
public interface Snapshot extends StoreReader, AutoCloseable {
  /** Releases the view. Idempotent. */
  @Override
  void close();
}
