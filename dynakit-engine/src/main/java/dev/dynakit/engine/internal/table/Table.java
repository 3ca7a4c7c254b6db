package dev.dynakit.engine.internal.table;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A live table: its current declaration plus the state that changes with every write (item count
 * and size), tags and time-to-live settings. The {@code storeId} prefixes every storage key of
 * the table so that a deleted and re-created table never sees old data.
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

  public void ttl(String attribute, boolean enabled) {
    this.ttlAttribute = attribute;
    this.ttlEnabled = enabled;
  }
}
