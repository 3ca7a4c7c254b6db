package dev.dynakit.engine.internal.storage.rocksdb;

import dev.dynakit.engine.storage.OrderedStore;
import dev.dynakit.engine.storage.OrderedStoreContract;
import java.nio.file.Path;

/** The storage contract, on the on-disk store (without syncing: the contract tests no crashes). */
class RocksStoreContractTest extends OrderedStoreContract {
  private Path directory;

  @Override
  protected OrderedStore openStore() throws Exception {
    directory = TempDirectories.create();
    return RocksStore.open(directory, false);
  }

  @Override
  protected void discardStore() {
    TempDirectories.delete(directory);
  }
}
