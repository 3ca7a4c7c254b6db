package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.RawHttpConnection.Response;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A client that stalls costs the engine server one connection for a bounded time, never a thread or
 * the memory its headers announce. Times are measured, not slept: each test reads until the server
 * closes and checks how long that took against a bound far above the configured timeout.
 */
class StalledClientsTest {
  private static final Duration SHORT = Duration.ofMillis(300);
  private static final long CLOSED_WITHIN_MILLIS = 5_000;
  private static final String LIST_TABLES = "DynamoDB_20120810.ListTables";

  private DynakitEngine engine;
  private EngineServer server;

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    engine.close();
  }

  @Test
  void partialRequestLine_isClosedAfterTheHeaderTimeout() throws IOException {
    server = EngineServer.builder(engine).headerTimeout(SHORT).start();
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send("POST / HT");
      assertClosedInTime(c);
    }
  }

  @Test
  void partialHeaders_areClosedAfterTheHeaderTimeout() throws IOException {
    server = EngineServer.builder(engine).headerTimeout(SHORT).start();
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send("POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: " + LIST_TABLES + "\r\n");
      assertClosedInTime(c);
    }
  }

  @Test
  void connectionThatSendsNothing_isClosedAfterTheHeaderTimeout() throws IOException {
    server = EngineServer.builder(engine).headerTimeout(SHORT).start();
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      assertClosedInTime(c);
    }
  }

  @Test
  void bodyShorterThanItsContentLength_isClosedAfterTheBodyTimeout() throws IOException {
    server = EngineServer.builder(engine).bodyTimeout(SHORT).start();
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          "POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: "
              + LIST_TABLES
              + "\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: 100\r\n\r\n{");
      assertClosedInTime(c);
    }
  }

  @Test
  void keptAliveConnection_isClosedAfterTheIdleTimeout() throws IOException {
    server = EngineServer.builder(engine).idleTimeout(SHORT).start();
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(RawHttpConnection.post(LIST_TABLES, "{}"));
      assertThat(c.read().status()).isEqualTo(200);
      assertClosedInTime(c);
    }
  }

  @Test
  void activeConnection_isNotClosedByTheTimeouts() throws IOException {
    // each request comes well within the timeouts, though the whole exchange lasts longer
    server =
        EngineServer.builder(engine)
            .headerTimeout(Duration.ofSeconds(2))
            .idleTimeout(Duration.ofSeconds(2))
            .start();
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      long end = System.nanoTime() + Duration.ofSeconds(3).toNanos();
      int answered = 0;
      while (System.nanoTime() < end) {
        c.send(RawHttpConnection.post(LIST_TABLES, "{}"));
        assertThat(c.read().status()).isEqualTo(200);
        answered++;
      }
      assertThat(answered).isPositive();
    }
  }

  @Test
  void connectionsBeyondTheLimit_areClosedAndTheOthersServed() throws IOException {
    server = EngineServer.builder(engine).maxConnections(2).start();
    try (RawHttpConnection first = new RawHttpConnection(server.port());
        RawHttpConnection second = new RawHttpConnection(server.port())) {
      for (RawHttpConnection c : List.of(first, second)) {
        c.send(RawHttpConnection.post(LIST_TABLES, "{}"));
        assertThat(c.read().status()).isEqualTo(200);
      }
      try (RawHttpConnection third = new RawHttpConnection(server.port())) {
        assertThat(third.closedByServerOrReset()).isTrue();
      }
      first.send(RawHttpConnection.post(LIST_TABLES, "{}"));
      assertThat(first.read().status()).isEqualTo(200);
    }
    // the two closed, a new connection is served again once the server has seen them go
    assertThat(servedWithin(Duration.ofSeconds(5))).isTrue();
  }

  /**
   * Issue 23's acceptance: 300 stalled connections (half announcing a body of nearly 17 MiB and
   * sending a few bytes of it, half stuck in their request line) neither delay a normal request
   * beyond a second nor grow the heap by 100 MB. Before, the server allocated every announced body
   * on its headers alone: 150 × 17 MB.
   */
  @Test
  void threeHundredStalledConnections_costNeitherTimeNorMemory() throws IOException {
    server =
        EngineServer.builder(engine)
            .headerTimeout(Duration.ofMinutes(2))
            .bodyTimeout(Duration.ofMinutes(2))
            .start();
    long heapBefore = usedHeapAfterGc();
    List<RawHttpConnection> stalled = new ArrayList<>();
    try {
      for (int i = 0; i < 150; i++) {
        RawHttpConnection c = new RawHttpConnection(server.port());
        stalled.add(c);
        c.send(
            "POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: "
                + LIST_TABLES
                + "\r\nContent-Type: application/x-amz-json-1.0\r\nExpect: 100-continue\r\n"
                + "Content-Length: 17000000\r\n\r\n");
        // the server answers 100 once it has read the headers: their cost is paid by now
        assertThat(c.read().status()).isEqualTo(100);
        c.send("{\"Limit\": 1");
      }
      for (int i = 0; i < 150; i++) {
        RawHttpConnection c = new RawHttpConnection(server.port());
        stalled.add(c);
        c.send("POST / HTTP/1.1\r\nHost: local");
      }
      long start = System.nanoTime();
      try (RawHttpConnection normal = new RawHttpConnection(server.port())) {
        normal.send(RawHttpConnection.post(LIST_TABLES, "{}"));
        Response response = normal.read();
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(response.status()).isEqualTo(200);
        assertThat(millis).as("milliseconds to answer a normal request").isLessThan(1_000);
      }
      long grown = usedHeapAfterGc() - heapBefore;
      assertThat(grown).as("heap growth in bytes").isLessThan(100L * 1024 * 1024);
    } finally {
      for (RawHttpConnection c : stalled) {
        c.close();
      }
    }
  }

  private boolean servedWithin(Duration limit) throws IOException {
    long end = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < end) {
      try (RawHttpConnection c = new RawHttpConnection(server.port())) {
        c.send(RawHttpConnection.post(LIST_TABLES, "{}"));
        if (c.read().status() == 200) {
          return true;
        }
      } catch (IOException refused) {
        // closed at the limit: the server has not yet seen the others go
      }
    }
    return false;
  }

  private static void assertClosedInTime(RawHttpConnection c) throws IOException {
    long start = System.nanoTime();
    boolean closed = c.closedByServerOrReset();
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertThat(closed).as("closed by the server").isTrue();
    assertThat(millis).isLessThan(CLOSED_WITHIN_MILLIS);
  }

  private static long usedHeapAfterGc() {
    Runtime runtime = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return runtime.totalMemory() - runtime.freeMemory();
  }
}
