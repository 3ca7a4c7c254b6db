package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.internal.table.Table;
import dev.dynakit.engine.internal.value.AttrValue;
import dev.dynakit.engine.internal.value.ItemSize;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * One stream of one table, from the time it was enabled: its shards, oldest first, of which only
 * the last may be open. Every method holds the stream's lock, so appends (made under item locks)
 * and reads see one order.
 */
final class TableStream {
  // the Streams API's spelling (Lambda's event records spell these type and principalId)
  private static final Map<String, Object> TTL_IDENTITY =
      Map.of("Type", "Service", "PrincipalId", "dynamodb.amazonaws.com");

  private final Table table;
  private final String arn;
  private final String label;
  private final String viewType;
  private final Instant createdAt;
  private final String region;
  private final StreamSettings settings;
  private final List<Shard> shards = new ArrayList<>();
  private long nextSequence = 1;
  private int retained;

  TableStream(
      Table table,
      String label,
      String viewType,
      Instant createdAt,
      String region,
      StreamSettings s) {
    this.table = table;
    this.arn = table.def().arn() + "/stream/" + label;
    this.label = label;
    this.viewType = viewType;
    this.createdAt = createdAt;
    this.region = region;
    this.settings = s;
    openShard(null, createdAt);
  }

  Table table() {
    return table;
  }

  String arn() {
    return arn;
  }

  String label() {
    return label;
  }

  String viewType() {
    return viewType;
  }

  Instant createdAt() {
    return createdAt;
  }

  StreamSettings settings() {
    return settings;
  }

  /** Whether the table still writes into this stream (not disabled, replaced or deleted). */
  boolean enabled(boolean tableLive) {
    return tableLive && table.def().streamEnabled() && label.equals(table.streamLabel());
  }

  /** Appends the record of one change; the caller holds the item's lock. */
  synchronized void append(
      Map<String, AttrValue> keys,
      @Nullable Map<String, AttrValue> oldItem,
      @Nullable Map<String, AttrValue> newItem,
      boolean byTtl,
      Instant now) {
    maintain(now, true);
    Shard open = shards.get(shards.size() - 1);
    long sequence = nextSequence++;
    String eventName = oldItem == null ? "INSERT" : newItem == null ? "REMOVE" : "MODIFY";
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("ApproximateCreationDateTime", now.getEpochSecond());
    data.put("Keys", keys);
    long size = ItemSize.itemSize(keys);
    if (newItem != null
        && (viewType.equals("NEW_IMAGE") || viewType.equals("NEW_AND_OLD_IMAGES"))) {
      data.put("NewImage", newItem);
      size += ItemSize.itemSize(newItem);
    }
    if (oldItem != null
        && (viewType.equals("OLD_IMAGE") || viewType.equals("NEW_AND_OLD_IMAGES"))) {
      data.put("OldImage", oldItem);
      size += ItemSize.itemSize(oldItem);
    }
    data.put("SequenceNumber", SequenceNumbers.format(sequence));
    data.put("SizeBytes", size);
    data.put("StreamViewType", viewType);
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("eventID", UUID.randomUUID().toString().replace("-", ""));
    tree.put("eventName", eventName);
    tree.put("eventVersion", "1.1");
    tree.put("eventSource", "aws:dynamodb");
    tree.put("awsRegion", region);
    tree.put("dynamodb", data);
    if (byTtl) {
      tree.put("userIdentity", TTL_IDENTITY);
    }
    open.add(new StreamRecord(sequence, now, tree));
    retained++;
    if (retained > settings.maxRecords()) {
      trimOldest(retained - settings.maxRecords());
    }
  }

  /** The retained shards, oldest first, after rolling over and trimming as of {@code now}. */
  synchronized List<Shard> shards(Instant now, boolean enabled) {
    maintain(now, enabled);
    return List.copyOf(shards);
  }

  /** The retained shard with this id, or null. */
  synchronized @Nullable Shard shard(String shardId, Instant now, boolean enabled) {
    maintain(now, enabled);
    for (Shard s : shards) {
      if (s.id().equals(shardId)) {
        return s;
      }
    }
    return null;
  }

  /** Reads under the stream's lock: the records and where the shard continues after them. */
  synchronized Read read(Shard shard, long from, int limit) {
    List<StreamRecord> records = shard.read(from, limit);
    long next = records.isEmpty() ? from : records.get(records.size() - 1).sequence() + 1;
    boolean ended = !shard.open() && next > shard.end();
    return new Read(records, next, ended, shard.firstRetained(), shard.next());
  }

  /** Where a shard's records start (its trim horizon) and the sequence number its next gets. */
  synchronized Read bounds(Shard shard) {
    return new Read(List.of(), shard.next(), false, shard.firstRetained(), shard.next());
  }

  /** A read: records, the next position, whether the closed shard is read to its end. */
  record Read(
      List<StreamRecord> records, long next, boolean ended, long firstRetained, long shardNext) {}

  /** Whether nothing is left to read: the stream is disabled and every shard is trimmed away. */
  synchronized boolean gone(Instant now, boolean enabled) {
    maintain(now, enabled);
    return shards.isEmpty();
  }

  private void maintain(Instant now, boolean enabled) {
    Shard open = shards.isEmpty() ? null : shards.get(shards.size() - 1);
    if (open != null && open.open()) {
      if (!enabled) {
        open.close(now);
      } else if (open.size() >= settings.shardRecords()
          || !open.openedAt().plus(settings.shardAge()).isAfter(now)) {
        open.close(now);
        openShard(open.id(), now);
      }
    }
    Instant horizon = now.minus(settings.retention());
    for (Shard s : shards) {
      retained -= s.trimBefore(horizon);
    }
    shards.removeIf(
        s -> !s.open() && s.size() == 0 && s.closedAt() != null && !s.closedAt().isAfter(horizon));
  }

  private void trimOldest(int count) {
    int left = count;
    for (int i = 0; i < shards.size() && left > 0; i++) {
      int n = shards.get(i).trimFirst(left);
      left -= n;
      retained -= n;
    }
  }

  private void openShard(@Nullable String parentId, Instant now) {
    long start = nextSequence++;
    String id =
        String.format(
            "shardId-%020d-%08x", now.toEpochMilli(), (arn.hashCode() * 31 + (int) start));
    shards.add(new Shard(id, parentId, start, now));
  }
}
