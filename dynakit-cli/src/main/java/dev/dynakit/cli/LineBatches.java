package dev.dynakit.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The lines of a JSON Lines file in batches, each line read and checked before any line of its
 * batch is written: a batch ends at its size, before a line whose key the batch already holds (so
 * that the later line wins, in file order), or at the first malformed line, which it reports
 * instead of the lines after it. Blank lines are skipped.
 */
final class LineBatches {
  /** Checks one item as the table would take it; returns its primary key, or throws. */
  @FunctionalInterface
  interface Check {
    Object keyOf(Map<String, Object> item);
  }

  /** An item, its primary key as checked, and the number of its line (from 1). */
  record Line(long number, Map<String, Object> item, Object key) {}

  /**
   * A batch: the good lines to write, the number of the last line it accounts for (so that a resume
   * starts after it), and the malformed line that ended the input, if any.
   *
   * @param lines the items, in file order
   * @param through the last line number handled with this batch
   * @param malformed the number and reason of the line that stopped the load, or null
   */
  record Batch(List<Line> lines, long through, @Nullable Malformed malformed) {}

  /** A line that is not an item the table takes. */
  record Malformed(long line, String reason) {}

  private final BufferedReader reader;
  private final int size;
  private final Check check;
  private long number;
  private @Nullable Line pending;
  private boolean ended;

  /**
   * @param skip lines already loaded (a resume): read past, not checked
   */
  LineBatches(BufferedReader reader, long skip, int size, Check check) {
    this.reader = reader;
    this.size = size;
    this.check = check;
    try {
      while (number < skip && reader.readLine() != null) {
        number++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The lines read past so far. */
  long position() {
    return number;
  }

  /** The next batch; null when the input is used up (or a malformed line ended it). */
  @Nullable Batch next() {
    if (ended && pending == null) {
      return null;
    }
    List<Line> lines = new ArrayList<>(size);
    Set<Object> keys = new HashSet<>();
    long through = number;
    if (pending != null) {
      lines.add(pending);
      keys.add(pending.key());
      through = pending.number();
      pending = null;
    }
    while (!ended && lines.size() < size) {
      String text = readLine();
      if (text == null) {
        ended = true;
        break;
      }
      if (text.isBlank()) {
        through = number;
        continue;
      }
      Line line;
      try {
        Map<String, Object> item = ItemJson.read(text);
        line = new Line(number, item, check.keyOf(item));
      } catch (RuntimeException e) {
        ended = true;
        return new Batch(lines, through, new Malformed(number, reason(e)));
      }
      if (!keys.add(line.key())) {
        pending = line;
        break;
      }
      lines.add(line);
      through = number;
    }
    return lines.isEmpty() && pending == null && ended ? null : new Batch(lines, through, null);
  }

  private @Nullable String readLine() {
    try {
      String text = reader.readLine();
      if (text != null) {
        number++;
      }
      return text;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String reason(RuntimeException e) {
    String message = e.getMessage();
    if (e instanceof ItemJson.MalformedLineException) {
      return message;
    }
    String kind = e.getClass().getSimpleName().replaceAll("Exception$", "");
    return "refused by the table's declaration (" + kind + "): " + message;
  }
}
