package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The acceptance load over HTTP: 16 KB puts from 8 threads, to one partition key and then
 * spread over 1,000. The engine's clock stands still, so every request falls into one second and
 * the outcome is exact: 62 puts of 16 units fit a key's 1,000.
 */
class CapacityOverHttpTest {
  private static final int THREADS = 8;
  private static final int PUTS_PER_THREAD = 125;

  private final ManualClock clock = new ManualClock(Instant.parse("2026-12-06T12:00:00Z"));
  private final DynakitEngine engine =
      DynakitEngine.builder().clock(clock).enforceCapacity(true).build();
  private final EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
  private final HttpClient http = HttpClient.newHttpClient();

  @AfterEach
  void close() {
    server.close();
    engine.close();
  }

  private HttpResponse<String> post(String operation, String json) throws Exception {
    return http.send(
        HttpRequest.newBuilder(server.endpoint())
            .header("Content-Type", "application/x-amz-json-1.0")
            .header("X-Amz-Target", "DynamoDB_20120810." + operation)
            .POST(BodyPublishers.ofString(json.replace('\'', '"')))
            .build(),
        BodyHandlers.ofString());
  }

  private void createTable() throws Exception {
    assertThat(
            post(
                    "CreateTable",
                    "{'TableName':'Load','AttributeDefinitions':[{'AttributeName':'pk',"
                        + "'AttributeType':'S'},{'AttributeName':'sk','AttributeType':'S'}],"
                        + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'},"
                        + "{'AttributeName':'sk','KeyType':'RANGE'}],"
                        + "'BillingMode':'PAY_PER_REQUEST'}")
                .statusCode())
        .isEqualTo(200);
  }

  /** Runs 8 threads of 125 puts of 16 KB; {@code key} gives the partition key of put number n. */
  private List<HttpResponse<String>> load(IntFunction<String> key) throws Exception {
    String pad = CapacityEnforcementTest.filler(16);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<List<HttpResponse<String>>>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        futures.add(
            pool.submit(
                () -> {
                  List<HttpResponse<String>> answers = new ArrayList<>();
                  for (int i = 0; i < PUTS_PER_THREAD; i++) {
                    int n = thread * PUTS_PER_THREAD + i;
                    answers.add(
                        post(
                            "PutItem",
                            "{'TableName':'Load','Item':{'pk':{'S':'"
                                + key.apply(n)
                                + "'},'sk':{'S':'"
                                + n
                                + "'},'pad':{'S':'"
                                + pad
                                + "'}}}"));
                  }
                  return answers;
                }));
      }
      List<HttpResponse<String>> all = new ArrayList<>();
      for (Future<List<HttpResponse<String>>> f : futures) {
        all.addAll(f.get());
      }
      return all;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void oneKeyFromEightThreads_isThrottledNamingTheKeyRange_andExactlyItsCeilingIsWritten()
      throws Exception {
    createTable();

    List<HttpResponse<String>> answers = load(n -> "today");

    List<HttpResponse<String>> refused =
        answers.stream().filter(r -> r.statusCode() != 200).toList();
    assertThat(answers.size() - refused.size()).isEqualTo(62);
    assertThat(refused)
        .allSatisfy(
            r ->
                assertThat(r.body())
                    .contains("ProvisionedThroughputExceededException")
                    .contains(
                        "\"ThrottlingReasons\":[{\"reason\":\"TableWriteKeyRangeThroughputExceeded\","
                            + "\"resource\":\"arn:aws:dynamodb:us-east-1:000000000000:table/Load\"}]"));
    // nothing of a refused put was written
    assertThat(post("DescribeTable", "{'TableName':'Load'}").body()).contains("\"ItemCount\":62,");
  }

  @Test
  void theSameLoadOverAThousandKeys_isNotThrottled() throws Exception {
    createTable();

    List<HttpResponse<String>> answers = load(n -> "key-" + n);

    assertThat(answers).hasSize(1000).allSatisfy(r -> assertThat(r.statusCode()).isEqualTo(200));
    assertThat(post("DescribeTable", "{'TableName':'Load'}").body())
        .contains("\"ItemCount\":1000,");
  }
}
