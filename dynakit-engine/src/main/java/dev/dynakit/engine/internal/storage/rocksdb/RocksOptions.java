package dev.dynakit.engine.internal.storage.rocksdb;

import java.lang.management.ManagementFactory;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;

/**
 * The RocksDB options of the on-disk store, and the native objects they hold (closed with the
 * store). RocksDB's defaults keep an 8 MB block cache and no filters: a Query of a table larger
 * than the memtable then reads and decompresses a block from the operating system's page cache in
 * every level it looks into, so its latency grew 6x from 10^4 to 10^7 items (docs/benchmarks.md,
 * "Scale, durability and start-up"). What is set here keeps a read of a large table to cached
 * blocks.
 */
final class RocksOptions implements AutoCloseable {
  /**
   * The length of the keys' prefix that bloom filters also index: a table key's store id, index
   * number and partition hash ({@code KeyCodec.HEADER_LENGTH}), the same for every key of one
   * partition. A read inside one partition (a Query, whose bounds share it) skips every file whose
   * filter says the partition is not there. Shorter keys (the catalog's, under store id 0) are
   * outside the prefix's domain: they are in the whole-key filter only.
   */
  static final int PREFIX_LENGTH = 17;

  /**
   * The default block cache: an eighth of the machine's memory (see {@link #defaultCacheBytes}).
   */
  static final long DEFAULT_CACHE_FRACTION = 8;

  private final Cache cache;
  private final BloomFilter filter;
  private final Options options;

  /**
   * @param cacheBytes the block cache's capacity, outside the Java heap
   */
  RocksOptions(long cacheBytes) {
    // Uncompressed blocks, outside the Java heap (a -Xmx512m engine can hold a table of 10^7
    // items in the cache); memory is taken only as blocks are read, so a small table costs little.
    // 2^6 shards: the default for this size, fewer lock collisions between reading threads.
    this.cache = new LRUCache(cacheBytes, 6, false, 0.1);
    // 10 bits a key: about 1 % false positives. A point read (GetItem, a condition's read) then
    // looks into the one file that holds the key instead of one per level.
    this.filter = new BloomFilter(10, false);
    BlockBasedTableConfig table =
        new BlockBasedTableConfig()
            .setBlockCache(cache)
            .setFilterPolicy(filter)
            // index and filter blocks in the same cache, bounded with the data instead of held
            // beside it per open file; at high priority (the 10 % pool above), so a scan of a large
            // table evicts data blocks before them
            .setCacheIndexAndFilterBlocks(true)
            .setCacheIndexAndFilterBlocksWithHighPriority(true)
            // the newest files (level 0, each looked into by every read) and the top level of every
            // index are never evicted: a read never waits for them to be read again
            .setPinL0FilterAndIndexBlocksInCache(true)
            .setPinTopLevelIndexAndFilter(true);
    this.options =
        new Options()
            .setCreateIfMissing(true)
            // the info logs RocksDB keeps beside the data: three are enough to read a failure
            .setKeepLogFileNum(3)
            // see PREFIX_LENGTH; every iterator then runs in auto prefix mode (RocksCursor), so a
            // range over several partitions is still read in total order
            .useFixedLengthPrefixExtractor(PREFIX_LENGTH)
            .setTableFormatConfig(table);
    RocksWritePath.configure(options);
  }

  Options options() {
    return options;
  }

  /**
   * The default block cache: an eighth of the machine's physical memory, at least 64 MB. Each
   * on-disk engine has its own; it fills only as much as the data read needs.
   */
  static long defaultCacheBytes() {
    long physical;
    try {
      physical =
          ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
              .getTotalMemorySize();
    } catch (RuntimeException | LinkageError e) {
      physical = 0;
    }
    return Math.max(64L << 20, physical / DEFAULT_CACHE_FRACTION);
  }

  @Override
  public void close() {
    options.close();
    filter.close();
    cache.close();
  }
}
