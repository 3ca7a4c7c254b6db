package dev.dynakit.it.crash;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The crash campaign's stream check: the table's stream (NEW_IMAGE), read from every shard's trim
 * horizon along the lineage, replays to exactly the table the verifier found. Every stored change
 * has its record and no record lacks its change: an INSERT finds no item, a MODIFY or REMOVE finds
 * one, and the last image of each key is the item; sequence numbers increase, none twice.
 */
final class CrashStreamCheck {
  private static final String STREAMS = "DynamoDBStreams_20120810.";

  /** What the check read: records and shards (one more per crash: the one open at it closes). */
  record Result(int records, int shards) {}

  private CrashStreamCheck() {}

  @SuppressWarnings("unchecked")
  static Result check(DynakitEngine engine, Map<String, CrashModel.Item> table) {
    Map<String, Object> described =
        (Map<String, Object>)
            call(
                    engine,
                    DynakitEngine.TARGET_PREFIX + "DescribeTable",
                    Map.of("TableName", "crash"))
                .get("Table");
    String arn = (String) described.get("LatestStreamArn");
    check(arn != null, "the table has no stream: " + described);
    Map<String, CrashModel.Item> replayed = new TreeMap<>();
    Set<String> sequences = new HashSet<>();
    String last = "";
    int records = 0;
    List<Map<String, Object>> shards = shards(engine, arn);
    for (Map<String, Object> shard : shards) {
      for (Map<String, Object> r : read(engine, arn, shard)) {
        Map<String, Object> data = (Map<String, Object>) r.get("dynamodb");
        String sequence = (String) data.get("SequenceNumber");
        check(sequences.add(sequence), "sequence number " + sequence + " twice");
        check(
            sequence.length() > last.length()
                || (sequence.length() == last.length() && sequence.compareTo(last) > 0),
            "sequence number " + sequence + " after " + last);
        last = sequence;
        records++;
        String key = s((Map<String, Object>) data.get("Keys"), "pk");
        String event = (String) r.get("eventName");
        CrashModel.Item before = replayed.get(key);
        check(
            event.equals("INSERT") == (before == null),
            event + " of " + key + " when the stream had it as " + before);
        if (event.equals("REMOVE")) {
          replayed.remove(key);
        } else {
          replayed.put(key, item((Map<String, Object>) data.get("NewImage")));
        }
      }
    }
    check(
        replayed.equals(table),
        "the stream replays to another table: " + difference(table, replayed));
    return new Result(records, shards.size());
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> shards(DynakitEngine engine, String arn) {
    List<Map<String, Object>> out = new ArrayList<>();
    String start = null;
    do {
      Map<String, Object> req = new LinkedHashMap<>();
      req.put("StreamArn", arn);
      if (start != null) {
        req.put("ExclusiveStartShardId", start);
      }
      Map<String, Object> d =
          (Map<String, Object>)
              call(engine, STREAMS + "DescribeStream", req).get("StreamDescription");
      out.addAll((List<Map<String, Object>>) d.get("Shards"));
      start = (String) d.get("LastEvaluatedShardId");
    } while (start != null);
    for (int i = 1; i < out.size(); i++) {
      check(
          Objects.equals(out.get(i).get("ParentShardId"), out.get(i - 1).get("ShardId")),
          "shard " + out.get(i) + " does not follow " + out.get(i - 1));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> read(
      DynakitEngine engine, String arn, Map<String, Object> shard) {
    boolean open =
        !((Map<String, Object>) shard.get("SequenceNumberRange"))
            .containsKey("EndingSequenceNumber");
    String it =
        (String)
            call(
                    engine,
                    STREAMS + "GetShardIterator",
                    Map.of(
                        "StreamArn",
                        arn,
                        "ShardId",
                        shard.get("ShardId"),
                        "ShardIteratorType",
                        "TRIM_HORIZON"))
                .get("ShardIterator");
    List<Map<String, Object>> out = new ArrayList<>();
    while (it != null) {
      Map<String, Object> r = call(engine, STREAMS + "GetRecords", Map.of("ShardIterator", it));
      List<Map<String, Object>> records = (List<Map<String, Object>>) r.get("Records");
      out.addAll(records);
      it = (String) r.get("NextShardIterator");
      if (records.isEmpty() && open) {
        break;
      }
    }
    return out;
  }

  private static Map<String, Object> call(
      DynakitEngine engine, String target, Map<String, Object> request) {
    EngineResponse r = engine.handle(target, request);
    check(r.status() == 200, target + " failed: " + r.bodyText());
    return r.result();
  }

  @SuppressWarnings("unchecked")
  private static String s(Map<String, Object> item, String name) {
    Map<String, Object> v = (Map<String, Object>) item.get(name);
    return v == null ? null : (String) v.get("S");
  }

  @SuppressWarnings("unchecked")
  private static CrashModel.Item item(Map<String, Object> image) {
    check(image != null, "a record without its new image");
    check(CrashTable.PAD.equals(s(image, "pad")), "an image with another pad: " + image);
    long v = Long.parseLong((String) ((Map<String, Object>) image.get("v")).get("N"));
    return new CrashModel.Item(s(image, "g"), v);
  }

  private static String difference(
      Map<String, CrashModel.Item> expected, Map<String, CrashModel.Item> actual) {
    Map<String, String> diff = new TreeMap<>();
    Set<String> keys = new HashSet<>(expected.keySet());
    keys.addAll(actual.keySet());
    for (String k : keys) {
      if (!Objects.equals(expected.get(k), actual.get(k))) {
        diff.put(k, "table " + expected.get(k) + ", stream " + actual.get(k));
      }
    }
    return diff.toString();
  }

  private static void check(boolean condition, String failure) {
    if (!condition) {
      throw new AssertionError(failure);
    }
  }
}
