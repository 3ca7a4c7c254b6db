package dev.dynakit.engine.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineResponse;
import dev.dynakit.engine.JsonCalls;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Request bodies that are JSON but not what DynamoDB accepts: strings that are not valid Unicode
 * (issue 23, defect 3: they were stored with '?' in place of the bad part, so different keys
 * overwrote one another) and numbers whose exponent overflows (defect 4: a 500).
 */
class HostileJsonTest {
  private static final String SERIALIZATION = "com.amazon.coral.service#SerializationException";
  private static final List<String> OPERATIONS =
      List.of(
          "BatchGetItem",
          "BatchWriteItem",
          "CreateTable",
          "DeleteItem",
          "DeleteTable",
          "DescribeEndpoints",
          "DescribeLimits",
          "DescribeTable",
          "DescribeTimeToLive",
          "GetItem",
          "ListTables",
          "ListTagsOfResource",
          "PutItem",
          "Query",
          "Scan",
          "TagResource",
          "TransactGetItems",
          "TransactWriteItems",
          "UntagResource",
          "UpdateItem",
          "UpdateTable",
          "UpdateTimeToLive");

  private DynakitEngine engine;
  private JsonCalls calls;

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
    calls = new JsonCalls(engine);
    calls.createTableWithIndex("tbl");
  }

  @AfterEach
  void stop() {
    engine.close();
  }

  @Test
  void loneSurrogateEscapes_areRefusedAndNothingIsStored() {
    for (String key : List.of("a\\ud800", "a\\ud801", "a\\udc00", "\\ud800\\ud800", "\\udfff")) {
      EngineResponse r = put("{\"TableName\":\"tbl\",\"Item\":{\"pk\":{\"S\":\"" + key + "\"}}}");
      assertSerialization(r, "unpaired surrogate");
    }
    assertThat(scanCount()).isZero();
  }

  @Test
  void loneSurrogateInAMemberName_isRefused() {
    EngineResponse r =
        put("{\"TableName\":\"tbl\",\"Item\":{\"pk\":{\"S\":\"k\"},\"x\\ud800\":{\"S\":\"v\"}}}");
    assertSerialization(r, "surrogate");
  }

  @Test
  void pairedSurrogateEscapes_areStoredAsTheirCharacter() {
    calls.call("PutItem", "{'TableName':'tbl','Item':{'pk':{'S':'\\ud83d\\ude00'}}}").ok();
    byte[] answer =
        engine
            .handle(
                DynakitEngine.TARGET_PREFIX + "GetItem",
                "{\"TableName\":\"tbl\",\"Key\":{\"pk\":{\"S\":\"\uD83D\uDE00\"}}}"
                    .getBytes(StandardCharsets.UTF_8))
            .body();
    assertThat(Json.parseObject(answer).toString()).contains("{S=\uD83D\uDE00}");
  }

  @Test
  void invalidUtf8_isRefused() {
    int[][] sequences = {
      {0xC0, 0x80}, // overlong NUL
      {0xE0, 0x80, 0x80}, // overlong
      {0xED, 0xA0, 0x80}, // an encoded surrogate
      {0xF4, 0x90, 0x80, 0x80}, // past U+10FFFF
      {0xF8, 0x80, 0x80, 0x80, 0x80},
      {0x80}, // a continuation byte alone
      {0xC3}, // cut short before the closing quote
      {0xE2, 0x82}
    };
    for (int[] sequence : sequences) {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      body.writeBytes("{\"TableName\":\"tbl\",\"Item\":{\"pk\":{\"S\":\"a".getBytes());
      for (int b : sequence) {
        body.write(b);
      }
      body.writeBytes("\"}}}".getBytes());
      EngineResponse r = engine.handle(DynakitEngine.TARGET_PREFIX + "PutItem", body.toByteArray());
      assertSerialization(r, "Invalid UTF-8");
    }
    assertThat(scanCount()).isZero();
  }

  @Test
  void validMultiByteText_isAccepted() {
    calls.call("PutItem", "{'TableName':'tbl','Item':{'pk':{'S':'é€😀'}}}").ok();
    assertThat(scanCount()).isEqualTo(1);
  }

  @Test
  void exponentBeyondAnInt_isASerializationErrorOnEveryOperation() {
    for (String number : List.of("1e-2147483649", "1e2147483648", "-5E+99999999999")) {
      for (String op : OPERATIONS) {
        for (String body :
            List.of(
                "{\"Limit\": " + number + "}",
                "{\"TableName\":\"tbl\",\"Zz\": [" + number + "]}")) {
          EngineResponse r =
              engine.handle(
                  DynakitEngine.TARGET_PREFIX + op, body.getBytes(StandardCharsets.UTF_8));
          assertThat(r.status()).as(op + " " + body).isEqualTo(400);
          assertThat(r.bodyText())
              .as(op + " " + body)
              .contains(SERIALIZATION, "Number out of range");
        }
      }
    }
  }

  @Test
  void batchGetItem_withANullTableEntry_isAValidationError() {
    calls
        .call("BatchGetItem", "{'RequestItems':{'tbl':null}}")
        .invalid(
            "1 validation error detected: Value null at 'requestItems.tbl.member' failed to satisfy"
                + " constraint: Member must not be null");
  }

  private EngineResponse put(String body) {
    return engine.handle(
        DynakitEngine.TARGET_PREFIX + "PutItem", body.getBytes(StandardCharsets.UTF_8));
  }

  private long scanCount() {
    return (Long)
        calls.call("Scan", "{'TableName':'tbl','Select':'COUNT'}").ok().body().get("Count");
  }

  private static void assertSerialization(EngineResponse r, String words) {
    assertThat(r.status()).as(r.bodyText()).isEqualTo(400);
    assertThat(r.bodyText()).contains(SERIALIZATION, words);
  }
}
