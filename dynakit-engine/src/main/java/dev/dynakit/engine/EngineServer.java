package dev.dynakit.engine;

import dev.dynakit.engine.internal.http.EngineChannelInitializer;
import dev.dynakit.engine.internal.http.EventLoops;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Serves a {@link DynakitEngine} over HTTP/1.1 with DynamoDB's JSON 1.0 protocol, so that any SDK,
 * the AWS CLI or {@code curl} can use it: {@code POST /} with {@code X-Amz-Target:
 * DynamoDB_20120810.<Operation>}. Every access key and signature is accepted.
 *
 * <p>Responses carry DynamoDB's headers ({@code x-amzn-RequestId}, {@code x-amz-crc32}, {@code
 * Content-Type: application/x-amz-json-1.0}); connections are kept alive unless the client asks
 * otherwise; {@code GET /} answers DynamoDB's health text. Requests run directly on the event-loop
 * threads (one per core; native epoll on Linux, NIO elsewhere).
 *
 * <pre>{@code
 * try (DynakitEngine engine = DynakitEngine.inMemory();
 *     EngineServer server = EngineServer.start(engine, "127.0.0.1", 0)) {
 *   DynamoDbClient client = DynamoDbClient.builder().endpointOverride(server.endpoint()) ... ;
 * }
 * }</pre>
 *
 * <p>Closing the server does not close the engine: whoever built the engine closes it.
 */
public final class EngineServer implements AutoCloseable {
  private final String host;
  private final int port;
  private final EventLoops loops;
  private final Channel channel;
  private final AtomicBoolean closed = new AtomicBoolean();

  private EngineServer(String host, int port, EventLoops loops, Channel channel) {
    this.host = host;
    this.port = port;
    this.loops = loops;
    this.channel = channel;
  }

  /**
   * Starts serving {@code engine} on {@code host:port}.
   *
   * @param host the address to listen on: {@code 127.0.0.1} for this machine only, {@code 0.0.0.0}
   *     for every interface
   * @param port the port; 0 picks a free one (see {@link #port()})
   * @throws UncheckedIOException when the address cannot be listened on (port in use, unknown or
   *     foreign host)
   */
  public static EngineServer start(DynakitEngine engine, String host, int port) {
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(host, "host");
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("port must be between 0 and 65535, got " + port);
    }
    EventLoops loops = EventLoops.open(Runtime.getRuntime().availableProcessors());
    ServerBootstrap bootstrap =
        new ServerBootstrap()
            .group(loops.group())
            .channel(loops.serverChannelType())
            .option(ChannelOption.SO_BACKLOG, 1024)
            .option(ChannelOption.SO_REUSEADDR, true)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.SO_KEEPALIVE, true)
            .childHandler(
                new EngineChannelInitializer(engine, EngineChannelInitializer.MAX_BODY_BYTES));
    ChannelFuture bound = bootstrap.bind(host, port).awaitUninterruptibly();
    if (!bound.isSuccess()) {
      loops.group().shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
      Throwable cause = bound.cause();
      String message = "Cannot listen on " + hostPort(host, port) + ": " + describe(cause);
      throw new UncheckedIOException(message, new IOException(message, cause));
    }
    Channel channel = bound.channel();
    int boundPort = ((InetSocketAddress) channel.localAddress()).getPort();
    return new EngineServer(host, boundPort, loops, channel);
  }

  /** The port the server listens on (the one picked, when started with port 0). */
  public int port() {
    return port;
  }

  /** The host the server was started on. */
  public String host() {
    return host;
  }

  /** The URL to give a client: {@code http://host:port}. */
  public URI endpoint() {
    return URI.create("http://" + hostPort(host, port));
  }

  /**
   * Stops accepting connections, closes the open ones and releases the event-loop threads; waits
   * for them to finish. Calling it again does nothing.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    channel.close().awaitUninterruptibly();
    loops.group().shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly();
  }

  @Override
  public String toString() {
    return "EngineServer[" + endpoint() + "]";
  }

  private static String hostPort(String host, int port) {
    // an IPv6 literal needs brackets in a URL
    return (host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
  }

  private static String describe(Throwable cause) {
    String message = cause.getMessage();
    return message == null ? cause.getClass().getSimpleName() : message;
  }
}
