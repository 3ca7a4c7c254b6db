package dev.dynakit.rest.netty;

import dev.dynakit.rest.RestHandler;
import dev.dynakit.rest.RestPolicy;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP/1.1 server for one {@link RestHandler} at a mount path, which slow clients cannot stall.
 *
 * <pre>{@code
 * TableRoutes routes = TableRoutes.builder(adapter).build();
 * try (RestServer server = RestServer.builder(routes).policy(routes.policy()).port(0).start()) {
 *   URI base = server.uri(); // http://127.0.0.1:54321/
 * }
 * }</pre>
 *
 * <p>Each connection has deadlines: {@linkplain Builder#idleTimeout idle} (waiting for a request),
 * {@linkplain Builder#headerTimeout header} (a request head from its first byte) and {@linkplain
 * Builder#bodyTimeout body} (a body from the end of its head); a partial request past its deadline
 * is answered 408 and closed. Bodies are read as they arrive and refused with 413 past the policy's
 * {@code maxBodyBytes}. Handlers run on a bounded pool ({@linkplain Builder#threads threads} and a
 * queue); when the queue is full the answer is 503. Connections beyond {@linkplain
 * Builder#maxConnections the cap} are answered 503 and closed.
 *
 * <p>Only requests whose {@code Host} is a loopback name, the bound address or an {@linkplain
 * Builder#allowHost allowed host} are answered (403 otherwise). CORS is granted to loopback origins
 * and {@linkplain Builder#corsOrigin allowed origins}; an untrusted origin may not send a preflight
 * or a request other than {@code GET} and {@code HEAD} (403).
 */
public final class RestServer implements AutoCloseable {
  private final Shared shared;
  private final EventLoopGroup loops;
  private final Channel listener;
  private final String mount;

  private RestServer(Shared shared, EventLoopGroup loops, Channel listener, String mount) {
    this.shared = shared;
    this.loops = loops;
    this.listener = listener;
    this.mount = mount;
  }

  public static Builder builder(RestHandler handler) {
    return new Builder(handler);
  }

  /** The port the server listens on (the chosen one when started on port 0). */
  public int port() {
    return address().getPort();
  }

  /** The base URI of the handler: {@code http://host:port/mount/}. */
  public URI uri() {
    InetSocketAddress address = address();
    String host = address.getAddress().getHostAddress();
    if (host.contains(":")) {
      host = "[" + host + "]";
    }
    return URI.create("http://" + host + ":" + address.getPort() + mount + "/");
  }

  /** The connections open now (for tests that must know the server has taken theirs in). */
  int openConnections() {
    return shared.connections.get();
  }

  private InetSocketAddress address() {
    return (InetSocketAddress) listener.localAddress();
  }

  /**
   * Stops accepting connections, lets running requests finish (up to five seconds; new ones are
   * answered 503 meanwhile), then closes every connection and stops the threads.
   */
  @Override
  public void close() {
    shared.stop();
    listener.close().awaitUninterruptibly();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    try {
      while (shared.running.get() > 0 && System.nanoTime() < deadline) {
        Thread.sleep(5); // polls the count of handlers still running; nothing to be notified by
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    shared.channels.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
    shared.workers.shutdown();
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    try {
      if (!shared.workers.awaitTermination(5, TimeUnit.SECONDS)) {
        shared.workers.shutdownNow();
      }
    } catch (InterruptedException e) {
      shared.workers.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  /** Configures and starts a {@link RestServer}. */
  public static final class Builder {
    private final RestHandler handler;
    private String host = "127.0.0.1";
    private int port;
    private String mount = "";
    private RestPolicy policy = RestPolicy.defaults();
    private int threads = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    private int queue = 256;
    private int maxConnections = 1024;
    private Duration idle = Timeouts.DEFAULTS.idle();
    private Duration header = Timeouts.DEFAULTS.header();
    private Duration body = Timeouts.DEFAULTS.body();
    private final Set<String> allowedHosts = new LinkedHashSet<>();
    private final Set<String> corsOrigins = new LinkedHashSet<>();

    private Builder(RestHandler handler) {
      this.handler = Objects.requireNonNull(handler, "handler");
    }

    /** The address to listen on; {@code 127.0.0.1} by default. */
    public Builder host(String value) {
      this.host = Objects.requireNonNull(value, "host");
      return this;
    }

    /** The port; 0 (the default) picks a free one. */
    public Builder port(int value) {
      if (value < 0 || value > 65_535) {
        throw new IllegalArgumentException("port must be 0..65535, got " + value);
      }
      this.port = value;
      return this;
    }

    /** The path prefix to serve under, such as {@code /planets}; the root by default. */
    public Builder mount(String path) {
      String value = Target.mount(Objects.requireNonNull(path, "path"));
      if (!value.isEmpty() && !value.startsWith("/")) {
        throw new IllegalArgumentException("a mount path starts with '/', got '" + path + "'");
      }
      this.mount = value;
      return this;
    }

    /** The policy whose body limit the server applies (the handler should share it). */
    public Builder policy(RestPolicy value) {
      this.policy = Objects.requireNonNull(value, "policy");
      return this;
    }

    /** The number of threads that run the handler; {@code max(4, 2 × cores)} by default. */
    public Builder threads(int value) {
      this.threads = atLeastOne("threads", value);
      return this;
    }

    /** How many complete requests may wait for a handler thread (256 by default; then 503). */
    public Builder queue(int value) {
      this.queue = atLeastOne("queue", value);
      return this;
    }

    /** The most open connections (1024 by default); more are answered 503 and closed. */
    public Builder maxConnections(int value) {
      this.maxConnections = atLeastOne("maxConnections", value);
      return this;
    }

    /** How long a connection may wait for a request to begin; 60 s by default. */
    public Builder idleTimeout(Duration value) {
      this.idle = Objects.requireNonNull(value, "idleTimeout");
      return this;
    }

    /** How long a request head may take from its first byte; 10 s by default. */
    public Builder headerTimeout(Duration value) {
      this.header = Objects.requireNonNull(value, "headerTimeout");
      return this;
    }

    /** How long a body may take from the end of its head; 30 s by default. */
    public Builder bodyTimeout(Duration value) {
      this.body = Objects.requireNonNull(value, "bodyTimeout");
      return this;
    }

    /**
     * One more host name (or address) the server answers to, besides loopback names and the address
     * it listens on; with or without a port, which is ignored.
     */
    public Builder allowHost(String value) {
      String host = AccessRules.hostOf(Objects.requireNonNull(value, "host").trim());
      if (host == null || host.equals("*")) {
        throw new IllegalArgumentException("not a host name: '" + value + "'");
      }
      allowedHosts.add(host);
      return this;
    }

    /**
     * One more origin ({@code http://host:port} or {@code https://host}) whose pages may use the
     * server through CORS; loopback origins always may. There is no wildcard.
     */
    public Builder corsOrigin(String value) {
      String origin = AccessRules.normalOrigin(Objects.requireNonNull(value, "origin"));
      if (origin == null || origin.contains("*")) {
        throw new IllegalArgumentException(
            "a CORS origin is scheme://host[:port] without a path or a wildcard, got '"
                + value
                + "'");
      }
      corsOrigins.add(origin);
      return this;
    }

    /**
     * Binds and starts the server.
     *
     * @throws UncheckedIOException when the address cannot be bound
     */
    public RestServer start() {
      Timeouts timeouts = new Timeouts(idle, header, body);
      AccessRules access =
          new AccessRules(host.toLowerCase(Locale.ROOT), allowedHosts, corsOrigins);
      ThreadPoolExecutor workers =
          new ThreadPoolExecutor(
              threads,
              threads,
              0,
              TimeUnit.MILLISECONDS,
              new ArrayBlockingQueue<>(queue),
              new DefaultThreadFactory("dynakit-rest", true));
      ChannelGroup channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
      Shared shared =
          new Shared(
              handler,
              policy,
              mount,
              new Gate(access, policy, mount),
              timeouts,
              workers,
              channels,
              maxConnections);
      EventLoopGroup loops =
          new NioEventLoopGroup(2, new DefaultThreadFactory("dynakit-rest-io", true));
      ServerBootstrap bootstrap =
          new ServerBootstrap()
              .group(loops)
              .channel(NioServerSocketChannel.class)
              .option(ChannelOption.SO_BACKLOG, 1024)
              .option(ChannelOption.SO_REUSEADDR, true)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(new RestChannelInitializer(shared));
      ChannelFuture bound = bootstrap.bind(host, port).awaitUninterruptibly();
      if (!bound.isSuccess()) {
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        workers.shutdownNow();
        String message = "cannot listen on " + host + ":" + port;
        Throwable cause = bound.cause();
        if (cause != null && cause.getMessage() != null) {
          message += ": " + cause.getMessage();
        }
        throw new UncheckedIOException(message, new IOException(message, cause));
      }
      return new RestServer(shared, loops, bound.channel(), mount);
    }

    private static int atLeastOne(String name, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(name + " must be >= 1, got " + value);
      }
      return value;
    }
  }
}
