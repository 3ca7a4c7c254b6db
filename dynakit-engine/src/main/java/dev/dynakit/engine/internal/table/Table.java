package dev.dynakit.engine.internal.table;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * A live table: its current declaration plus the state that changes with every write (item count
 * and size), tags and time-to-live settings. The {@code storeId} prefixes every storage key of the
 * table so that a deleted and re-created table never sees old data.
 *
 * <p>Control-plane changes (UpdateTable, tagging, index status) synchronize on the table, so that
 * each one validates against and replaces the declaration it read.
 */
public final class Table {
  private volatile TableDef def;
  private volatile String status;
  private final long storeId;
  private final AtomicLong itemCount = new AtomicLong();
  private final AtomicLong sizeBytes = new AtomicLong();
  private final Map<String, String> tags = new ConcurrentHashMap<>();
  private volatile String ttlAttribute;
  private volatile boolean ttlEnabled;
  private volatile @Nullable Instant ttlChangedAt;
  private final Object indexChanges = new Object();
  private volatile @Nullable Instant tableClassUpdatedAt;
  // OnDemandThroughput / WarmThroughput: of the table, and of each GSI by name (CapacitySettings)
  private final Map<String, Map<String, Object>> capacity = new ConcurrentHashMap<>();
  private final Map<String, Map<String, Map<String, Object>>> indexCapacity =
      new ConcurrentHashMap<>();
  private final ThroughputHistory throughputHistory = new ThroughputHistory();
  private final Map<String, ThroughputHistory> indexThroughputHistories = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> indexItemCounts = new ConcurrentHashMap<>();
  private final Map<String, Integer> indexStoreNumbers = new ConcurrentHashMap<>();
  private final java.util.concurrent.atomic.AtomicInteger nextIndexStoreNo =
      new java.util.concurrent.atomic.AtomicInteger(1);
  private final Map<String, AtomicLong> indexSizes = new ConcurrentHashMap<>();
  private volatile String streamLabel;
  private volatile Instant lastUpdateToPayPerRequest;
  private volatile Map<String, Object> sseSpecification;

  public Table(TableDef def, long storeId, String status) {
    this.def = def;
    this.storeId = storeId;
    this.status = status;
  }

  public TableDef def() {
    return def;
  }

  public void def(TableDef newDef) {
    this.def = newDef;
  }

  public String name() {
    return def.name();
  }

  public String status() {
    return status;
  }

  public void status(String newStatus) {
    this.status = newStatus;
  }

  public long storeId() {
    return storeId;
  }

  public AtomicLong itemCount() {
    return itemCount;
  }

  public AtomicLong sizeBytes() {
    return sizeBytes;
  }

  public Map<String, String> tags() {
    return tags;
  }

  public String ttlAttribute() {
    return ttlAttribute;
  }

  public boolean ttlEnabled() {
    return ttlEnabled;
  }

  /** Switches time to live, at {@code when} (which bounds the next switch). */
  public void ttl(String attribute, boolean enabled, Instant when) {
    this.ttlAttribute = attribute;
    this.ttlEnabled = enabled;
    this.ttlChangedAt = when;
  }

  /** When time to live was last switched, or null if never. */
  public @Nullable Instant ttlChangedAt() {
    return ttlChangedAt;
  }

  /** The item count of a secondary index, maintained by index maintenance. */
  public AtomicLong indexItemCount(String indexName) {
    return indexItemCounts.computeIfAbsent(indexName, n -> new AtomicLong());
  }

  /** The size in bytes of a secondary index, maintained by index maintenance. */
  public AtomicLong indexSizeBytes(String indexName) {
    return indexSizes.computeIfAbsent(indexName, n -> new AtomicLong());
  }

  /** The lock UpdateTable holds through one change of the table's indices, to its end. */
  public Object indexChanges() {
    return indexChanges;
  }

  /** The table's OnDemandThroughput and WarmThroughput settings, by setting. */
  public Map<String, Map<String, Object>> capacity() {
    return capacity;
  }

  /** A GSI's OnDemandThroughput and WarmThroughput settings, by setting. */
  public Map<String, Map<String, Object>> indexCapacity(String indexName) {
    return indexCapacity.computeIfAbsent(indexName, n -> new ConcurrentHashMap<>());
  }

  /**
   * An OnDemandThroughput maximum ({@code MaxReadRequestUnits} or {@code MaxWriteRequestUnits}) of
   * the table ({@code indexName} null) or of a GSI, for capacity enforcement; 0 when none is set
   * (or -1 was, which removes it).
   */
  public long onDemandMaximum(@Nullable String indexName, String member) {
    Map<String, Object> onDemand =
        (indexName == null ? capacity : indexCapacity(indexName)).get(CapacitySettings.ON_DEMAND);
    return onDemand != null && onDemand.get(member) instanceof Long n && n > 0 ? n : 0;
  }

