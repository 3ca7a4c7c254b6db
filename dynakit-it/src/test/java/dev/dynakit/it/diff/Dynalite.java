package dev.dynakit.it.diff;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The dynalite peer emulator, installed, started and stopped through the repository's {@code
 * tools/dynalite} script. Tests that use it own its whole life.
 *
 * <p>Where dynalite is not installed (no npm, or no network to the npm registry), the differential
 * tests are skipped with the reason printed, so that a plain clone still builds and tests. CI
 * installs it first and sets {@code -Ddynakit.peers.required=true}: there a missing peer fails.
 */
final class Dynalite implements AutoCloseable {
  private static final String REQUIRED_PROPERTY = "dynakit.peers.required";

  private final String pid;
  private final Path tool;
  final URI endpoint;

  private Dynalite(Path tool, String pid, int port) {
    this.tool = tool;
    this.pid = pid;
    this.endpoint = URI.create("http://127.0.0.1:" + port);
  }

  /** The repository's {@code tools/dynalite}, found by walking up from the working directory. */
  static Path tool() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("tools").resolve("dynalite");
      if (Files.isRegularFile(candidate) && Files.isRegularFile(dir.resolve("pom.xml"))) {
        return candidate;
      }
    }
    throw new IllegalStateException("tools/dynalite not found in the repository");
  }

  /**
   * Skips the calling test class, with the reason printed, when dynalite is not installed; fails
   * instead when the build says the peers are required.
   */
  static void assumeInstalled() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("bash", tool().toString(), "installed").start();
    boolean installed = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    if (installed) {
      return;
    }
    String reason =
        "dynalite is not installed (run tools/dynalite install, which needs npm):"
            + " differential tests against it are skipped";
    if (Boolean.getBoolean(REQUIRED_PROPERTY)) {
      throw new IllegalStateException(
          reason.replace("are skipped", "cannot run") + " but " + REQUIRED_PROPERTY + " is set");
    }
    System.err.println("[dynakit-it] " + reason);
    Assumptions.assumeTrue(false, reason);
  }

  static Dynalite start() throws IOException, InterruptedException {
    assumeInstalled();
    Path tool = tool();
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Process p =
        new ProcessBuilder("bash", tool.toString(), "start", Integer.toString(port))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("dynalite did not start in time");
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (p.exitValue() != 0 || out.isEmpty()) {
      throw new IllegalStateException("dynalite failed to start: " + out);
    }
    String[] lines = out.split("\n");
    return new Dynalite(tool, lines[lines.length - 1].trim(), port);
  }

  @Override
  public void close() throws IOException, InterruptedException {
    new ProcessBuilder("bash", tool.toString(), "stop", pid).start().waitFor(30, TimeUnit.SECONDS);
  }
}
