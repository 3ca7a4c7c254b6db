package dev.dynakit.test;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.embedded.Transport;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.net.URI;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A fresh in-memory engine and the clients that reach it over one transport; the server (for {@link
 * Transport#HTTP}) and each client are made on first use. Lives in a JUnit store and is closed with
 * the test (or class) that made it.
 */
final class EngineSession implements AutoCloseable {
  private final Transport transport;
  private final DynakitEngine engine = DynakitEngine.inMemory();
  private @Nullable EngineServer server;
  private @Nullable DynamoDbClient client;
  private @Nullable DynamoDbAsyncClient asyncClient;

  EngineSession(Transport transport) {
    this.transport = transport;
  }

  Transport transport() {
    return transport;
  }

  DynakitEngine engine() {
    return engine;
  }

  synchronized DynamoDbClient client() {
    if (client == null) {
      client = DynakitClients.of(transport, engine, endpoint());
    }
    return client;
  }

  synchronized DynamoDbAsyncClient asyncClient() {
    if (asyncClient == null) {
      asyncClient = DynakitClients.asyncOf(transport, engine, endpoint());
    }
    return asyncClient;
  }

  /** Where the engine is served over HTTP; null in process, where nobody asks. */
  private @Nullable URI endpoint() {
    return transport == Transport.HTTP ? server().endpoint() : null;
  }

  private EngineServer server() {
    if (server == null) {
      server = EngineServer.start(engine, "127.0.0.1", 0);
    }
    return server;
  }

  @Override
  public synchronized void close() {
    // clients first (they may hold connections to the server), the engine last
    try (engine;
        AutoCloseable s = server;
        AutoCloseable c = client;
        AutoCloseable a = asyncClient) {
      client = null;
      asyncClient = null;
      server = null;
    } catch (Exception e) {
      throw new IllegalStateException("Closing the Dynakit test engine failed", e);
    }
  }
}
