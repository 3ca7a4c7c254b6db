package dev.dynakit.engine;

/**
 * When an on-disk engine answers a write, relative to making it durable. Either way a write is in
 * the write-ahead log, whole, before the engine answers it, and a request's changes (the item, its
 * index entries, all items of a transaction) go to the log as one atomic batch.
 */
public enum Durability {
  /**
   * The default: the log is synced to the disk (fsync) before the answer, for each batch of
   * concurrent requests together. An acknowledged write survives a process kill, an operating
   * system crash and a power loss.
   */
  STRICT,

  /**
   * The log is written to the operating system before the answer but not synced. An acknowledged
   * write survives a kill of the engine's process (the operating system still writes it out), but
   * an operating system crash or a power loss may lose the writes of the last moments (those the
   * operating system had not yet written to the disk); the store stays consistent (never half a
   * request). Faster for bulk loads and tests.
   */
  RELAXED
}
