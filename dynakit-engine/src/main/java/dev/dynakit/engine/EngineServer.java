package dev.dynakit.engine;

import dev.dynakit.engine.internal.http.EngineChannelInitializer;
import dev.dynakit.engine.internal.http.EventLoops;
import dev.dynakit.engine.internal.http.LocalAccess;
import dev.dynakit.engine.internal.http.ServerSettings;
import dev.dynakit.engine.internal.http.WireCall;
import dev.dynakit.engine.internal.http.Workers;
import dev.dynakit.engine.internal.http.auth.SignatureCheck;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Serves a {@link DynakitEngine} over HTTP/1.1 with DynamoDB's JSON 1.0 protocol, so that any SDK,
 * the AWS CLI or {@code curl} can use it: {@code POST /} with {@code X-Amz-Target:
 * DynamoDB_20120810.<Operation>}. Every access key and signature is accepted, unless the server is
 * given access keys ({@link Builder#signedBy}): then each request must be signed by one of them.
 *
 * <p>Responses carry DynamoDB's headers ({@code x-amzn-RequestId}, {@code x-amz-crc32}, {@code
 * Content-Type: application/x-amz-json-1.0}); connections are kept alive unless the client asks
 * otherwise; {@code GET /} answers DynamoDB's health text. The requests of an in-memory engine run
 * directly on the event-loop threads (one per core; native epoll on Linux, NIO elsewhere). Those of
 * an engine whose store waits for the disk (an on-disk engine, either durability) run on a pool of
 * worker threads ({@link Builder#workerThreads}): a request waiting for the disk then holds up no
 * other connection. A worker does not wait for a write's log sync: it hands the answer to the
 * store's syncing thread, which syncs once for every answer waiting (see {@link Durability}) and
 * passes them back to the connections. A connection has at most one request on a worker and reads
 * nothing more until it is answered, so answers keep the order of pipelined requests, and a client
 * sending faster than the disk allows is slowed down by TCP rather than answered with errors.
 *
 * <p>Since it accepts any signature, the server is local by default: it serves only requests whose
 * {@code Host} is a loopback name or its own address (so that a hostile page cannot reach it by
 * re-pointing its domain at 127.0.0.1), and lets only web pages of loopback origins read its
 * answers (CORS). It holds its ground against slow clients: a request's head and body must arrive
 * within time limits, idle connections are closed, connections are capped, and a body is stored as
 * it arrives, never allocated from its {@code Content-Length}. {@link #builder(DynakitEngine)}
 * changes each of these.
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
  private final @Nullable Workers workers;
  private final Channel channel;
  private final AtomicBoolean closed = new AtomicBoolean();

  private EngineServer(
      String host, int port, EventLoops loops, @Nullable Workers workers, Channel channel) {
    this.host = host;
    this.port = port;
    this.loops = loops;
    this.workers = workers;
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
    return builder(engine).host(host).port(port).start();
  }

  /** Settings for a server of {@code engine}, started with {@link Builder#start()}. */
  public static Builder builder(DynakitEngine engine) {
    return new Builder(Objects.requireNonNull(engine, "engine"));
  }

  /** The engine as the HTTP layer calls it: an answer handed over once durable. */
  private static WireCall wireCall(DynakitEngine engine) {
    return new WireCall() {
      @Override
      public Answer call(String target, byte[] body) {
        return answer(engine.handle(target, body));
      }

      @Override
      public void call(String target, byte[] body, Consumer<Answer> then) {
        engine.handle(target, body, r -> then.accept(answer(r)));
      }

      private Answer answer(EngineResponse r) {
        return new Answer(r.status(), r.body());
      }
    };
  }

  private static EngineServer start(
      DynakitEngine engine, String host, int port, ServerSettings settings, int workerThreads) {
    EventLoops loops = EventLoops.open(Runtime.getRuntime().availableProcessors());
    Workers workers =
        engine.waitsForDisk() ? Workers.start(workerThreads, settings.maxConnections()) : null;
    ServerBootstrap bootstrap =
        new ServerBootstrap()
            .group(loops.group())
            .channel(loops.serverChannelType())
            .option(ChannelOption.SO_BACKLOG, 1024)
            .option(ChannelOption.SO_REUSEADDR, true)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.SO_KEEPALIVE, true)
            .childHandler(
                new EngineChannelInitializer(wireCall(engine), engine.region(), settings, workers));
    ChannelFuture bound = bootstrap.bind(host, port).awaitUninterruptibly();
    if (!bound.isSuccess()) {
      loops.group().shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
      if (workers != null) {
        workers.close();
      }
      Throwable cause = bound.cause();
      String message = "Cannot listen on " + hostPort(host, port) + ": " + describe(cause);
      throw new UncheckedIOException(message, new IOException(message, cause));
    }
    Channel channel = bound.channel();
    int boundPort = ((InetSocketAddress) channel.localAddress()).getPort();
    return new EngineServer(host, boundPort, loops, workers, channel);
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
   * Stops accepting connections, closes the open ones and releases the event-loop threads and the
   * worker threads; waits for them to finish (a request that a worker is running finishes, one
   * still queued is dropped unanswered). Calling it again does nothing.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    channel.close().awaitUninterruptibly();
    loops.group().shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly();
    if (workers != null) {
      workers.close();
    }
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

  /**
   * Settings of a server: where it listens, whom it serves and how it holds its ground. Every
   * setting has a default fit for a developer's machine and a test suite.
   */
  public static final class Builder {
    /** The worker threads of an on-disk engine's server unless {@link #workerThreads} says. */
    public static final int DEFAULT_WORKER_THREADS = 64;

    private final DynakitEngine engine;
    private String host = "127.0.0.1";
    private int port;
    private int maxConnections = ServerSettings.DEFAULT_MAX_CONNECTIONS;
    private Duration headerTimeout = ServerSettings.DEFAULT_HEADER_TIMEOUT;
    private Duration bodyTimeout = ServerSettings.DEFAULT_BODY_TIMEOUT;
    private Duration idleTimeout = ServerSettings.DEFAULT_IDLE_TIMEOUT;
    private final Set<String> corsOrigins = new LinkedHashSet<>();
    private final Set<String> allowedHosts = new LinkedHashSet<>();
    private final Map<String, String> accessKeys = new LinkedHashMap<>();
    private int workerThreads = DEFAULT_WORKER_THREADS;

    private Builder(DynakitEngine engine) {
      this.engine = engine;
    }

    /**
     * The address to listen on: {@code 127.0.0.1} (the default) for this machine only, {@code
     * 0.0.0.0} for every interface.
     */
    public Builder host(String host) {
      this.host = Objects.requireNonNull(host, "host");
      return this;
    }

    /** The port; 0 (the default) picks a free one. */
    public Builder port(int port) {
      if (port < 0 || port > 65_535) {
        throw new IllegalArgumentException("port must be between 0 and 65535, got " + port);
      }
      this.port = port;
      return this;
    }

    /**
     * The most connections open at once ({@value ServerSettings#DEFAULT_MAX_CONNECTIONS} by
     * default); further ones are closed as they are accepted.
     */
    public Builder maxConnections(int maxConnections) {
      if (maxConnections < 1) {
        throw new IllegalArgumentException(
            "maxConnections must be positive, got " + maxConnections);
      }
      this.maxConnections = maxConnections;
      return this;
    }

    /**
     * How long a request's line and headers may take to arrive, from its first byte (from the
     * connection's opening, for its first request); 10 seconds by default. A client that is slower
     * is disconnected.
     */
    public Builder headerTimeout(Duration timeout) {
      this.headerTimeout = positive(timeout, "headerTimeout");
      return this;
    }

    /**
     * How long a request's body may take to arrive once its headers have; 60 seconds by default. A
     * client that is slower is disconnected.
     */
    public Builder bodyTimeout(Duration timeout) {
      this.bodyTimeout = positive(timeout, "bodyTimeout");
      return this;
    }

    /** How long a kept-alive connection may wait for its next request; 2 minutes by default. */
    public Builder idleTimeout(Duration timeout) {
      this.idleTimeout = positive(timeout, "idleTimeout");
      return this;
    }

    /**
     * Lets web pages of {@code origin} (such as {@code https://app.example:8443}) read answers,
     * beyond the loopback origins always allowed. A wildcard is refused: the server accepts any
     * signature, so {@code *} would let every web page its visitor opens read and write the data.
     *
     * @throws IllegalArgumentException for {@code *} or a value that is not {@code
     *     scheme://host[:port]}
     */
    public Builder corsOrigin(String origin) {
      Objects.requireNonNull(origin, "origin");
      String o = origin.trim();
      if (o.contains("*")) {
        throw new IllegalArgumentException(
            "A wildcard CORS origin is refused: this engine accepts any signature, so '"
                + origin
                + "' would let every web page read and write its data; name each origin"
                + " (http://host:port)");
      }
      if (!o.matches("(?i)https?://[^/?#\\s]+/?")) {
        throw new IllegalArgumentException(
            "A CORS origin is scheme://host[:port], such as http://app.test:3000; got '"
                + origin
                + "'");
      }
      corsOrigins.add(LocalAccess.origin(o));
      return this;
    }

    /**
     * Serves requests whose {@code Host} is {@code host} ({@code name} or {@code name:port}),
     * beyond loopback names and the server's own address; for a server reached by another name,
     * such as a container's service name.
     */
    public Builder allowHost(String host) {
      Objects.requireNonNull(host, "host");
      String h = host.trim().toLowerCase(Locale.ROOT);
      if (h.isEmpty() || h.contains("*") || h.contains("/") || h.chars().anyMatch(c -> c <= ' ')) {
        throw new IllegalArgumentException(
            "An allowed host is a name or name:port, such as dynakit or dynakit:8000; got '"
                + host
                + "'");
      }
      allowedHosts.add(h);
      return this;
    }

    /**
     * Requires every request to carry a valid AWS Signature Version 4 by a known access key, and
     * makes {@code accessKeyId} one, signing with {@code secretAccessKey}; repeatable, for several
     * keys. Off by default (any signature is accepted). With it, a request is refused as DynamoDB
     * refuses it: without a signature (MissingAuthenticationTokenException), by an unknown key
     * (UnrecognizedClientException), with another secret or more than 15 minutes from this
     * machine's clock (InvalidSignatureException). The in-process path has no signature to check.
     *
     * @throws IllegalArgumentException for an empty key id or secret, or a key id given twice with
     *     different secrets
     */
    public Builder signedBy(String accessKeyId, String secretAccessKey) {
      Objects.requireNonNull(accessKeyId, "accessKeyId");
      Objects.requireNonNull(secretAccessKey, "secretAccessKey");
      if (accessKeyId.isBlank() || secretAccessKey.isEmpty()) {
        throw new IllegalArgumentException("An access key needs a key id and a secret");
      }
      String before = accessKeys.putIfAbsent(accessKeyId, secretAccessKey);
      if (before != null && !before.equals(secretAccessKey)) {
        throw new IllegalArgumentException(
            "Access key " + accessKeyId + " is given twice with different secrets");
      }
      return this;
    }

    /**
     * The threads that run the requests of an engine whose store waits for the disk (an on-disk
     * engine); {@value #DEFAULT_WORKER_THREADS} by default, ignored for an in-memory engine. A
     * thread waits only while a read (or a write stalled by RocksDB's compactions) waits for the
     * disk, never for a log sync; a waiting thread costs no CPU.
     */
    public Builder workerThreads(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("workerThreads must be positive, got " + threads);
      }
      this.workerThreads = threads;
      return this;
    }

    /**
     * Starts the server.
     *
     * @throws UncheckedIOException when the address cannot be listened on (port in use, unknown or
     *     foreign host)
     */
    public EngineServer start() {
      ServerSettings settings =
          new ServerSettings(
              EngineChannelInitializer.MAX_BODY_BYTES,
              maxConnections,
              headerTimeout,
              bodyTimeout,
              idleTimeout,
              new LocalAccess(host, Set.copyOf(corsOrigins), Set.copyOf(allowedHosts)),
              accessKeys.isEmpty() ? null : new SignatureCheck(accessKeys, Clock.systemUTC()));
      return EngineServer.start(engine, host, port, settings, workerThreads);
    }

    private static Duration positive(Duration timeout, String name) {
      Objects.requireNonNull(timeout, name);
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException(name + " must be positive, got " + timeout);
      }
      return timeout;
    }
  }
}
