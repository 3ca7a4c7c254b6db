package dev.dynakit.embedded;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * Publishes a response body, already complete in memory, as one buffer, and completes {@code done}
 * once the subscriber has had it (or cancelled): the async SDK expects the exchange to end only
 * after the body has been delivered.
 */
final class OneBufferPublisher implements Publisher<ByteBuffer> {
  private final byte[] body;
  private final CompletableFuture<Void> done;
  private final AtomicBoolean subscribed = new AtomicBoolean();

  OneBufferPublisher(byte[] body, CompletableFuture<Void> done) {
    this.body = body;
    this.done = done;
  }

  @Override
  public void subscribe(Subscriber<? super ByteBuffer> subscriber) {
    if (!subscribed.compareAndSet(false, true)) {
      subscriber.onSubscribe(Cancelled.INSTANCE);
      subscriber.onError(new IllegalStateException("A response body can be read only once"));
      return;
    }
    subscriber.onSubscribe(new OneShot(subscriber));
  }

  private final class OneShot implements Subscription {
    private final Subscriber<? super ByteBuffer> subscriber;
    private final AtomicBoolean finished = new AtomicBoolean();

    OneShot(Subscriber<? super ByteBuffer> subscriber) {
      this.subscriber = subscriber;
    }

    @Override
    public void request(long n) {
      if (!finished.compareAndSet(false, true)) {
        return;
      }
      if (n <= 0) {
        // reactive streams rule 3.9
        subscriber.onError(new IllegalArgumentException("request(" + n + "): n must be positive"));
        done.complete(null);
        return;
      }
      if (body.length > 0) {
        subscriber.onNext(ByteBuffer.wrap(body));
      }
      subscriber.onComplete();
      done.complete(null);
    }

    @Override
    public void cancel() {
      if (finished.compareAndSet(false, true)) {
        done.complete(null);
      }
    }
  }

  private enum Cancelled implements Subscription {
    INSTANCE;

    @Override
    public void request(long n) {}

    @Override
    public void cancel() {}
  }
}
