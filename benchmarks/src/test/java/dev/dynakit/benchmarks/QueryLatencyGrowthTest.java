package dev.dynakit.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The latency benchmark end to end on tiny tables: what it prints, with every switch on. */
class QueryLatencyGrowthTest {
  @TempDir Path directory;

  @Test
  void reopen_timesTheQueriesAgain_withEveryTableReadFromFiles() {
    List<String> lines =
        run(
            "--store",
            "disk",
            "--dir",
            directory.toString(),
            "--sizes",
            "100,1000",
            "--queries",
            "20",
            "--rounds",
            "3",
            "--warm",
            "--reopen",
            "--scan");
    assertThat(lines.stream().filter(l -> l.startsWith("latency store=disk items="))).hasSize(2);
    assertThat(lines.stream().filter(l -> l.startsWith("latency store=disk reopened=true items=")))
        .hasSize(2);
    assertThat(lines)
        .anyMatch(l -> l.startsWith("settled stores=2 ") && l.contains("settled=true"));
    assertThat(lines)
        .anyMatch(l -> l.startsWith("latency-growth store=disk from=100 to=1000 "))
        .anyMatch(l -> l.startsWith("latency-growth store=disk reopened=true from=100 to=1000 "))
        // the warming reads before each measurement, and the final Scan
        .filteredOn(l -> l.startsWith("scan store=disk items=1000 "))
        .hasSize(3);
  }

  @Test
  void reopen_isRefused_forTheMemoryStore() {
    assertThatThrownBy(() -> QueryLatencyGrowth.main(new String[] {"--reopen"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--reopen needs --store disk");
  }

  @Test
  void aSettlingTimeBelowOneSecond_isRefused_beforeAnyTableIsLoaded() throws Exception {
    assertThatThrownBy(
            () ->
                run(
                    "--store",
                    "disk",
                    "--dir",
                    directory.toString(),
                    "--sizes",
                    "100",
                    "--queries",
                    "5",
                    "--rounds",
                    "2",
                    "--reopen",
                    "--settle-seconds",
                    "0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--settle-seconds must be at least 1, not 0");
    try (Stream<Path> left = Files.list(directory)) {
      assertThat(left).isEmpty();
    }
  }

  private static List<String> run(String... args) {
    PrintStream out = System.out;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
    try {
      QueryLatencyGrowth.main(args);
    } finally {
      System.setOut(out);
    }
    return buffer.toString(StandardCharsets.UTF_8).lines().toList();
  }
}
