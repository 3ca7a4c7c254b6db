package dev.dynakit.engine.internal.storage.rocksdb;

import java.lang.management.ManagementFactory;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.HyperClockCache;
import org.rocksdb.Options;

/**
 * The RocksDB options of the on-disk store, and the native objects they hold (closed with the
 * store). RocksDB's defaults keep an 8 MB block cache and no filters: a Query of a table larger
 * than the memtable then reads and decompresses a block from the operating system's page cache in
 * every level it looks into, so its latency grew 6x from 10^4 to 10^7 items (docs/benchmarks.md,
 * "Scale, durability and start-up"). What is set here keeps a read of a large table to cached
 * blocks, found with as few lookups as RocksDB allows.
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
    // Uncompressed data blocks, outside the Java heap (a -Xmx512m engine can hold a table of 10^7
    // items in the cache); memory is taken only as blocks are read, so a small table costs little.
    // A clock cache, not RocksDB's LRU cache: a lookup takes no lock and moves no list entries,
    // and with 10^7 items cached the LRU cache's hash chains and list updates were the largest
    // cost of a Query after the index search (HyperClockCache: p50 17.4 against 20.6 us, side by
    // side; docs/benchmarks.md, "Where a disk Query's time goes"). 0: the table sizes itself.
    this.cache = new HyperClockCache(cacheBytes, 0, -1, false);
    // 10 bits a key: about 1 % false positives. A point read (GetItem, a condition's read) then
    // looks into the one file that holds the key instead of one per level.
    this.filter = new BloomFilter(10, false);
    BlockBasedTableConfig table =
        new BlockBasedTableConfig()
            .setBlockCache(cache)
            .setFilterPolicy(filter)
            // Index and filter blocks are held by each open file's reader, outside the cache (under
            // 4 bytes an item: 37 MB for 10^7 items of 200 bytes): a Query then makes no cache
            // lookup for them, and a Scan that fills the cache with data blocks never evicts them
            // (the clock cache keeps priorities only loosely). Measured: 16.4 against 17.4 us with
            // them in the cache.
            .setCacheIndexAndFilterBlocks(false)
            // A restart point every 16 index entries instead of every one: the binary search runs
            // over a sixteenth of the points (the restart array of a 10^7-item table's index, about
            // 90,000 entries a file, then stays in the processor's caches) and ends with a forward
            // scan of at most 16 neighbouring entries. Measured with both settings open in one JVM,
            // in turns: a Query of 10^7 items 15.8 against 18.3 us and 16.2 against 20.2 us (10^4
            // items: the same); docs/benchmarks.md, "Index restart points, side by side".
            .setIndexBlockRestartInterval(16);
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
