package dev.dynakit.examples.rentals;

import java.io.PrintWriter;

/**
 * A text progress bar. On a terminal it redraws one line in place ({@code \r}) as work advances;
 * otherwise (a pipe, a log file, a test) it prints a plain line at every quarter, so that the
 * output stays readable.
 */
final class ProgressBar {
  private static final int WIDTH = 30;
  private static final int PLAIN_STEPS = 4;

  private final PrintWriter out;
  private final boolean redraw;
  private final String label;
  private final int total;
  private int done;
  private int drawn = -1;

  ProgressBar(PrintWriter out, boolean redraw, String label, int total) {
    if (total < 1) {
      throw new IllegalArgumentException("a progress bar needs work to do, got " + total);
    }
    this.out = out;
    this.redraw = redraw;
    this.label = label;
    this.total = total;
  }

  /** One more unit done. */
  void step() {
    done = Math.min(total, done + 1);
    if (redraw) {
      int filled = done * WIDTH / total;
      if (filled != drawn || done == total) {
        drawn = filled;
        out.print("\r" + line());
        if (done == total) {
          out.println();
        }
        out.flush();
      }
    } else {
      int quarter = done * PLAIN_STEPS / total;
      if (quarter != drawn && quarter > 0) {
        drawn = quarter;
        out.println(line());
        out.flush();
      }
    }
  }

  /** The bar as it stands: {@code label [#######.......] 75/300}. */
  String line() {
    int filled = done * WIDTH / total;
    String width = Integer.toString(Integer.toString(total).length());
    return String.format(
        "  %s [%s%s] %" + width + "d/%d",
        label,
        "#".repeat(filled),
        ".".repeat(WIDTH - filled),
        done,
        total);
  }
}
