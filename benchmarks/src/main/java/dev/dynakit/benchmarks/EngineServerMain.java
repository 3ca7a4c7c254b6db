package dev.dynakit.benchmarks;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.nio.file.Path;
import java.util.Set;

/**
 * The engine as a benchmark target: an in-memory {@link DynakitEngine} (or, with {@code
 * --data-dir}, an on-disk one) served by {@link EngineServer} on 127.0.0.1, in a JVM of its own (as
 * dynalite runs in a process of its own).
 *
 * <pre>
 * java -cp … dev.dynakit.benchmarks.EngineServerMain --port 0 --max-seconds 900
 * </pre>
 *
 * <p>Prints {@code listening http://127.0.0.1:PORT} once it accepts connections; stops by itself
 * after {@code --max-seconds}.
 */
public final class EngineServerMain {
  private EngineServerMain() {}

  public static void main(String[] args) throws InterruptedException {
    Flags flags = Flags.parse(args, Set.of("--port", "--max-seconds", "--data-dir"), Set.of());
    int port = flags.integer("--port", 0);
    int maxSeconds = flags.integer("--max-seconds", 900);
    // with --data-dir, the on-disk store with its default durability (the log synced per batch of
    // requests); in memory otherwise
    String dataDir = flags.string("--data-dir", null);
    DynakitEngine engine =
        dataDir == null ? DynakitEngine.inMemory() : DynakitEngine.onDisk(Path.of(dataDir));
    EngineServer server = EngineServer.start(engine, "127.0.0.1", port);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  engine.close();
                }));
    System.out.println("listening " + server.endpoint());
    System.out.flush();
    // a benchmark that dies must not leave a server behind
    Thread.sleep(maxSeconds * 1000L);
    System.exit(0);
  }
}
