package dev.dynakit.rest.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;

/**
 * Sets up each accepted connection: over the cap it gets a 503 and is closed before anything is
 * read; otherwise the deadlines, Netty's HTTP/1.1 codec and the exchange handler.
 */
final class RestChannelInitializer extends ChannelInitializer<Channel> {
  /** The largest request head, all header lines together. */
  static final int MAX_HEADER_BYTES = 16 * 1024;

  // a body arrives in pieces of at most this size
  private static final int MAX_CHUNK_BYTES = 64 * 1024;

  private final Shared shared;

  RestChannelInitializer(Shared shared) {
    this.shared = shared;
  }

  @Override
  protected void initChannel(Channel channel) {
    if (shared.connections.incrementAndGet() > shared.maxConnections) {
      shared.connections.decrementAndGet();
      channel
          .writeAndFlush(
              HttpResponses.tooManyConnections(
                  shared.gate.error(
                      503,
                      "TooManyConnections",
                      "the server has "
                          + shared.maxConnections
                          + " open connections; retry later")))
          .addListener(ChannelFutureListener.CLOSE);
      return;
    }
    channel.closeFuture().addListener(closed -> shared.connections.decrementAndGet());
    shared.channels.add(channel);
    HttpDecoderConfig decoder =
        new HttpDecoderConfig()
            // room for the longest query the policy reads, so that it can answer 414 itself
            .setMaxInitialLineLength(shared.policy.maxQueryLength() + 16 * 1024)
            .setMaxHeaderSize(MAX_HEADER_BYTES)
            .setMaxChunkSize(MAX_CHUNK_BYTES);
    Deadlines deadlines = new Deadlines(shared.timeouts);
    channel
        .pipeline()
        .addLast(deadlines)
        .addLast(new HttpServerCodec(decoder))
        .addLast(new ExchangeHandler(shared, deadlines));
  }
}
