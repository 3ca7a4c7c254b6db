package dev.dynakit.core.stream;

import java.util.List;

/**
 * Receives a stream's changes, one batch at a time: the records one read of one shard returned, in
 * the shard's order, never empty. Delivery is at least once: a batch whose handler throws is
 * delivered again, and so is a batch handled just before a crash or a stop, when its checkpoint was
 * not saved yet. Make the handler idempotent (e.g. keyed by {@link StreamChange#eventId()}).
 */
@FunctionalInterface
public interface StreamHandler {
  /** Handles one batch; returning means it is done, and its checkpoint is saved after. */
  void handle(List<StreamChange> batch) throws Exception;
}
