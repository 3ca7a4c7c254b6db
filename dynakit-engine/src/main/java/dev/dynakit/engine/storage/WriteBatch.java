package dev.dynakit.engine.storage;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Puts and deletes applied together by {@link OrderedStore#apply}; later entries win. */
public final class WriteBatch {
  /** One change: a put when {@code value} is non-null, a delete otherwise. */
  public record Change(byte[] key, byte @Nullable [] value) {}

  private final List<Change> changes;

  /** An empty batch. */
  public WriteBatch() {
    this(4);
  }

  /** An empty batch that takes {@code expectedChanges} changes without growing. */
  public WriteBatch(int expectedChanges) {
    this.changes = new ArrayList<>(Math.max(expectedChanges, 1));
  }

  public WriteBatch put(byte[] key, byte[] value) {
    changes.add(new Change(key, value));
    return this;
  }

  public WriteBatch delete(byte[] key) {
    changes.add(new Change(key, null));
    return this;
  }

  public List<Change> changes() {
    return Collections.unmodifiableList(changes);
  }

  public boolean isEmpty() {
    return changes.isEmpty();
  }
}