  /** When UpdateTable last set the table class, or null. */
  public @Nullable Instant tableClassUpdatedAt() {
    return tableClassUpdatedAt;
  }

  public void tableClassUpdatedAt(Instant at) {
    tableClassUpdatedAt = at;
  }

  /** The table's provisioned-throughput changes and switches to on demand. */
  public ThroughputHistory throughputHistory() {
    return throughputHistory;
  }

  /** A GSI's provisioned-throughput changes. */
  public ThroughputHistory indexThroughputHistory(String indexName) {
    return indexThroughputHistories.computeIfAbsent(indexName, n -> new ThroughputHistory());
  }

  /** Forgets the counters, the storage number and the settings of a deleted index. */
  public void dropIndexStats(String indexName) {
    indexCapacity.remove(indexName);
    indexThroughputHistories.remove(indexName);
    indexItemCounts.remove(indexName);
    indexSizes.remove(indexName);
    indexStoreNumbers.remove(indexName);
  }

  /**
   * The number (1..255) that prefixes the storage keys of a secondary index, next to the table's
   * {@link #storeId()}; 0 is the base table. Numbers are never reused within a table, so the
   * entries of a deleted index can never be read as those of a new one with the same name.
   */
  public int indexStoreNo(String indexName) {
    return indexStoreNumbers.computeIfAbsent(
        indexName,
        n -> {
          int next = nextIndexStoreNo.getAndIncrement();
          if (next > 255) {
            throw new IllegalStateException("index numbers of table " + name() + " exhausted");
          }
          return next;
        });
  }

  /**
   * Whether {@code storeNo} is the storage number of the index of that name now: false once the
   * index was dropped, and for a new index of the same name. Never takes a number.
   */
  public boolean isIndexStoreNo(String indexName, int storeNo) {
    Integer current = indexStoreNumbers.get(indexName);
    return current != null && current == storeNo;
  }

  /**
   * Sets the status of a global secondary index, for example to {@code ACTIVE} with {@code
   * backfilling} false once its backfill is done. Does nothing if the index no longer exists.
   */
  public synchronized void indexStatus(String indexName, String status, boolean backfilling) {
    TableDef current = def;
    List<IndexDef> gsis = new ArrayList<>(current.globalIndexes());
    for (int i = 0; i < gsis.size(); i++) {
      if (gsis.get(i).name().equals(indexName)) {
        gsis.set(i, gsis.get(i).withStatus(status, backfilling));
        def = current.withGlobalIndexes(gsis);
        return;
      }
    }
  }

  /** The label of the table's latest stream (kept after the stream is disabled), or null. */
  public String streamLabel() {
    return streamLabel;
  }

  public void streamLabel(String label) {
    this.streamLabel = label;
  }

  /** When the table last switched to on-demand billing, or null if it never did. */
  public Instant lastUpdateToPayPerRequest() {
    return lastUpdateToPayPerRequest;
  }

  public void lastUpdateToPayPerRequest(Instant at) {
    this.lastUpdateToPayPerRequest = at;
  }

  /** The SSESpecification as last accepted (a response tree), or null. */
  public Map<String, Object> sseSpecification() {
    return sseSpecification;
  }

  public void sseSpecification(Map<String, Object> spec) {
    this.sseSpecification = spec;
  }

  /**
   * The state of the table's secondary indices that the catalog stores ({@link TableRecord}):
   * storage numbers, capacity settings and throughput histories.
   */
  Map<String, Object> indexRecords() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("nextStoreNo", (long) nextIndexStoreNo.get());
    Map<String, Object> numbers = new LinkedHashMap<>();
    indexStoreNumbers.forEach((name, no) -> numbers.put(name, (long) no));
    m.put("storeNumbers", numbers);
    m.put("capacity", new LinkedHashMap<>(indexCapacity));
    Map<String, Object> histories = new LinkedHashMap<>();
    indexThroughputHistories.forEach((name, h) -> histories.put(name, h.state()));
    m.put("throughputHistories", histories);
    return m;
  }

  /** Restores what {@link #indexRecords} gave, into a table just read from the catalog. */
  @SuppressWarnings("unchecked")
  void restoreIndexRecords(Map<String, Object> m) {
    nextIndexStoreNo.set(((Number) m.get("nextStoreNo")).intValue());
    ((Map<String, Object>) m.get("storeNumbers"))
        .forEach((name, no) -> indexStoreNumbers.put(name, ((Number) no).intValue()));
    ((Map<String, Object>) m.get("capacity"))
        .forEach((name, c) -> indexCapacity.put(name, (Map<String, Map<String, Object>>) c));
    ((Map<String, Object>) m.get("throughputHistories"))
        .forEach((name, h) -> indexThroughputHistory(name).restore((Map<String, Object>) h));
  }
}
