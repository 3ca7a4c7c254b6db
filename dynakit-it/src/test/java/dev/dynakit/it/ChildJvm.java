package dev.dynakit.it;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a main class of the test class path in a child JVM, its output appended to a log file: for
 * the campaigns that SIGKILL a process and check what it left behind.
 */
public final class ChildJvm {
  private ChildJvm() {}

  /** Starts {@code main} with {@code args}; a quick-starting JVM (C1 only, serial GC). */
  public static Process start(Class<?> main, Path log, String... args) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classpath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> command =
        new ArrayList<>(
            List.of(
                java,
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xss512k",
                "-cp",
                classpath,
                main.getName()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
  }
}
