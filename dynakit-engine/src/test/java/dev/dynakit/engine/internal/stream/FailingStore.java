package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.internal.storage.memory.MemoryStore;
import dev.dynakit.engine.storage.ForwardingStore;
import dev.dynakit.engine.storage.WriteBatch;
import java.util.Arrays;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A memory store whose next batch that a test picks fails (as a full disk or an I/O error would),
 * and that can "crash": from then on it stores nothing and its close leaves the memory store as it
 * is, so that a new engine opens what a killed process left.
 */
final class FailingStore extends ForwardingStore {
  private final MemoryStore memory;
  private volatile @Nullable Predicate<WriteBatch> failNext;
  private volatile int failures;
  private volatile boolean crashed;

  FailingStore() {
    this(new MemoryStore());
  }

  private FailingStore(MemoryStore memory) {
    super(memory);
    this.memory = memory;
  }

  /** The next batch {@code which} accepts fails, once. */
  void failNext(Predicate<WriteBatch> which) {
    failNext = which;
  }

  /** How many batches failed. */
  int failures() {
    return failures;
  }

  /** From now on nothing is stored and closing leaves the store as it is (a killed process). */
  void crash() {
    crashed = true;
  }

  /** What the store holds, as a new process would open it. */
  MemoryStore inner() {
    return memory;
  }

  /** A batch that puts or deletes a key starting with {@code prefix}. */
  static Predicate<WriteBatch> touching(byte[] prefix) {
    return batch ->
        batch.changes().stream()
            .anyMatch(
                c ->
                    c.key().length >= prefix.length
                        && Arrays.equals(c.key(), 0, prefix.length, prefix, 0, prefix.length));
  }

  /** A batch that deletes a key starting with {@code prefix}. */
  static Predicate<WriteBatch> deleting(byte[] prefix) {
    return batch ->
        batch.changes().stream()
            .anyMatch(
                c ->
                    c.value() == null
                        && c.key().length >= prefix.length
                        && Arrays.equals(c.key(), 0, prefix.length, prefix, 0, prefix.length));
  }

  @Override
  public void apply(WriteBatch batch) {
    if (crashed) {
      return;
    }
    Predicate<WriteBatch> f = failNext;
    if (f != null && f.test(batch)) {
      failNext = null;
      failures++;
      throw new IllegalStateException("the store failed this batch (as the test asked)");
    }
    inner.apply(batch);
  }

  @Override
  public void close() {
    if (!crashed) {
      inner.close();
    }
  }
}
