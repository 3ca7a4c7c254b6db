package dev.dynakit.it.diff;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The dynalite peer emulator, started and stopped through {@code shared/tools/dynalite}. Tests that
 * use it own its whole life.
 */
final class Dynalite implements AutoCloseable {
  private final String pid;
  private final Path tool;
  final URI endpoint;

  private Dynalite(Path tool, String pid, int port) {
    this.tool = tool;
    this.pid = pid;
    this.endpoint = URI.create("http://127.0.0.1:" + port);
  }

  /** The tool script, found in the {@code shared/} folder beside the project root. */
  static Path tool() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      Path candidate = dir.resolveSibling("shared").resolve("tools").resolve("dynalite");
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
      dir = dir.getParent();
    }
    throw new IllegalStateException("shared/tools/dynalite not found beside the project");
  }

  static Dynalite start() throws IOException, InterruptedException {
    Path tool = tool();
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Process p =
        new ProcessBuilder("bash", tool.toString(), "start", Integer.toString(port))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
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
