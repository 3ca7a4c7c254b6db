package dev.dynakit.rest.jdk;

import com.sun.net.httpserver.HttpServer;
import dev.dynakit.rest.RestHandler;
import dev.dynakit.rest.RestPolicy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A JDK HTTP server serving one {@link RestHandler} at a mount path, on its own thread pool.
 *
 * <pre>{@code
 * try (JdkRestServer server = JdkRestServer.builder(routes).port(0).start()) {
 *   URI base = server.uri(); // http://127.0.0.1:54321/
 * }
 * }</pre>
 */
public final class JdkRestServer implements AutoCloseable {
  private final HttpServer server;
  private final JdkRestHandler handler;
  private final ExecutorService executor;
  private final String mount;

  private JdkRestServer(
      HttpServer server, JdkRestHandler handler, ExecutorService executor, String mount) {
    this.server = server;
    this.handler = handler;
    this.executor = executor;
    this.mount = mount;
  }

  /** A server for {@code handler}; {@link Builder#start()} starts it. */
  public static Builder builder(RestHandler handler) {
    return new Builder(handler);
  }

  /** The port the server listens on (the chosen one when started on port 0). */
  public int port() {
    return server.getAddress().getPort();
  }

  /** The base URI of the handler: {@code http://host:port/mount/}. */
  public URI uri() {
    InetSocketAddress address = server.getAddress();
    String host = address.getAddress().getHostAddress();
    if (host.contains(":")) {
      host = "[" + host + "]";
    }
    return URI.create("http://" + host + ":" + address.getPort() + mount + "/");
  }

  /**
   * Lets running requests finish (up to five seconds; new ones are answered 503 meanwhile), then
   * stops the server and its threads. Idle keep-alive connections do not delay it.
   */
  @Override
  public void close() {
    try {
      handler.drain(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    server.stop(0);
    executor.shutdown();
    try {
      if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  /** Configures and starts a {@link JdkRestServer}. */
  public static final class Builder {
    private final RestHandler handler;
    private String host = "127.0.0.1";
    private int port;
    private String mount = "";
    private RestPolicy policy = RestPolicy.defaults();
    private int threads = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

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
      String value = JdkRestHandler.mount(Objects.requireNonNull(path, "path"));
      if (!value.isEmpty() && !value.startsWith("/")) {
        throw new IllegalArgumentException("a mount path starts with '/', got '" + path + "'");
      }
      this.mount = value;
      return this;
    }

    /** The policy whose body limit the binding applies (and the handler should share). */
    public Builder policy(RestPolicy value) {
      this.policy = Objects.requireNonNull(value, "policy");
      return this;
    }

    /** The number of request threads. */
    public Builder threads(int value) {
      if (value < 1) {
        throw new IllegalArgumentException("threads must be >= 1, got " + value);
      }
      this.threads = value;
      return this;
    }

    /**
     * Binds and starts the server.
     *
     * @throws UncheckedIOException when the address cannot be bound
     */
    public JdkRestServer start() {
      HttpServer server;
      try {
        server = HttpServer.create(new InetSocketAddress(host, port), 0);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot listen on " + host + ":" + port, e);
      }
      JdkRestHandler adapter = new JdkRestHandler(handler, policy);
      server.createContext(mount.isEmpty() ? "/" : mount, adapter);
      ExecutorService executor = Executors.newFixedThreadPool(threads, new Daemons());
      server.setExecutor(executor);
      server.start();
      return new JdkRestServer(server, adapter, executor, mount);
    }
  }

  /** Daemon request threads, so that a forgotten server never keeps a JVM alive. */
  private static final class Daemons implements ThreadFactory {
    private final AtomicInteger count = new AtomicInteger();

    @Override
    public Thread newThread(Runnable task) {
      Thread thread = new Thread(task, "dynakit-rest-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    }
  }
}
