package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.RawHttpConnection.Response;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The workers' queue has room for one request per open connection: the requests of connections
 * closed while they waited there make room for those of new connections instead of holding it.
 */
class ServerWorkerQueueTest {
  private static final String PUT = "DynamoDB_20120810.PutItem";
  private static final int READ_TIMEOUT_MILLIS = 3 * WaitingStore.WAIT_SECONDS * 1000;
  private static final String TABLE =
      "{'TableName':'items','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'}],"
          + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
          + "'BillingMode':'PAY_PER_REQUEST'}";

  @Test
  void requestsOfConnectionsClosedWhileQueued_doNotStarveNewConnections() throws Exception {
    int maxConnections = 3;
    WaitingStore store = new WaitingStore(true);
    List<RawHttpConnection> live = new ArrayList<>();
    try (DynakitEngine engine = DynakitEngine.builder().store(store).build()) {
      new JsonCalls(engine).call("CreateTable", TABLE).ok();
      try (EngineServer server =
          EngineServer.builder(engine)
              .host("127.0.0.1")
              .workerThreads(1)
              .maxConnections(maxConnections)
              .start()) {
        store.closeGate();
        // the one worker waits with the first request; two more wait in the queue
        RawHttpConnection running = connection(server.port());
        live.add(running);
        running.send(RawHttpConnection.post(PUT, put("running")));
        assertThat(store.awaitAtGate(1)).isTrue();
        for (int i = 0; i < maxConnections - 1; i++) {
          RawHttpConnection gone = connection(server.port());
          gone.send(RawHttpConnection.post(PUT, put("gone" + i)));
          gone.close();
        }
        // new connections in their place (accepted once the server has seen the others close)
        List<RawHttpConnection> fresh = new ArrayList<>();
        for (int i = 0; i < maxConnections - 1; i++) {
          RawHttpConnection c = accepted(server.port());
          live.add(c);
          fresh.add(c);
          c.send(RawHttpConnection.post(PUT, put("fresh" + i)));
        }
        store.openGate();
        assertThat(running.read().status()).isEqualTo(200);
        for (RawHttpConnection c : fresh) {
          Response answer = c.read();
          assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        }
        assertThat(store.timeouts()).isZero();
      } finally {
        for (RawHttpConnection c : live) {
          c.close();
        }
      }
    }
  }

  private static RawHttpConnection connection(int port) throws IOException {
    return new RawHttpConnection(port, READ_TIMEOUT_MILLIS);
  }

  /**
   * A connection the server keeps: one over the limit is closed as it is accepted, so this tries
   * again (each try a round trip of a health check) until one is answered.
   */
  private static RawHttpConnection accepted(int port) throws IOException {
    long deadline = System.nanoTime() + WaitingStore.WAIT_SECONDS * 1_000_000_000L;
    while (true) {
      RawHttpConnection c = connection(port);
      try {
        c.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
        if (c.read().status() == 200) {
          return c;
        }
      } catch (IOException refused) {
        if (System.nanoTime() > deadline) {
          throw refused;
        }
      }
      c.close();
    }
  }

  private static String put(String key) {
    return "{\"TableName\":\"items\",\"Item\":{\"pk\":{\"S\":\"" + key + "\"}}}";
  }
}
