package dev.dynakit.engine.internal.http;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * Sets up each accepted connection: deadlines against stalled clients, Netty's HTTP/1.1 codec, then
 * the engine's request handler. Connections over the limit are closed as they are accepted.
 */
public final class EngineChannelInitializer extends ChannelInitializer<Channel> {
  /**
   * The largest request body accepted: DynamoDB's 16 MB request limit plus headroom for the JSON
   * around a request that is at the limit; anything larger is answered with 413.
   */
  public static final int MAX_BODY_BYTES = 17 * 1024 * 1024;

  // a body arrives in pieces of at most this size; larger pieces mean fewer copies per request
  private static final int MAX_CHUNK_BYTES = 64 * 1024;

  private final WireCall engine;
  private final byte[] healthBody;
  private final ServerSettings settings;
  private final @Nullable Executor workers;
  private final AtomicInteger open = new AtomicInteger();

  /**
   * @param engine the engine's calls
   * @param region the engine's region, which the health check names
   * @param workers where the engine's calls run; null to run them on the event loops
   */
  public EngineChannelInitializer(
      WireCall engine, String region, ServerSettings settings, @Nullable Executor workers) {
    this.engine = engine;
    this.settings = settings;
    this.workers = workers;
    this.healthBody =
        ("healthy: dynamodb." + region + ".amazonaws.com ").getBytes(StandardCharsets.UTF_8);
  }

  @Override
  protected void initChannel(Channel channel) {
    if (open.incrementAndGet() > settings.maxConnections()) {
      // no answer: reading a request would cost what the limit is there to save
      open.decrementAndGet();
      channel.close();
      return;
    }
    channel.closeFuture().addListener(closed -> open.decrementAndGet());
    HttpDecoderConfig decoder = new HttpDecoderConfig().setMaxChunkSize(MAX_CHUNK_BYTES);
    ConnectionDeadlines deadlines = new ConnectionDeadlines(settings);
    channel
        .pipeline()
        .addLast(deadlines)
        .addLast(new HttpServerCodec(decoder))
        .addLast(
            new RequestHandler(engine, new Responses(healthBody), settings, deadlines, workers));
  }
}
