package dev.dynakit.cli;

import dev.dynakit.advisor.AdvisorException;
import dev.dynakit.advisor.Report;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The options {@code lint}, {@code analyze} and {@code simulate} share: the report's format and the
 * rules to silence. The exit code follows the report's highest severity: 0 clean (or notes only), 1
 * warnings, 3 errors.
 */
final class AdvisorOutput {
  @Option(names = "--json", description = "Print the report as JSON instead of text.")
  boolean json;

  @Option(
      names = "--html",
      paramLabel = "FILE",
      description = "Also write the report as one self-contained HTML page with SVG charts.")
  @Nullable Path html;

  @Option(
      names = "--ignore",
      paramLabel = "ID",
      description = "Silence the rule with this id (repeatable).")
  List<String> ignored = new ArrayList<>();

  /** Prints the report, writes the page if asked, and returns the exit code. */
  int print(Report report, PrintWriter out) {
    if (html != null) {
      write(html, report.html());
    }
    out.print(json ? report.json() : report.text());
    if (html != null && !json) {
      out.println("HTML report: " + html);
    }
    out.flush();
    return report.exitCode();
  }

  /** Runs advisor work, turning its refusals into wrong-input failures. */
  static <T> T wrongInputOn(java.util.function.Supplier<T> work) {
    try {
      return work.get();
    } catch (AdvisorException e) {
      throw CommandFailure.wrongInput(e.getMessage());
    }
  }

  /** Runs advisor work at a table, turning its refusals into failures at work. */
  static <T> T failedOn(java.util.function.Supplier<T> work) {
    try {
      return work.get();
    } catch (AdvisorException e) {
      throw CommandFailure.failed(e.getMessage());
    }
  }

  /** Writes beside the target first, then moves it in place: never a half-written page. */
  private static void write(Path file, String text) {
    Path absolute = file.toAbsolutePath();
    try {
      // a sibling with the umask's permissions, unlike createTempFile's owner-only ones
      Path temp = absolute.resolveSibling("." + absolute.getFileName() + ".tmp");
      try {
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
      } finally {
        Files.deleteIfExists(temp);
      }
    } catch (IOException e) {
      throw CommandFailure.failed("cannot write " + file + ": " + Failures.describe(e));
    }
  }
}
