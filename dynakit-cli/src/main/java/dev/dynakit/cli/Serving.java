package dev.dynakit.cli;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Serves until the process is stopped; shared by {@code serve} and {@code demo}. */
final class Serving {
  private Serving() {}

  static void checkPort(CommandSpec spec, int port) {
    if (port < 0 || port > 65_535) {
      throw new ParameterException(
          spec.commandLine(), "--port must be between 0 and 65535, got " + port);
    }
  }

  /**
   * Serves {@code engine} on {@code host:port}, prints the one line that says where, and returns
   * when the calling thread is interrupted; on SIGINT or SIGTERM a shutdown hook closes the server
   * and the engine before the JVM exits. Takes ownership of the engine: it is closed either way.
   */
  static void serve(DynakitEngine engine, String host, int port, PrintWriter out) {
    serve(engine, EngineServer.builder(engine).host(host).port(port), out);
  }

  /** As {@link #serve(DynakitEngine, String, int, PrintWriter)}, with the server's settings. */
  static void serve(DynakitEngine engine, EngineServer.Builder settings, PrintWriter out) {
    EngineServer server;
    try {
      server = settings.start();
    } catch (RuntimeException e) {
      engine.close();
      throw e;
    }
    out.println("Dynakit engine listening on " + server.endpoint());
    out.flush();
    untilStopped(
        () -> {
          server.close();
          engine.close();
        });
  }

  /**
   * Waits until the calling thread is interrupted or the JVM is asked to stop (SIGINT, SIGTERM),
   * then runs {@code stop} once: from this thread, or from a shutdown hook before the JVM exits.
   */
  static void untilStopped(Runnable stop) {
    AtomicBoolean stopped = new AtomicBoolean();
    Runnable once =
        () -> {
          if (stopped.compareAndSet(false, true)) {
            stop.run();
          }
        };
    Thread hook = new Thread(once, "dynakit-shutdown");
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
