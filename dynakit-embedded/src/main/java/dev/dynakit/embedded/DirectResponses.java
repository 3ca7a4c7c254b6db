package dev.dynakit.embedded;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Publisher;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.AbortableInputStream;

/**
 * Lets a successful in-process answer skip JSON on the way back: the transport hands over the
 * engine's response object inside a {@link ResultStream} (a {@link ResultPublisher} for the
 * asynchronous client); this interceptor gives the SDK an empty JSON object to unmarshal instead
 * (so its own steps — response metadata, interceptors, metrics — run as usual) and then fills the
 * SDK's response from the engine's object through the model's own field metadata ({@link
 * ModelTrees}). Errors, and every answer of a transport that does not hand over objects, pass
 * untouched.
 *
 * <p>Why: a 100-item Query page costs the SDK far more to unmarshal from JSON than the engine to
 * answer; in the same JVM that round trip carries nothing.
 */
final class DirectResponses implements ExecutionInterceptor {
  static final DirectResponses INSTANCE = new DirectResponses();

  private static final ExecutionAttribute<Map<String, Object>> RESULT =
      new ExecutionAttribute<>("DynakitDirectResult");
  private static final byte[] EMPTY_OBJECT = "{}".getBytes(StandardCharsets.US_ASCII);

  private DirectResponses() {}

  @Override
  public Optional<InputStream> modifyHttpResponseContent(
      Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
    Optional<InputStream> body = context.responseBody();
    if (body.isPresent()) {
      InputStream in = body.get();
      if (in instanceof AbortableInputStream) {
        in = ((AbortableInputStream) in).delegate();
      }
      if (in instanceof ResultStream) {
        attributes.putAttribute(RESULT, ((ResultStream) in).result());
        return Optional.of(new ByteArrayInputStream(EMPTY_OBJECT));
      }
    }
    return body;
  }

  @Override
  public Optional<Publisher<ByteBuffer>> modifyAsyncHttpResponseContent(
      Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
    Optional<Publisher<ByteBuffer>> body = context.responsePublisher();
    if (body.isPresent() && body.get() instanceof ResultPublisher) {
      attributes.putAttribute(RESULT, ((ResultPublisher) body.get()).takeResult());
      return Optional.of(new OneBufferPublisher(EMPTY_OBJECT, new CompletableFuture<>()));
    }
    return body;
  }

  @Override
  public SdkResponse modifyResponse(
      Context.ModifyResponse context, ExecutionAttributes attributes) {
    Map<String, Object> result = attributes.getAttribute(RESULT);
    return result == null ? context.response() : ModelTrees.fill(context.response(), result);
  }
}
