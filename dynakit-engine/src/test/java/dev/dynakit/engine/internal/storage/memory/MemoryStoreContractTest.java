package dev.dynakit.engine.internal.storage.memory;

import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.OrderedStoreContract;

/** The storage contract, on the memory store. */
class MemoryStoreContractTest extends OrderedStoreContract {
  @Override
  protected OrderedStore openStore() {
    return new MemoryStore();
  }
}
