package dev.dynakit.engine.internal.http;

import dev.dynakit.engine.DynakitEngine;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import java.nio.charset.StandardCharsets;

/** Sets up each accepted connection: Netty's HTTP/1.1 codec, then the engine's request handler. */
public final class EngineChannelInitializer extends ChannelInitializer<Channel> {
  /**
   * The largest request body accepted: DynamoDB's 16 MB request limit plus headroom for the JSON
   * around a request that is at the limit; anything larger is answered with 413.
   */
  public static final int MAX_BODY_BYTES = 17 * 1024 * 1024;

  // a body arrives in pieces of at most this size; larger pieces mean fewer copies per request
  private static final int MAX_CHUNK_BYTES = 64 * 1024;

  private final DynakitEngine engine;
  private final byte[] healthBody;
  private final int maxBodyBytes;

  public EngineChannelInitializer(DynakitEngine engine, int maxBodyBytes) {
    this.engine = engine;
    this.maxBodyBytes = maxBodyBytes;
    this.healthBody =
        ("healthy: dynamodb." + engine.region() + ".amazonaws.com ")
            .getBytes(StandardCharsets.UTF_8);
  }

  @Override
  protected void initChannel(Channel channel) {
    HttpDecoderConfig decoder = new HttpDecoderConfig().setMaxChunkSize(MAX_CHUNK_BYTES);
    channel
        .pipeline()
        .addLast(new HttpServerCodec(decoder))
        .addLast(new RequestHandler(engine, new Responses(healthBody), maxBodyBytes));
  }
}
