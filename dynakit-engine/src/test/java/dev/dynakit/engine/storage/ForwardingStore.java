package dev.dynakit.engine.storage;

import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * A store that hands every call to another: tests extend it to make one call wait, fail or run
 * something first, and override only that call.
 */
public abstract class ForwardingStore implements OrderedStore {
  protected final OrderedStore inner;

  protected ForwardingStore(OrderedStore inner) {
    this.inner = inner;
  }

  @Override
  public byte @Nullable [] get(byte[] key) {
    return inner.get(key);
  }

  @Override
  public byte[] @Nullable [] getAll(byte[][] keys) {
    return inner.getAll(keys);
  }

  @Override
  public StoreCursor scan(byte @Nullable [] from, byte @Nullable [] to, boolean reverse) {
    return inner.scan(from, to, reverse);
  }

  @Override
  public Snapshot snapshot() {
    return inner.snapshot();
  }

  @Override
  public long mark() {
    return inner.mark();
  }

  @Override
  public CompletableFuture<Void> whenDurable(long mark) {
    return inner.whenDurable(mark);
  }

  @Override
  public void apply(WriteBatch batch) {
    inner.apply(batch);
  }

  @Override
  public boolean waitsForDisk() {
    return inner.waitsForDisk();
  }

  @Override
  public void close() {
    inner.close();
  }
}
