package dev.dynakit.engine;

import static dev.dynakit.engine.ItemsTableJson.get;
import static dev.dynakit.engine.ItemsTableJson.put;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.RawHttpConnection.Response;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A store may make a write visible before it is durable (the on-disk store does, so that one log
 * sync serves many writers); the engine then holds every answer until the writes the store held
 * when the answer was made are durable: a write's own answer, and a read's that may have seen
 * another request's write. No client learns of a write a crash could still take back.
 */
class DurableAnswersTest {
  private static final String PUT = "DynamoDB_20120810.PutItem";
  private static final String GET = "DynamoDB_20120810.GetItem";
  private final HeldDurabilityStore store = new HeldDurabilityStore();
  private DynakitEngine engine;

  @BeforeEach
  void createTable() throws InterruptedException {
    engine = DynakitEngine.builder().store(store).build();
    CompletableFuture<JsonCalls.Answer> created =
        CompletableFuture.supplyAsync(
            () -> new JsonCalls(engine).call("CreateTable", ItemsTableJson.CREATE));
    assertThat(store.awaitWaiters(1)).isTrue();
    store.makeDurable();
    created.join().ok();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void aWritesAnswer_isHandedOver_onlyOnceItsBatchIsDurable() throws Exception {
    AtomicReference<EngineResponse> answer = new AtomicReference<>();
    long before = store.mark();
    engine.handle(PUT, body(put("k", "v")), answer::set);

    assertThat(answer.get()).isNull();
    assertThat(store.waitingMarks()).singleElement().matches(mark -> mark > before);
    store.makeDurable();
    assertThat(answer.get().status()).isEqualTo(200);
  }

  @Test
  void aReadThatMaySeeAnotherRequestsWrite_waitsForThatWritesDurability() throws Exception {
    AtomicReference<EngineResponse> written = new AtomicReference<>();
    AtomicReference<EngineResponse> read = new AtomicReference<>();
    engine.handle(PUT, body(put("k", "v")), written::set);
    engine.handle(GET, body(get("k")), read::set);

    assertThat(read.get()).isNull();
    store.makeDurable();
    assertThat(written.get().status()).isEqualTo(200);
    assertThat(read.get().bodyText()).contains("\"v\":{\"S\":\"v\"}");
  }

  @Test
  void aStoreThatCannotMakeTheWritesDurable_turnsTheAnswerIntoAnInternalError() throws Exception {
    AtomicReference<EngineResponse> answer = new AtomicReference<>();
    engine.handle(PUT, body(put("k", "v")), answer::set);
    store.failDurability(new IOException("disk full"));

    assertThat(answer.get().status()).isEqualTo(500);
    assertThat(answer.get().bodyText())
        .contains("InternalServerError")
        .contains("could not make the request's writes durable")
        .contains("disk full");
  }

  @Test
  void theBlockingCall_returnsOnlyOnceItsWritesAreDurable() throws Exception {
    CompletableFuture<EngineResponse> answer =
        CompletableFuture.supplyAsync(() -> engine.handle(PUT, body(put("k", "v"))));
    assertThat(store.awaitWaiters(1)).isTrue();

    assertThat(answer).isNotDone();
    store.makeDurable();
    assertThat(answer.get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
  }

  @Test
  void overHttp_aWriteAndAnotherConnectionsReadOfIt_areAnsweredAfterTheWritesDurability()
      throws Exception {
    try (EngineServer server = EngineServer.start(engine, "127.0.0.1", 0);
        RawHttpConnection writer = new RawHttpConnection(server.port(), 10_000);
        RawHttpConnection reader = new RawHttpConnection(server.port(), 10_000)) {
      writer.send(RawHttpConnection.post(PUT, put("k", "v")));
      assertThat(store.awaitWaiters(1)).isTrue();
      long written = store.waitingMarks().get(0);
      reader.send(RawHttpConnection.post(GET, get("k")));
      assertThat(store.awaitWaiters(1)).isTrue();

      assertThat(store.waitingMarks()).hasSize(2).allMatch(mark -> mark >= written);
      store.makeDurable();
      assertThat(writer.read().status()).isEqualTo(200);
      Response seen = reader.read();
      assertThat(seen.status()).isEqualTo(200);
      assertThat(seen.text()).contains("\"v\":{\"S\":\"v\"}");
    }
  }

  private static byte[] body(String json) {
    return json.getBytes(UTF_8);
  }
}
