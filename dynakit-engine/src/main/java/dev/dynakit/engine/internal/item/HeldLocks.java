package dev.dynakit.engine.internal.item;

/**
 * Item locks that one thread took together ({@link ItemStore#lock}, {@link ItemStore#lockAll}) and
 * releases together, by {@link #close}: {@code try (HeldLocks held = items.lockAll(keys)) {...}}.
 */
public final class HeldLocks implements AutoCloseable {
  private final StripeLocks locks;
  // distinct and ascending, the order they were taken in
  private final int[] stripes;
  private final int count;
  private boolean released;

  HeldLocks(StripeLocks locks, int[] stripes, int count) {
    this.locks = locks;
    this.stripes = stripes;
    this.count = count;
  }

  /** Releases every lock, in the reverse order of taking them; a second call does nothing. */
  @Override
  public void close() {
    if (released) {
      return;
    }
    released = true;
    for (int i = count - 1; i >= 0; i--) {
      locks.unlock(stripes[i]);
    }
  }
}
