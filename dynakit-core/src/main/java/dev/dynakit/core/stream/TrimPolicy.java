package dev.dynakit.core.stream;

import dev.dynakit.core.StreamRecordsTrimmedException;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * What a subscription does when records it had not read yet were trimmed from the stream (a
 * checkpoint older than DynamoDB Streams' 24-hour retention, e.g. after a long stop): {@link #FAIL}
 * (the default) ends the subscription with {@link StreamRecordsTrimmedException}; {@link
 * #skipToOldest} accepts the loss, reports it, and continues at the oldest record left.
 */
public final class TrimPolicy {
  /** Ends the subscription with {@link StreamRecordsTrimmedException}: no loss goes unnoticed. */
  public static final TrimPolicy FAIL = new TrimPolicy(null);

  private final @Nullable Consumer<? super StreamRecordsTrimmedException> report;

  private TrimPolicy(@Nullable Consumer<? super StreamRecordsTrimmedException> report) {
    this.report = report;
  }

  /**
   * Accepts each loss: {@code report} is told of it (table, shard, checkpoint), then reading goes
   * on at the shard's oldest record left. If {@code report} throws, the poll fails with that and
   * the next poll reports the loss again.
   */
  public static TrimPolicy skipToOldest(Consumer<? super StreamRecordsTrimmedException> report) {
    return new TrimPolicy(Objects.requireNonNull(report, "report"));
  }

  /** Reports {@code loss} and returns to skip it, or throws it. */
  void apply(StreamRecordsTrimmedException loss) {
    if (report == null) {
      throw loss;
    }
    report.accept(loss);
  }
}
