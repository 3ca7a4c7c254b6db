package dev.dynakit.engine.internal.metering;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * The per-second figures of one partition-key value over the last {@link
 * CapacityLimits#MAX_WINDOW_SECONDS} seconds: only the seconds in which it was used are kept, so an
 * occasional key costs a few entries. Not thread-safe: the meter guards it.
 */
final class KeyWindow {
  /** One second's figures. */
  static final class Second {
    final long at;
    double read;
    double write;
    int throttled;

    Second(long at) {
      this.at = at;
    }

    double units(Access access) {
      return access == Access.READ ? read : write;
    }
  }

  private final ArrayDeque<Second> seconds = new ArrayDeque<>();

  /** The units consumed at {@code now}. */
  double used(long now, Access access) {
    Second last = seconds.peekLast();
    return last != null && last.at == now ? last.units(access) : 0;
  }

  void add(long now, Access access, double units) {
    Second s = at(now);
    if (access == Access.READ) {
      s.read += units;
    } else {
      s.write += units;
    }
  }

  void throttled(long now) {
    at(now).throttled++;
  }

  /** The last second with figures, or {@code Long.MIN_VALUE}. */
  long lastSecond() {
    Second last = seconds.peekLast();
    return last == null ? Long.MIN_VALUE : last.at;
  }

  /** Forgets the seconds before the longest window; whether nothing is left. */
  boolean trim(long now) {
    long oldest = now - CapacityLimits.MAX_WINDOW_SECONDS;
    while (!seconds.isEmpty() && seconds.peekFirst().at <= oldest) {
      seconds.pollFirst();
    }
    return seconds.isEmpty();
  }

  /** The figures of the seconds in {@code (now - window, now]}. */
  KeyFigures figures(long now, int window) {
    double read = 0;
    double write = 0;
    double peakRead = 0;
    double peakWrite = 0;
    long throttled = 0;
    for (Iterator<Second> it = seconds.descendingIterator(); it.hasNext(); ) {
      Second s = it.next();
      if (s.at <= now - window) {
        break;
      }
      if (s.at > now) {
        continue;
      }
      read += s.read;
      write += s.write;
      peakRead = Math.max(peakRead, s.read);
      peakWrite = Math.max(peakWrite, s.write);
      throttled += s.throttled;
    }
    return new KeyFigures(read, write, peakRead, peakWrite, throttled);
  }

  private Second at(long now) {
    Second last = seconds.peekLast();
    if (last != null && last.at >= now) {
      // a clock set back counts in the latest second, which keeps the seconds in order
      return last;
    }
    Second s = new Second(now);
    seconds.addLast(s);
    if (seconds.size() > CapacityLimits.MAX_WINDOW_SECONDS) {
      seconds.pollFirst();
    }
    return s;
  }
}
