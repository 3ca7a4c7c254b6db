package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.RawHttpConnection.Response;
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
 *
 * <p>Each thread keeps one connection of its own and sends its puts on it, one after the other. The
 * JDK's {@code HttpClient} is not used here: its connection pool (JDK 17) now and then closes a
 * connection that a new request has already taken, and that request fails with "header parser
 * received no bytes". It failed this test once in CI; pausing the test JVM now and then reproduces
 * it, and the client's trace shows its own {@code ConnectionPool.cleanup} closing the connection
 * ("connection closed locally"), with no close from the server.
 */
class CapacityOverHttpTest {
  private static final int THREADS = 8;
  private static final int PUTS_PER_THREAD = 125;

  private final ManualClock clock = new ManualClock(Instant.parse("2026-12-06T12:00:00Z"));
  private final DynakitEngine engine =
      DynakitEngine.builder().clock(clock).enforceCapacity(true).build();
  private final EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);

  @AfterEach
  void close() {
    server.close();
    engine.close();
  }

  private Response post(String operation, String json) throws Exception {
    try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
      return post(connection, operation, json);
    }
  }

  private static Response post(RawHttpConnection connection, String operation, String json)
      throws Exception {
    connection.send(
        RawHttpConnection.post("DynamoDB_20120810." + operation, json.replace('\'', '"')));
    return connection.read();
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
                .status())
        .isEqualTo(200);
  }

  /** Runs 8 threads of 125 puts of 16 KB; {@code key} gives the partition key of put number n. */
  private List<Response> load(IntFunction<String> key) throws Exception {
    String pad = CapacityEnforcementTest.filler(16);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<List<Response>>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        futures.add(
            pool.submit(
                () -> {
                  List<Response> answers = new ArrayList<>();
                  try (RawHttpConnection connection = new RawHttpConnection(server.port())) {
                    for (int i = 0; i < PUTS_PER_THREAD; i++) {
                      int n = thread * PUTS_PER_THREAD + i;
                      answers.add(
                          post(
                              connection,
                              "PutItem",
                              "{'TableName':'Load','Item':{'pk':{'S':'"
                                  + key.apply(n)
                                  + "'},'sk':{'S':'"
                                  + n
                                  + "'},'pad':{'S':'"
                                  + pad
                                  + "'}}}"));
                    }
                  }
                  return answers;
                }));
      }
      List<Response> all = new ArrayList<>();
      for (Future<List<Response>> f : futures) {
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

    List<Response> answers = load(n -> "today");

    List<Response> refused = answers.stream().filter(r -> r.status() != 200).toList();
    assertThat(answers.size() - refused.size()).isEqualTo(62);
    assertThat(refused)
        .allSatisfy(
            r ->
                assertThat(r.text())
                    .contains("ProvisionedThroughputExceededException")
                    .contains(
                        "\"ThrottlingReasons\":[{\"reason\":\"TableWriteKeyRangeThroughputExceeded\","
                            + "\"resource\":\"arn:aws:dynamodb:us-east-1:000000000000:table/Load\"}]"));
    // nothing of a refused put was written
    assertThat(post("DescribeTable", "{'TableName':'Load'}").text()).contains("\"ItemCount\":62,");
  }

  @Test
  void theSameLoadOverAThousandKeys_isNotThrottled() throws Exception {
    createTable();

    List<Response> answers = load(n -> "key-" + n);

    assertThat(answers).hasSize(1000).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
    assertThat(post("DescribeTable", "{'TableName':'Load'}").text())
        .contains("\"ItemCount\":1000,");
  }
}
