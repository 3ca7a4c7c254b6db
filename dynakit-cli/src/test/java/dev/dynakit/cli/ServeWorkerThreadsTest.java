package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dynakit serve --data-dir DIR --worker-threads N}: the on-disk server's worker pool. */
class ServeWorkerThreadsTest {
  @TempDir Path directory;

  @Test
  void workerThreads_setsTheOnDiskServersPool() throws Exception {
    Set<Thread> before = workers();
    try (CliRun serve =
        new CliRun(
            "serve", "--port", "0", "--data-dir", directory.toString(), "--worker-threads", "3")) {
      serve.endpoint();
      Set<Thread> started = workers();
      started.removeAll(before);
      assertThat(started).hasSize(3);
      assertThat(serve.stop()).isZero();
    }
  }

  @Test
  void workerThreadsBelowOne_isRefusedNamingTheOption() throws Exception {
    try (CliRun serve =
        new CliRun(
            "serve", "--port", "0", "--data-dir", directory.toString(), "--worker-threads", "0")) {
      assertThat(serve.awaitExit()).isEqualTo(2);
      assertThat(serve.err()).contains("--worker-threads: workerThreads must be positive, got 0");
    }
  }

  private static Set<Thread> workers() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith("dynakit-worker"))
        .collect(Collectors.toSet());
  }
}
