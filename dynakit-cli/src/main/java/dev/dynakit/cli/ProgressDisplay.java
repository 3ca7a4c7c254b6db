package dev.dynakit.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * Shows how far a load or an export has come, on standard error: a bar redrawn in place on a
 * terminal, plain lines (at every tenth of the total, or every 5 seconds when the total is not
 * known) otherwise, or nothing.
 */
final class ProgressDisplay {
  /** How progress is shown. */
  enum Mode {
    /** A bar on a terminal, plain lines otherwise. */
    AUTO,
    BAR,
    LINES,
    NONE
  }

  private static final long BAR_INTERVAL_NANOS = 100_000_000L;
  private static final long LINE_INTERVAL_NANOS = 5_000_000_000L;
  private static final int WIDTH = 30;

  private final PrintWriter err;
  private final Mode mode;
  private final String verb;
  private final long start = System.nanoTime();
  private long lastShown = start;
  private long lastTenth;
  private long lastLine = -1;

  /**
   * @param verb what the items are doing ({@code loaded}, {@code exported})
   */
  ProgressDisplay(PrintWriter err, Mode mode, String verb) {
    this.err = err;
    this.mode = mode == Mode.AUTO ? (terminal() ? Mode.BAR : Mode.LINES) : mode;
    this.verb = verb;
  }

  /** The mode an option names ({@code auto}, {@code bar}, {@code lines}, {@code none}). */
  static Mode mode(CommandSpec spec, String option) {
    try {
      return Mode.valueOf(option.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), "--progress must be auto, bar, lines or none, got '" + option + "'");
    }
  }

  /** Whether this process talks to a terminal (and the terminal can redraw a line). */
  static boolean terminal() {
    return System.console() != null && !"dumb".equals(System.getenv("TERM"));
  }

  Mode mode() {
    return mode;
  }

  /** Shows {@code done} of {@code total} items (total null or not positive: unknown). */
  synchronized void update(long done, @Nullable Long total) {
    long now = System.nanoTime();
    boolean known = total != null && total > 0;
    if (mode == Mode.BAR && now - lastShown >= BAR_INTERVAL_NANOS) {
      lastShown = now;
      err.print("\r" + bar(done, known ? total : null, now) + "\u001b[K");
      err.flush();
    } else if (mode == Mode.LINES) {
      long tenth = known ? Math.min(10, done * 10 / total) : 0;
      if ((known && tenth > lastTenth) || (!known && now - lastShown >= LINE_INTERVAL_NANOS)) {
        lastTenth = tenth;
        lastShown = now;
        lastLine = done;
        err.println(line(done, known ? total : null, now));
        err.flush();
      }
    }
  }

  /** Ends the display: the final count (and a line break after a bar). */
  synchronized void finish(long done, @Nullable Long total) {
    long now = System.nanoTime();
    if (mode == Mode.BAR) {
      err.print("\r" + bar(done, total != null && total > 0 ? total : null, now) + "\u001b[K");
      err.println();
    } else if (mode == Mode.LINES && done != lastLine) {
      err.println(line(done, total != null && total > 0 ? total : null, now));
    }
    err.flush();
  }

  private String bar(long done, @Nullable Long total, long now) {
    StringBuilder text = new StringBuilder();
    if (total != null) {
      int filled = (int) Math.min(WIDTH, done * WIDTH / total);
      text.append('[')
          .append("#".repeat(filled))
          .append(".".repeat(WIDTH - filled))
          .append("] ")
          .append(String.format(Locale.ROOT, "%3d%% ", Math.min(100, done * 100 / total)));
    }
    return text.append(counts(done, total, now)).toString();
  }

  private String line(long done, @Nullable Long total, long now) {
    String percent =
        total == null
            ? ""
            : String.format(Locale.ROOT, " (%d%%)", Math.min(100, done * 100 / total));
    return verb + " " + counts(done, total, now) + percent;
  }

  private String counts(long done, @Nullable Long total, long now) {
    double seconds = (now - start) / 1e9;
    long rate = seconds > 0 ? Math.round(done / seconds) : 0;
    String of = total == null ? "" : String.format(Locale.ROOT, " of %,d", total);
    String left = "";
    if (total != null && rate > 0 && done < total) {
      long secondsLeft = (total - done) / rate;
      left = String.format(Locale.ROOT, ", %d:%02d left", secondsLeft / 60, secondsLeft % 60);
    }
    return String.format(Locale.ROOT, "%,d%s items, %,d/s%s", done, of, rate, left);
  }
}
