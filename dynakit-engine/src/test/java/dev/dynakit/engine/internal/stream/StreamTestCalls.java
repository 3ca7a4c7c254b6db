package dev.dynakit.engine.internal.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The wire calls the stream tests of this package make on an engine in process: JSON written with
 * single quotes (turned into double ones), each answer checked to be a success.
 */
@SuppressWarnings("unchecked")
final class StreamTestCalls {
  private StreamTestCalls() {}

  /** Sends a request as it is, whatever it answers. */
  static EngineResponse send(DynakitEngine engine, String target, String json) {
    return engine.handle(target, json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
  }

  /** Sends a request and returns its answer, failing the test unless it succeeded. */
  static Map<String, Object> call(DynakitEngine engine, String target, String json) {
    EngineResponse r = send(engine, target, json);
    Map<String, Object> body = Json.parseObject(r.body());
    assertThat(r.status()).as(body.toString()).isEqualTo(200);
    return body;
  }

  /** A DynamoDB operation. */
  static Map<String, Object> db(DynakitEngine engine, String op, String json) {
    return call(engine, DynakitEngine.TARGET_PREFIX + op, json);
  }

  /** A DynamoDB Streams operation. */
  static Map<String, Object> streams(DynakitEngine engine, String op, String json) {
    return call(engine, StreamOperations.TARGET_PREFIX + op, json);
  }

  /** The shards DescribeStream lists for the stream. */
  static List<Map<String, Object>> shards(DynakitEngine engine, String arn) {
    Map<String, Object> d =
        (Map<String, Object>)
            streams(engine, "DescribeStream", "{'StreamArn':'" + arn + "'}")
                .get("StreamDescription");
    return (List<Map<String, Object>>) d.get("Shards");
  }

  /** A shard iterator of the given type (and sequence number, for the types that take one). */
  static String iterator(
      DynakitEngine engine, String arn, String shardId, String type, @Nullable String sequence) {
    return (String)
        streams(
                engine,
                "GetShardIterator",
                "{'StreamArn':'"
                    + arn
                    + "','ShardId':'"
                    + shardId
                    + "','ShardIteratorType':'"
                    + type
                    + "'"
                    + (sequence == null ? "" : ",'SequenceNumber':'" + sequence + "'")
                    + "}")
            .get("ShardIterator");
  }
}
