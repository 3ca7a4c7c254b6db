package dev.dynakit.engine.internal.storage.memory;

import dev.dynakit.engine.storage.ConcurrentWritersContract;
import dev.dynakit.engine.storage.OrderedStore;

/** The storage contract under concurrent writers, on the memory store. */
class MemoryStoreConcurrencyTest extends ConcurrentWritersContract {
  @Override
  protected OrderedStore openStore() {
    return new MemoryStore();
  }
}
