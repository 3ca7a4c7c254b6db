package dev.dynakit.engine.internal.storage.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.storage.WriteBatch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.OptionsUtil;
import org.rocksdb.RocksDBException;

/**
 * The write-path options of {@link RocksWritePath} reach the database: read back from the OPTIONS
 * file RocksDB writes at open, which records the options in force (after RocksDB's own checks).
 */
class RocksWritePathTest {
  @TempDir Path directory;

  @Test
  void openedStore_insertsAWriteGroupOnItsLeader_waitsWithoutSpinning_andReusesLogs()
      throws Exception {
    try (RocksStore store = RocksStore.open(directory, true)) {
      store.apply(new WriteBatch().put(new byte[] {1}, new byte[] {1}));
    }
    try (ConfigOptions config = new ConfigOptions();
        DBOptions db = loadLatest(config)) {
      assertThat(db.allowConcurrentMemtableWrite()).isFalse();
      assertThat(db.enableWriteThreadAdaptiveYield()).isFalse();
      assertThat(db.recycleLogFileNum()).isEqualTo(RocksWritePath.RECYCLED_LOGS).isPositive();
    }
  }

  private DBOptions loadLatest(ConfigOptions config) throws RocksDBException {
    DBOptions db = new DBOptions();
    List<ColumnFamilyDescriptor> families = new ArrayList<>();
    OptionsUtil.loadLatestOptions(config, directory.toString(), db, families);
    families.forEach(f -> f.getOptions().close());
    return db;
  }
}
