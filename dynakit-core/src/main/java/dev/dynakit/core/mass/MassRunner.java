package dev.dynakit.core.mass;

import dev.dynakit.core.InvalidTokenException;
import dev.dynakit.core.token.ResumePoint;
import dev.dynakit.core.token.TokenCodec;
import dev.dynakit.core.token.TokenScope;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Walks the phases of a mass operation slice by slice, within a budget of items and time, and makes
 * the token that resumes it exactly: the phase, and the position of the last item completely
 * handled (or the end of the last page read, when every item of it was handled).
 */
final class MassRunner {
  static final String DONE_NOTE = "done";
  private static final int PAGE_LIMIT = 200;

  private final TokenCodec codec;

  MassRunner(TokenCodec codec) {
    this.codec = codec;
  }

  /**
   * A budget and an observer of one call.
   *
   * @param checkpoints told after every slice with the token that resumes after it; null for none
   * @param countFirst whether to count what is left first, for a total in progress reports
   */
  record Limits(
      long maxItems,
      @Nullable Duration maxTime,
      ProgressListener listener,
      @Nullable ProgressListener checkpoints,
      boolean countFirst) {
    Limits(
        long maxItems, @Nullable Duration maxTime, ProgressListener listener, boolean countFirst) {
      this(maxItems, maxTime, listener, null, countFirst);
    }
  }

  MassResult run(TokenScope scope, List<Phase> phases, @Nullable String token, Limits limits) {
    ResumePoint start =
        token == null ? ResumePoint.startOf(phases.get(0).name()) : codec.decode(scope, token);
    int phaseIndex = indexOf(phases, start.phase());
    long before = parseDone(start);
    Long total = limits.countFirst() ? before + left(phases, phaseIndex, start.position()) : null;
    ProgressMeter meter =
        new ProgressMeter(
            scope.operation(), limits.listener(), limits.checkpoints(), before, total);
    long deadline =
        limits.maxTime() == null ? Long.MAX_VALUE : System.nanoTime() + limits.maxTime().toNanos();
    Tally tally = new Tally();
    Map<String, AttributeValue> position = start.position();
    String last = null;
    try {
      for (; phaseIndex < phases.size(); phaseIndex++) {
        Phase phase = phases.get(phaseIndex);
        while (true) {
          if (meter.done() >= limits.maxItems() || System.nanoTime() - deadline > 0) {
            last = token(scope, phase.name(), position, before + meter.done());
            return tally.result(last);
          }
          ScopeSource.Page page;
          try {
            page = phase.source().read(position.isEmpty() ? null : position, PAGE_LIMIT);
          } catch (RuntimeException e) {
            MassOperationException stop =
                stopped(scope, phase, position, before + meter.done(), tally, e);
            last = stop.resumeToken();
            throw stop;
          }
          List<Map<String, AttributeValue>> items = page.items();
          int from = 0;
          while (from < items.size()) {
            long room = limits.maxItems() - meter.done();
            if (room <= 0 || System.nanoTime() - deadline > 0) {
              last = token(scope, phase.name(), position, before + meter.done());
              return tally.result(last);
            }
            int to = (int) Math.min(items.size(), from + Math.min(phase.sliceSize(), room));
            List<Map<String, AttributeValue>> slice = items.subList(from, to);
            try {
              phase.handler().handle(slice, tally);
            } catch (RuntimeException e) {
              MassOperationException stop =
                  stopped(scope, phase, position, before + meter.done(), tally, e);
              last = stop.resumeToken();
              throw stop;
            }
            position = phase.source().positionOf(slice.get(slice.size() - 1));
            try {
              checkpoint(scope, phase, position, before, meter, slice.size(), tally);
            } catch (MassOperationException e) {
              last = e.resumeToken();
              throw e;
            }
            from = to;
          }
          if (page.next() == null) {
            break;
          }
          position = page.next();
        }
        position = Map.of();
      }
      return tally.result(null);
    } finally {
      meter.finish(last);
    }
  }

  /**
   * Counts a handled slice and tells the meter the token that resumes after it. A checkpoint
   * listener that fails stops the call, with that token: the caller could not record it.
   */
  private void checkpoint(
      TokenScope scope,
      Phase phase,
      Map<String, AttributeValue> position,
      long before,
      ProgressMeter meter,
      int items,
      Tally tally) {
    Map<String, AttributeValue> at = position;
    try {
      meter.add(items, () -> token(scope, phase.name(), at, before + meter.done()));
    } catch (RuntimeException e) {
      throw new MassOperationException(
          scope.operation(),
          token(scope, phase.name(), at, before + meter.done()),
          tally.result(null),
          e);
    }
  }

  /** The items left: the current phase's after the position, and every later phase's. */
  private static long left(List<Phase> phases, int from, Map<String, AttributeValue> position) {
    long count = 0;
    for (int i = from; i < phases.size(); i++) {
      ScopeSource source = phases.get(i).source();
      count += source.count(i == from && !position.isEmpty() ? position : null);
    }
    return count;
  }

  private MassOperationException stopped(
      TokenScope scope,
      Phase phase,
      Map<String, AttributeValue> position,
      long done,
      Tally tally,
      RuntimeException cause) {
    return new MassOperationException(
        scope.operation(), token(scope, phase.name(), position, done), tally.result(null), cause);
  }

  private String token(
      TokenScope scope, String phase, Map<String, AttributeValue> position, long done) {
    return codec.encode(
        scope, new ResumePoint(phase, position, Map.of(DONE_NOTE, Long.toString(done))));
  }

  private static int indexOf(List<Phase> phases, String name) {
    for (int i = 0; i < phases.size(); i++) {
      if (phases.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new InvalidTokenException(
        "the token names a phase this operation does not have: " + name);
  }

  private static long parseDone(ResumePoint start) {
    String done = start.notes().get(DONE_NOTE);
    if (done == null) {
      return 0;
    }
    try {
      return Long.parseLong(done);
    } catch (NumberFormatException e) {
      throw new InvalidTokenException("malformed token: bad progress count");
    }
  }
}
