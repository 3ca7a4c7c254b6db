package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.storage.WriteBatch;
import java.util.ArrayList;
import java.util.List;

/**
 * One change of a stream's own state (a shard opened or closed, sequence numbers reserved, records
 * trimmed), worked out on the side: what it stores collects in {@link #batch}, and what it changes
 * in memory runs only once that batch is stored ({@link #stored}). A store write that fails then
 * leaves the stream as the store has it, so that a later restart never finds the store behind what
 * the engine handed out (a sequence number used twice, a shard readers saw that never was).
 */
final class StreamStep {
  // sequence numbers reserved in the store at a time
  static final long RESERVE_BLOCK = 1024;

  private final String arn;
  private final WriteBatch batch = new WriteBatch();
  private final List<Runnable> effects = new ArrayList<>();
  private long next;
  private long reserved;

  /** A step from the stream's numbering as it stands: the next number and the reserved bound. */
  StreamStep(String arn, long next, long reserved) {
    this.arn = arn;
    this.next = next;
    this.reserved = reserved;
  }

  WriteBatch batch() {
    return batch;
  }

  /** Hands out the next sequence number, reserving a new block in the batch when needed. */
  long take() {
    long q = next++;
    if (q >= reserved) {
      reserved = q + RESERVE_BLOCK;
      batch.put(
          StreamKeys.reservation(arn),
          StreamCodec.reservation(new StreamCodec.Reservation(reserved, false)));
    }
    return q;
  }

  /** The next sequence number once the step is stored. */
  long next() {
    return next;
  }

  /** The reserved bound once the step is stored. */
  long reserved() {
    return reserved;
  }

  /** Something to change in memory once the batch is stored (in the order given). */
  void then(Runnable effect) {
    effects.add(effect);
  }

  /** The batch is stored: changes the stream in memory. */
  void stored() {
    for (Runnable effect : effects) {
      effect.run();
    }
  }
}
