package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./dynakit} launcher, run from a copy of the repository's script whose {@code mvn} is a
 * stand-in that writes what Maven writes in batch mode (escape codes included), so that the test
 * sees the launcher's own output without building anything. Its output goes to pipes, not a
 * terminal: no escape code may reach them.
 */
class LauncherIT {
  private static final String ESCAPE = "\u001b[";

  @TempDir Path root;
  private Path bin;

  @BeforeEach
  void copyTheLauncher() throws Exception {
    Path script = root.resolve("dynakit");
    Files.copy(Path.of("..", "dynakit"), script);
    executable(script);
    bin = Files.createDirectories(root.resolve("bin"));
  }

  /**
   * A stand-in for mvn that prints Maven's escape codes, then does what the build leaves behind.
   */
  private void fakeMaven(int exitCode) throws Exception {
    Path target = root.resolve("dynakit-cli").resolve("target");
    String script =
        "#!/usr/bin/env bash\n"
            + "printf '\\033[0m\\033[0m\\033[1mBuilding\\033[0m\\n'\n"
            + "printf '\\033[1;31m[ERROR]\\033[m something\\n' >&2\n"
            + "mkdir -p '"
            + target.resolve("classes")
            + "'\n"
            + "printf '%s' \"$TEST_CLASSPATH\" > '"
            + target.resolve("runtime-classpath.txt")
            + "'\n"
            + "exit "
            + exitCode
            + "\n";
    Path mvn = bin.resolve("mvn");
    Files.writeString(mvn, script);
    executable(mvn);
  }

  private static void executable(Path file) throws Exception {
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private record Run(int exit, String out, String err) {}

  private Run launch(String... args) throws Exception {
    Path out = root.resolve("out.txt");
    Path err = root.resolve("err.txt");
    ProcessBuilder builder =
        new ProcessBuilder(concat(List.of(root.resolve("dynakit").toString()), List.of(args)))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    String javaBin = Path.of(System.getProperty("java.home"), "bin").toString();
    builder
        .environment()
        .put("PATH", bin + File.pathSeparator + javaBin + File.pathSeparator + "/usr/bin:/bin");
    builder.environment().put("TEST_CLASSPATH", System.getProperty("java.class.path"));
    Process process = builder.start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Run(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
  }

  @Test
  @Timeout(90)
  void aFirstRun_buildsQuietly_thenRunsTheCommand() throws Exception {
    fakeMaven(0);

    Run run = launch("--version");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).startsWith("dynakit " + Version.dynakit() + "\n");
    assertThat(run.err())
        .isEqualTo("dynakit: building the command line (first run or changed sources)...\n");
  }

  @Test
  @Timeout(90)
  void aFailedBuild_showsMavensOutput_withoutEscapeCodes() throws Exception {
    fakeMaven(1);

    Run run = launch("--version");

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err())
        .contains("Building", "[ERROR] something", "dynakit: the build failed")
        .doesNotContain(ESCAPE);
    assertThat(run.out()).isEmpty();
  }
}
