package dev.dynakit.engine.internal.storage.rocksdb;

import dev.dynakit.engine.storage.ConcurrentWritersContract;
import dev.dynakit.engine.storage.OrderedStore;
import java.nio.file.Path;

/** The storage contract under concurrent writers, on the on-disk store, syncing as by default. */
class RocksStoreConcurrencyTest extends ConcurrentWritersContract {
  private Path directory;

  @Override
  protected OrderedStore openStore() throws Exception {
    directory = TempDirectories.create();
    return RocksStore.open(directory, true);
  }

  @Override
  protected void discardStore() {
    TempDirectories.delete(directory);
  }
}
