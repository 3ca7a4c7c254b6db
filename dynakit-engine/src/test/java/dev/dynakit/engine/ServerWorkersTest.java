package dev.dynakit.engine;

import static dev.dynakit.engine.ItemsTableJson.get;
import static dev.dynakit.engine.ItemsTableJson.put;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.RawHttpConnection.Response;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server runs the requests of an engine whose store waits for the disk on worker threads, so
 * that concurrent writes reach the store together (and share a log sync), while a connection's
 * answers keep their order and a connection that sends faster than the engine answers is read no
 * faster; an in-memory engine's requests stay on the event loops.
 */
class ServerWorkersTest {
  private static final String PUT = "DynamoDB_20120810.PutItem";
  private static final String GET = "DynamoDB_20120810.GetItem";
  private static final int READ_TIMEOUT_MILLIS = 3 * WaitingStore.WAIT_SECONDS * 1000;

  @TempDir Path directory;

  @Test
  void writesOverAStoreThatWaitsForDisk_reachTheStoreTogether() throws Exception {
    // one more connection than event loops: on the loops alone, two would share one and the
    // store would never see them all at once
    int writers = Runtime.getRuntime().availableProcessors() + 2;
    WaitingStore store = new WaitingStore(true);
    try (DynakitEngine engine = engineOver(store);
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0)) {
      store.applyInGroupsOf(writers);
      List<RawHttpConnection> connections = new ArrayList<>();
      try {
        for (int i = 0; i < writers; i++) {
          RawHttpConnection c = new RawHttpConnection(server.port(), READ_TIMEOUT_MILLIS);
          connections.add(c);
          c.send(RawHttpConnection.post(PUT, put("k" + i, "v")));
        }
        for (RawHttpConnection c : connections) {
          Response answer = c.read();
          assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        }
      } finally {
        for (RawHttpConnection c : connections) {
          c.close();
        }
      }
      assertThat(store.timeouts()).isZero();
      assertThat(store.applyThreads()).allMatch(name -> name.startsWith("dynakit-worker"));
    }
  }

  @Test
  void inMemoryStore_runsRequestsOnTheEventLoop() throws Exception {
    WaitingStore store = new WaitingStore(false);
    try (DynakitEngine engine = engineOver(store);
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
        RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(RawHttpConnection.post(PUT, put("k", "v")));
      assertThat(c.read().status()).isEqualTo(200);
      assertThat(store.applyThreads()).singleElement().asString().startsWith("dynakit-http");
    }
  }

  @Test
  void pipelinedRequests_onWorkers_areAnsweredInRequestOrder() throws Exception {
    WaitingStore store = new WaitingStore(true);
    try (DynakitEngine engine = engineOver(store);
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
        RawHttpConnection c = new RawHttpConnection(server.port(), READ_TIMEOUT_MILLIS)) {
      store.closeGate();
      // all in one write: the requests behind the first are read while it waits at the gate
      c.send(
          RawHttpConnection.post(PUT, put("k", "one"))
              + RawHttpConnection.post(GET, get("k"))
              + "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"
              + RawHttpConnection.post(PUT, put("k", "two"))
              + RawHttpConnection.post(GET, get("k"))
              + RawHttpConnection.post("DynamoDB_20120810.Nope", "{}"));
      assertThat(store.awaitAtGate(1)).isTrue();
      store.openGate();

      assertThat(c.read().text()).isEqualTo("{}");
      assertThat(c.read().text()).contains("\"one\"");
      assertThat(c.read().text()).startsWith("healthy:");
      assertThat(c.read().text()).isEqualTo("{}");
      assertThat(c.read().text()).contains("\"two\"");
      assertThat(c.read().status()).isEqualTo(400);
    }
  }

  @Test
  void connectionWithARequestOnAWorker_isReadNoFurther() throws Exception {
    WaitingStore store = new WaitingStore(true);
    try (DynakitEngine engine = engineOver(store);
        EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
        SocketChannel client =
            SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port()))) {
      store.closeGate();
      byte[] first = RawHttpConnection.post(PUT, put("k", "v")).getBytes(StandardCharsets.UTF_8);
      client.write(ByteBuffer.wrap(first));
      assertThat(store.awaitAtGate(1)).isTrue();

      // pipeline 64 MB behind it: a server that kept reading would take it all in its memory
      byte[] more = RawHttpConnection.post(GET, get("k")).getBytes(StandardCharsets.UTF_8);
      ByteBuffer block = ByteBuffer.allocate(more.length * 1000);
      for (int i = 0; i < 1000; i++) {
        block.put(more);
      }
      long limit = 64L * 1024 * 1024;
      long sent = 0;
      // the kernel holds what the client's send buffer and the server's receive buffer take (the
      // latter grows only as the server reads): a small send buffer keeps that well under 16 MB
      client.setOption(StandardSocketOptions.SO_SNDBUF, 64 * 1024);
      client.configureBlocking(false);
      long lastProgress = System.nanoTime();
      // the kernel's buffers fill and then nothing more goes: one second without progress ends it
      while (sent < limit && System.nanoTime() - lastProgress < 1_000_000_000L) {
        if (!block.hasRemaining()) {
          block.flip();
        }
        int n = client.write(block);
        if (n > 0) {
          sent += n;
          lastProgress = System.nanoTime();
        } else {
          Thread.onSpinWait();
        }
      }
      assertThat(sent).isLessThan(limit / 4);
      store.openGate();
    }
  }

  @Test
  void requestsBeyondTheWorkerThreads_waitForOne() throws Exception {
    WaitingStore store = new WaitingStore(true);
    try (DynakitEngine engine = engineOver(store);
        EngineServer server =
            EngineServer.builder(engine).host("127.0.0.1").workerThreads(2).start()) {
      store.closeGate();
      List<RawHttpConnection> connections = new ArrayList<>();
      try {
        for (int i = 0; i < 4; i++) {
          RawHttpConnection c = new RawHttpConnection(server.port(), READ_TIMEOUT_MILLIS);
          connections.add(c);
          c.send(RawHttpConnection.post(PUT, put("k" + i, "v")));
        }
        assertThat(store.awaitAtGate(2)).isTrue();
        store.openGate();
        for (RawHttpConnection c : connections) {
          assertThat(c.read().status()).isEqualTo(200);
        }
      } finally {
        for (RawHttpConnection c : connections) {
          c.close();
        }
      }
    }
  }

  @Test
  void onDiskEngine_isServedByWorkers_andCloseEndsThem() throws Exception {
    Set<Thread> before = workerThreads();
    Set<Thread> started = new HashSet<>();
    try (DynakitEngine engine = DynakitEngine.onDisk(directory)) {
      new JsonCalls(engine).call("CreateTable", ItemsTableJson.CREATE).ok();
      assertThat(engine.waitsForDisk()).isTrue();
      try (EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
          RawHttpConnection c = new RawHttpConnection(server.port())) {
        started.addAll(workerThreads());
        started.removeAll(before);
        assertThat(started).hasSize(EngineServer.Builder.DEFAULT_WORKER_THREADS);
        c.send(
            RawHttpConnection.post(PUT, put("k", "kept")) + RawHttpConnection.post(GET, get("k")));
        assertThat(c.read().status()).isEqualTo(200);
        assertThat(c.read().text()).contains("\"kept\"");
      }
      // the pool has terminated when close returns; its threads are then on their way out
      for (Thread t : started) {
        t.join(WaitingStore.WAIT_SECONDS * 1000L);
      }
      assertThat(started).noneMatch(Thread::isAlive);
    }
  }

  private static Set<Thread> workerThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith("dynakit-worker"))
        .collect(Collectors.toSet());
  }

  private static DynakitEngine engineOver(WaitingStore store) {
    DynakitEngine engine = DynakitEngine.builder().store(store).build();
    new JsonCalls(engine).call("CreateTable", ItemsTableJson.CREATE).ok();
    store.applyThreads().clear();
    return engine;
  }
}
