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
   * system crash and a power loss. A write is visible to other requests once it is in the log,
   * before the sync, so every answer (a read's too) waits until the writes the store held when it
   * was made are synced: nobody learns of a write a crash could take back. After a failed sync
   * every later answer that would depend on one is an internal error until the engine restarts.
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
