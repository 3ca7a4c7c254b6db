package dev.dynakit.embedded;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;

/**
 * The asynchronous twin of {@link ResultStream}: carries the engine's response object to {@link
 * DirectResponses}, and publishes the JSON the engine would have sent to whoever subscribes
 * instead. Taking the object ends the exchange, as delivering the body would.
 */
final class ResultPublisher implements Publisher<ByteBuffer> {
  private final EngineExchange.Answer answer;
  private final CompletableFuture<Void> done;

  ResultPublisher(EngineExchange.Answer answer, CompletableFuture<Void> done) {
    this.answer = answer;
    this.done = done;
  }

  /** The engine's response object; the body will not be read. */
  Map<String, Object> takeResult() {
    done.complete(null);
    return answer.result();
  }

  @Override
  public void subscribe(Subscriber<? super ByteBuffer> subscriber) {
    new OneBufferPublisher(answer.body(), done).subscribe(subscriber);
  }
}
