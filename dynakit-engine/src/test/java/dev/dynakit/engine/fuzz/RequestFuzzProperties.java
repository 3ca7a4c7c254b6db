package dev.dynakit.engine.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Issue 23's fuzzing in the build: valid requests of every operation, mutated (members dropped,
 * duplicated, renamed and retyped; hostile numbers and strings, deep nesting, lone surrogates,
 * invalid UTF-8, huge exponents, nulls, bodies cut short), are answered with a 200 or a 4xx naming
 * a DynamoDB error type: never a 5xx. Most go through the engine in process; some over HTTP. {@code
 * tools/fuzz-campaign} runs the same fuzzer for millions of requests.
 */
class RequestFuzzProperties {
  private static DynakitEngine engine;
  private static EngineServer server;
  private static RequestFuzzer inProcess;
  private static RequestFuzzer overHttp;
  private static int sent;

  @BeforeContainer
  static void start() {
    engine = DynakitEngine.inMemory();
    server = EngineServer.start(engine, "127.0.0.1", 0);
    inProcess = new RequestFuzzer(FuzzTarget.inProcess(engine));
    overHttp = new RequestFuzzer(FuzzTarget.http(server.endpoint()));
  }

  @AfterContainer
  static void stop() {
    server.close();
    engine.close();
  }

  @Property(tries = 4000)
  void mutatedRequests_inProcess_areNeverServerErrors(
      @ForAll("operations") String operation, @ForAll long seed) {
    check(inProcess, operation, seed);
  }

  @Property(tries = 300)
  void mutatedRequests_overHttp_areNeverServerErrors(
      @ForAll("operations") String operation, @ForAll long seed) {
    check(overHttp, operation, seed);
  }

  /**
   * The seeds are valid requests (each answered 200 on a fresh fixture), and cover every operation
   * the engine serves: mutations start from the operations' success paths.
   */
  @Example
  void seeds_areValidRequestsOfEveryOperation() {
    for (SeedRequests.Seed seed : SeedRequests.ALL) {
      try (DynakitEngine fresh = DynakitEngine.inMemory()) {
        FuzzTarget target = FuzzTarget.inProcess(fresh);
        SeedRequests.createFixture((op, body) -> target.call(op, body).status());
        FuzzTarget.Answer answer = target.call(seed.operation(), SeedRequests.bytes(seed.json()));
        assertThat(answer.status())
            .as(seed + " -> " + new String(answer.body(), StandardCharsets.UTF_8))
            .isEqualTo(200);
      }
    }
    for (String operation : SeedRequests.operations()) {
      assertThat(engine.handle(DynakitEngine.TARGET_PREFIX + operation, new byte[0]).bodyText())
          .doesNotContain("UnknownOperationException");
    }
    assertThat(SeedRequests.operations()).hasSize(22);
  }

  /**
   * Found by the fuzzer: a table name too short made BatchWriteItem echo its request in the
   * refusal, and the echo recursed without bound into a deeply nested item (500).
   */
  @Example
  void batchWriteItem_withAnInvalidItemNestedDeep_isAValidationError() {
    String deep = "{\"S\":\"leaf\"}";
    for (int i = 0; i < 480; i++) {
      deep = "{\"M\":{\"a\":" + deep + "}}";
    }
    String body =
        "{\"RequestItems\":{\"fz\":[{\"PutRequest\":{\"Item\":{\"pk\":{\"S\":\"p\"},"
            + "\"g\":{\"X\":"
            + deep
            + "}}}}]}}";
    FuzzTarget.Answer answer =
        FuzzTarget.inProcess(engine).call("BatchWriteItem", body.getBytes(StandardCharsets.UTF_8));
    assertThat(answer.status()).isEqualTo(400);
    assertThat(new String(answer.body(), StandardCharsets.UTF_8))
        .contains("ValidationException", "WriteRequest(putRequest=PutRequest(item={pk=");
  }

  private static void check(RequestFuzzer fuzzer, String operation, long seed) {
    if (++sent % 500 == 0) {
      fuzzer.restoreFixture(); // a mutated DeleteTable or UpdateTable may have taken it away
    }
    RequestFuzzer.Outcome outcome = fuzzer.fuzz(operation, seed);
    assertThat(outcome.problem()).as(outcome.describe()).isNull();
  }

  @Provide
  Arbitrary<String> operations() {
    List<String> all = SeedRequests.operations();
    return Arbitraries.of(all);
  }
}
