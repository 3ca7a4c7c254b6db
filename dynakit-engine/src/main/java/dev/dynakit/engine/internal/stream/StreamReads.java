package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Catalog;
import dev.dynakit.engine.internal.table.KeyAttr;
import dev.dynakit.engine.internal.table.Table;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** The four DynamoDB Streams operations, over the engine's streams. */
final class StreamReads {
  private static final Set<String> ITERATOR_TYPES =
      Set.of("TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER");

  private final Streams streams;
  private final Predicate<Table> live;
  private final Catalog catalog;

  StreamReads(Streams streams, Predicate<Table> live, Catalog catalog) {
    this.streams = streams;
    this.live = live;
    this.catalog = catalog;
  }

  Object listStreams(Request req) {
    String tableName = req.string("TableName");
    int limit = limit(req, 100);
    String start = req.string("ExclusiveStartStreamArn");
    streams.adopt(catalog.all());
    List<Object> out = new ArrayList<>();
    boolean started = start == null;
    String last = null;
    boolean more = false;
    for (TableStream s : streams.all(live)) {
      if (!started) {
        started = s.arn().equals(start);
        continue;
      }
      if (tableName != null && !tableName.equals(s.table().name())) {
        continue;
      }
      if (out.size() == limit) {
        more = true;
        break;
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("StreamArn", s.arn());
      m.put("TableName", s.table().name());
      m.put("StreamLabel", s.label());
      out.add(m);
      last = s.arn();
    }
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("Streams", out);
    if (more) {
      r.put("LastEvaluatedStreamArn", last);
    }
    return r;
  }

  Object describeStream(Request req) {
    TableStream s = stream(req.requireString("StreamArn"));
    int limit = limit(req, 100);
    String start = req.string("ExclusiveStartShardId");
    boolean enabled = s.enabled(live.test(s.table()));
    List<Object> shards = new ArrayList<>();
    boolean started = start == null;
    String last = null;
    boolean more = false;
    for (Shard shard : s.shards(now(), enabled)) {
      if (!started) {
        started = shard.id().equals(start);
        continue;
      }
      if (shards.size() == limit) {
        more = true;
        break;
      }
      shards.add(describe(shard));
      last = shard.id();
    }
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("StreamArn", s.arn());
    d.put("StreamLabel", s.label());
    d.put("StreamStatus", enabled ? "ENABLED" : "DISABLED");
    d.put("StreamViewType", s.viewType());
    d.put("CreationRequestDateTime", java.math.BigDecimal.valueOf(s.createdAt().toEpochMilli(), 3));
    d.put("TableName", s.table().name());
    d.put("KeySchema", keySchema(s.table()));
    d.put("Shards", shards);
    if (more) {
      d.put("LastEvaluatedShardId", last);
    }
    return Map.of("StreamDescription", d);
  }

  Object getShardIterator(Request req) {
    TableStream s = stream(req.requireString("StreamArn"));
    String shardId = req.requireString("ShardId");
    String type = req.requireString("ShardIteratorType");
    if (!ITERATOR_TYPES.contains(type)) {
      throw EngineException.validation(
          "1 validation error detected: Value '"
              + type
              + "' at 'shardIteratorType' failed to satisfy constraint: Member must satisfy enum"
              + " value set: [AFTER_SEQUENCE_NUMBER, LATEST, AT_SEQUENCE_NUMBER, TRIM_HORIZON]");
    }
    String sequenceText = req.string("SequenceNumber");
    boolean bySequence = type.endsWith("SEQUENCE_NUMBER");
    if (bySequence && sequenceText == null) {
      throw EngineException.validation("Must specify a sequence number for iterator type " + type);
    }
    if (!bySequence && sequenceText != null) {
      throw EngineException.validation(
          "Sequence number must not be specified for iterator type " + type);
    }
    Instant now = now();
    Shard shard = shard(s, shardId, now);
    TableStream.Bounds state = s.bounds(shard);
    long next =
        switch (type) {
          case "TRIM_HORIZON" -> state.firstRetained();
          case "LATEST" -> state.shardNext();
          default -> {
            long q = SequenceNumbers.parse(sequenceText);
            long last = state.shardNext() - 1;
            if (q <= shard.start() || q > last) {
              throw EngineException.validation(
                  "Invalid SequenceNumber " + sequenceText + " for shard " + shardId);
            }
            yield type.equals("AT_SEQUENCE_NUMBER") ? q : q + 1;
          }
        };
    if (next < state.firstRetained()) {
      throw trimmed(shardId);
    }
    return Map.of(
        "ShardIterator",
        ShardIterators.encode(new ShardIterators.Position(s.arn(), shardId, next, now)));
  }

  Object getRecords(Request req) {
    ShardIterators.Position p = ShardIterators.decode(req.requireString("ShardIterator"));
    int limit = limit(req, 1000);
    Instant now = now();
    TableStream s = stream(p.streamArn());
    if (!p.issuedAt().plus(s.settings().iteratorLifetime()).isAfter(now)) {
      throw new EngineException(
          ErrorType.EXPIRED_ITERATOR,
          "Iterator expired. The iterator was created at time "
              + p.issuedAt()
              + " while right now it is "
              + now
              + ". The iterator is valid for "
              + s.settings().iteratorLifetime().toMinutes()
              + " minutes.");
    }
    Shard shard = s.shard(p.shardId(), now, s.enabled(live.test(s.table())));
    if (shard == null) {
      throw trimmed(p.shardId());
    }
    TableStream.Read read = s.read(shard, p.next(), limit);
    if (p.next() < read.firstRetained()) {
      throw trimmed(p.shardId());
    }
    List<Object> records = new ArrayList<>();
    for (StreamRecord r : read.records()) {
      records.add(r.tree());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("Records", records);
    if (!read.ended()) {
      out.put(
          "NextShardIterator",
          ShardIterators.encode(
              new ShardIterators.Position(p.streamArn(), p.shardId(), read.next(), now)));
    }
    return out;
  }

  private TableStream stream(String arn) {
    TableStream s = streams.find(arn);
    if (s == null) {
      // a table's stream exists from when it was enabled, recorded changes or not
      streams.adopt(catalog.all());
      s = streams.find(arn);
    }
    if (s == null || s.gone(now(), s.enabled(live.test(s.table())))) {
      throw EngineException.notFound("Requested resource not found: Stream: " + arn + " not found");
    }
    return s;
  }

  private Shard shard(TableStream s, String shardId, Instant now) {
    Shard shard = s.shard(shardId, now, s.enabled(live.test(s.table())));
    if (shard == null) {
      throw EngineException.notFound(
          "Requested resource not found: Shard does not exist: " + shardId);
    }
    return shard;
  }

  private static EngineException trimmed(String shardId) {
    return new EngineException(
        ErrorType.TRIMMED_DATA_ACCESS,
        "Attempted to access data older than the retention period (the trim horizon) in shard "
            + shardId);
  }

  private static Map<String, Object> describe(Shard shard) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("ShardId", shard.id());
    if (shard.parentId() != null) {
      m.put("ParentShardId", shard.parentId());
    }
    Map<String, Object> range = new LinkedHashMap<>();
    range.put("StartingSequenceNumber", SequenceNumbers.format(shard.start()));
    if (!shard.open()) {
      range.put("EndingSequenceNumber", SequenceNumbers.format(shard.end()));
    }
    m.put("SequenceNumberRange", range);
    return m;
  }

  private static List<Object> keySchema(Table table) {
    List<Object> out = new ArrayList<>();
    for (KeyAttr a : table.def().key().hash()) {
      out.add(Map.of("AttributeName", a.name(), "KeyType", "HASH"));
    }
    for (KeyAttr a : table.def().key().range()) {
      out.add(Map.of("AttributeName", a.name(), "KeyType", "RANGE"));
    }
    return out;
  }

  private static int limit(Request req, int max) {
    Long limit = req.integer("Limit");
    if (limit == null) {
      return max;
    }
    if (limit < 1 || limit > max) {
      throw EngineException.validation(
          "1 validation error detected: Value '"
              + limit
              + "' at 'limit' failed to satisfy constraint: Member must have value between 1 and "
              + max);
    }
    return limit.intValue();
  }

  private Instant now() {
    return streams.clock().instant();
  }
}
