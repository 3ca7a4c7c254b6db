package dev.dynakit.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.SdkHttpClient;

/**
 * An SDK HTTP client that records the {@code X-Amz-Target} and body of every request before passing
 * it on, so that a benchmark can replay the very bytes the SDK sends straight to {@code
 * DynakitEngine.handle} ({@link EngineAlone}).
 */
final class RecordingHttpClient implements SdkHttpClient {
  /** One request as sent. */
  record Sent(String target, byte[] body) {}

  private final SdkHttpClient delegate;
  private final List<Sent> sent = new ArrayList<>();

  RecordingHttpClient(SdkHttpClient delegate) {
    this.delegate = delegate;
  }

  /** The requests sent since the last call, in order; clears the record. */
  synchronized List<Sent> takeSent() {
    List<Sent> out = new ArrayList<>(sent);
    sent.clear();
    return out;
  }

  @Override
  public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
    byte[] body;
    try {
      body = body(request);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the request body", e);
    }
    String target = request.httpRequest().firstMatchingHeader("X-Amz-Target").orElse("");
    synchronized (this) {
      sent.add(new Sent(target, body));
    }
    return delegate.prepareRequest(
        HttpExecuteRequest.builder()
            .request(request.httpRequest())
            .contentStreamProvider(ContentStreamProvider.fromByteArray(body))
            .build());
  }

  private static byte[] body(HttpExecuteRequest request) throws IOException {
    ContentStreamProvider provider = request.contentStreamProvider().orElse(null);
    if (provider == null) {
      return new byte[0];
    }
    try (InputStream in = provider.newStream()) {
      return in.readAllBytes();
    }
  }

  @Override
  public String clientName() {
    return "Recording";
  }

  @Override
  public void close() {
    delegate.close();
  }
}
