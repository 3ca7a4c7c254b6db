package dev.dynakit.embedded;

import dev.dynakit.engine.DynakitEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.async.SdkAsyncHttpResponseHandler;

/**
 * The asynchronous twin of {@link InProcessHttpClient}, for {@code DynamoDbAsyncClient}: collects
 * the request body, runs the request on the engine on the thread that delivered the body's end, and
 * publishes the response as one buffer. Closing it does not close the engine.
 */
public final class InProcessAsyncHttpClient implements SdkAsyncHttpClient {
  private final EngineExchange exchange;

  private InProcessAsyncHttpClient(EngineExchange exchange) {
    this.exchange = exchange;
  }

  /** A client that runs requests on {@code engine} and answers with DynamoDB's JSON bytes. */
  public static InProcessAsyncHttpClient of(DynakitEngine engine) {
    return new InProcessAsyncHttpClient(
        new EngineExchange(Objects.requireNonNull(engine, "engine"), false, null));
  }

  /**
   * A client whose successful answers carry the engine's response objects, for a client built with
   * {@link DirectResponses} and {@link DirectRequests} (see {@link
   * DynakitClients#inProcessDirectAsync(DynakitEngine)}).
   */
  static InProcessAsyncHttpClient direct(DynakitEngine engine, PendingRequests pending) {
    return new InProcessAsyncHttpClient(
        new EngineExchange(Objects.requireNonNull(engine, "engine"), true, pending));
  }

  @Override
  public CompletableFuture<Void> execute(AsyncExecuteRequest request) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    request.requestContentPublisher().subscribe(new BodyCollector(request, done));
    return done;
  }

  @Override
  public String clientName() {
    return "DynakitInProcessAsync";
  }

  @Override
  public void close() {
    // holds nothing: the engine belongs to whoever built it
  }

  /** Gathers the request body, then answers. */
  private final class BodyCollector implements Subscriber<ByteBuffer> {
    private final AsyncExecuteRequest request;
    private final CompletableFuture<Void> done;
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();

    BodyCollector(AsyncExecuteRequest request, CompletableFuture<Void> done) {
      this.request = request;
      this.done = done;
    }

    @Override
    public void onSubscribe(Subscription subscription) {
      subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(ByteBuffer buffer) {
      byte[] bytes = new byte[buffer.remaining()];
      buffer.get(bytes);
      body.write(bytes, 0, bytes.length);
    }

    @Override
    public void onError(Throwable error) {
      fail(error);
    }

    @Override
    public void onComplete() {
      SdkAsyncHttpResponseHandler handler = request.responseHandler();
      try {
        EngineExchange.Answer answer = exchange.run(request.request(), body::toByteArray);
        handler.onHeaders(answer.head());
        handler.onStream(
            answer.result() != null
                ? new ResultPublisher(answer, done)
                : new OneBufferPublisher(answer.body(), done));
      } catch (RuntimeException | Error | IOException e) {
        fail(e);
      }
    }

    private void fail(Throwable error) {
      try {
        request.responseHandler().onError(error);
      } finally {
        done.completeExceptionally(error);
      }
    }
  }
}
