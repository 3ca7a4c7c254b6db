package dev.dynakit.engine.internal.tableops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineAccess;
import dev.dynakit.engine.EngineResponse;
import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * Drives an engine through {@link DynakitEngine#handle} with JSON text and reads the answers, for
 * the control-plane tests. JSON may use single quotes for readability; they become double quotes.
 */
final class Wire implements AutoCloseable {
  static final Instant NOW = Instant.parse("2025-03-04T05:06:07.891Z");
  static final String VALIDATION = "com.amazon.coral.validate#ValidationException";
  static final String NOT_FOUND = "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException";
  static final String IN_USE = "com.amazonaws.dynamodb.v20120810#ResourceInUseException";
  static final String LIMIT = "com.amazonaws.dynamodb.v20120810#LimitExceededException";
  static final String ARN_PREFIX = "arn:aws:dynamodb:us-east-1:000000000000:table/";

  final DynakitEngine engine;

  Wire() {
    this(Clock.fixed(NOW, ZoneOffset.UTC));
  }

  Wire(Clock clock) {
    engine = DynakitEngine.builder().clock(clock).build();
  }

  /** One answer: the status and the parsed body. */
  record Answer(int status, Map<String, Object> body) {
    String type() {
      return (String) body.get("__type");
    }

    String message() {
      return (String) body.get("message");
    }

    /** Asserts a refusal of this type with exactly this message. */
    Answer refused(String type, String message) {
      assertThat(status).as(body.toString()).isEqualTo(400);
      assertThat(type()).isEqualTo(type);
      assertThat(message()).isEqualTo(message);
      return this;
    }

    /** Asserts a ValidationException with exactly this message. */
    Answer invalid(String message) {
      return refused(VALIDATION, message);
    }

    Answer ok() {
      assertThat(status).as(body.toString()).isEqualTo(200);
      return this;
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> map(String member) {
      return (Map<String, Object>) body.get(member);
    }
  }

  Answer call(String operation, String json) {
    EngineResponse r =
        engine.handle(
            DynakitEngine.TARGET_PREFIX + operation,
            json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    return new Answer(r.status(), Json.parseObject(r.body()));
  }

  /** CreateTable that must succeed; returns its TableDescription. */
  Map<String, Object> create(String json) {
    return call("CreateTable", json).ok().map("TableDescription");
  }

  /** A hash-only on-demand table with key {@code pk} (S). */
  Map<String, Object> createSimple(String name) {
    return create(
        "{'TableName':'"
            + name
            + "','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
            + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
            + "'BillingMode':'PAY_PER_REQUEST'}");
  }

  Map<String, Object> describe(String name) {
    return call("DescribeTable", "{'TableName':'" + name + "'}").ok().map("Table");
  }

  @SuppressWarnings("unchecked")
  List<Object> tableNames() {
    return (List<Object>) call("ListTables", "{}").ok().body().get("TableNames");
  }

  EngineState state() {
    return EngineAccess.state(engine);
  }

  @Override
  public void close() {
    engine.close();
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> at(Object tree, Object... path) {
    Object node = tree;
    for (Object p : path) {
      node =
          p instanceof Integer i
              ? ((List<Object>) node).get(i)
              : ((Map<String, Object>) node).get(p);
    }
    return (Map<String, Object>) node;
  }
}
