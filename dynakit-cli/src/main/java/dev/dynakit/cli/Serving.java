package dev.dynakit.cli;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Serves until the process is stopped; shared by {@code serve}, {@code rest} and {@code demo}. */
final class Serving {
  /** Set by {@link Main#main}: the command owns the process, so a stop by signal exits with 0. */
  private static volatile boolean ownsTheProcess;

  private Serving() {}

  /**
   * A server stopped by SIGINT (Ctrl-C) or SIGTERM is a clean stop, documented to exit with 0; the
   * JVM would otherwise exit with 128 + the signal number once the shutdown hooks have run. Called
   * only when the command runs as the process's main program, never when a test runs it in its own
   * JVM.
   */
  static void exitZeroWhenStoppedBySignal() {
    ownsTheProcess = true;
  }

  static void checkPort(CommandSpec spec, int port) {
    if (port < 0 || port > 65_535) {
      throw new ParameterException(
          spec.commandLine(), "--port must be between 0 and 65535, got " + port);
    }
  }

  /**
   * Fails unless {@code host} resolves and {@code port} (unless 0) is free on it, so that a command
   * finds out before it provisions anything, loads anything or prints that it started. The server
   * binds afterwards, which another process may still beat it to; that fails as clearly.
   */
  static void checkAddress(String host, int port) {
    String where = "Cannot listen on " + hostPort(host, port) + ": ";
    InetAddress address;
    try {
      address = InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw CommandFailure.failed(where + "unknown host '" + host + "'");
    }
    if (port == 0) {
      return;
    }
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(new InetSocketAddress(address, port));
    } catch (BindException e) {
      String reason = String.valueOf(e.getMessage());
      throw CommandFailure.failed(
          where
              + (reason.contains("in use")
                  ? "the port is in use (choose another with --port N, or --port 0 for a free one)"
                  : Failures.describe(e)));
    } catch (IOException e) {
      throw CommandFailure.failed(where + Failures.describe(e));
    }
  }

  private static String hostPort(String host, int port) {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  /**
   * Serves {@code engine} on {@code host:port}, prints the one line that says where, and returns
   * when the calling thread is interrupted or the process is stopped ({@link #untilStopped}). Takes
   * ownership of the engine: it is closed either way.
   */
  static void serve(DynakitEngine engine, String host, int port, PrintWriter out) {
    try {
      checkAddress(host, port);
    } catch (RuntimeException e) {
      engine.close();
      throw e;
    }
    serve(engine, EngineServer.builder(engine).host(host).port(port), out);
  }

  /** As {@link #serve(DynakitEngine, String, int, PrintWriter)}, with the server's settings. */
  static void serve(DynakitEngine engine, EngineServer.Builder settings, PrintWriter out) {
    serve(engine, settings, out, "");
  }

  /**
   * As {@link #serve(DynakitEngine, EngineServer.Builder, PrintWriter)}, with {@code storage} (say,
   * where the data lives) after the endpoint on the line it prints.
   */
  static void serve(
      DynakitEngine engine, EngineServer.Builder settings, PrintWriter out, String storage) {
    EngineServer server;
    try {
      server = settings.start();
    } catch (RuntimeException e) {
      engine.close();
      throw e;
    }
    out.println("Dynakit engine listening on " + server.endpoint() + storage);
    out.flush();
    untilStopped(
        () -> {
          server.close();
          engine.close();
        });
  }

  /**
   * Waits until the calling thread is interrupted or the JVM is asked to stop (SIGINT, SIGTERM),
   * then runs {@code stop} once: from this thread, or from a shutdown hook before the JVM exits;
   * when the command owns the process ({@link #exitZeroWhenStoppedBySignal}), the hook then ends it
   * with exit code 0.
   */
  static void untilStopped(Runnable stop) {
    AtomicBoolean stopped = new AtomicBoolean();
    Runnable once =
        () -> {
          // the second caller waits for the first to finish, so that nothing halts mid-close
          synchronized (stopped) {
            if (stopped.compareAndSet(false, true)) {
              stop.run();
            }
          }
        };
    Thread hook =
        new Thread(
            () -> {
              once.run();
              if (ownsTheProcess) {
                // The JVM has already fixed its exit status (128 + the signal) and System.exit
                // would block inside a hook; everything is closed, so end the process here.
                System.out.flush();
                System.err.flush();
                Runtime.getRuntime().halt(0);
              }
            },
            "dynakit-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      new CountDownLatch(1).await(); // until interrupted, or until the JVM exits
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running or has run
      }
      once.run();
    }
  }
}
