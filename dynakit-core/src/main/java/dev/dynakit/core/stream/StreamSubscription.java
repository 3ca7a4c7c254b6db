package dev.dynakit.core.stream;

import dev.dynakit.core.StreamEndedException;
import dev.dynakit.core.StreamRecordsTrimmedException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * One handler's subscription to one table's stream, from {@link StreamListener#subscribe} (polled
 * on a scheduler) or {@link StreamListener#open} (polled by {@link #pollOnce()}). Closing it stops
 * the polls, waits for one in progress, and keeps the checkpoints: a later subscription of the same
 * consumer continues after the last handled batch. Thread-safe: polls never overlap.
 */
public final class StreamSubscription implements AutoCloseable {
  private final StreamPoller poller;
  private final CompletableFuture<Void> done = new CompletableFuture<>();
  private @Nullable ScheduledFuture<?> schedule;
  private @Nullable ScheduledExecutorService ownScheduler;

  StreamSubscription(StreamPoller poller) {
    this.poller = poller;
  }

  /** The table whose stream this follows. */
  public String table() {
    return poller.table();
  }

  /** The stream followed: the table's latest stream when the subscription opened. */
  public String streamArn() {
    return poller.streamArn();
  }

  /**
   * Reads each readable shard once (one GetRecords each, oldest shard first, a child shard in the
   * same poll as its parent's end) and hands each non-empty batch to the handler, saving its
   * checkpoint after.
   *
   * @return how many records were handled
   * @throws StreamEndedException when the stream has ended and everything left in it was handled;
   *     the subscription is then done
   * @throws StreamRecordsTrimmedException when records were trimmed before they were read and the
   *     listener's {@link TrimPolicy} is {@link TrimPolicy#FAIL}; the subscription is then done
   * @throws dev.dynakit.core.StreamHandlerFailedException when the handler threw; the batch comes
   *     again at the next poll
   * @throws IllegalStateException if the subscription is closed or done
   */
  public synchronized int pollOnce() {
    if (done.isDone()) {
      throw new IllegalStateException(
          "the subscription to the stream of " + table() + " is closed or ended");
    }
    try {
      return poller.poll();
    } catch (StreamEndedException | StreamRecordsTrimmedException e) {
      finish(e);
      throw e;
    } catch (RuntimeException e) {
      if (poller.failedPolls() >= poller.maxFailedPolls()) {
        finish(e);
      }
      throw e;
    }
  }

  /**
   * Completes normally when the subscription is closed, exceptionally when it ends by itself: with
   * {@link StreamEndedException} or {@link StreamRecordsTrimmedException}, or with the last failure
   * after too many failed polls in a row.
   */
  public CompletableFuture<Void> done() {
    return done.copy();
  }

  /** Stops polling (waiting for a poll in progress) and completes {@link #done()}. */
  @Override
  public void close() {
    cancelSchedule();
    synchronized (this) {
      done.complete(null);
    }
  }

  /** Polls on {@code scheduler} (or a thread of its own) every {@code interval} until done. */
  synchronized void start(@Nullable ScheduledExecutorService scheduler, Duration interval) {
    ScheduledExecutorService on = scheduler;
    if (on == null) {
      ownScheduler =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "dynakit-stream-" + table());
                t.setDaemon(true);
                return t;
              });
      on = ownScheduler;
    }
    schedule =
        on.scheduleWithFixedDelay(this::scheduledPoll, 0, interval.toNanos(), TimeUnit.NANOSECONDS);
  }

  private void scheduledPoll() {
    synchronized (this) {
      if (done.isDone()) {
        return;
      }
      try {
        pollOnce();
      } catch (RuntimeException e) {
        // counted by the poller; the subscription is done once it gave up (done then holds why)
      } catch (Error e) {
        // a handler's Error (an AssertionError in a test) escaping here would end the scheduler's
        // task without a word, leaving done() pending forever: the subscription ends with it
        done.completeExceptionally(e);
      }
    }
    if (done.isDone()) {
      cancelSchedule();
    }
  }

  private void finish(RuntimeException cause) {
    done.completeExceptionally(cause);
  }

  private synchronized void cancelSchedule() {
    if (schedule != null) {
      schedule.cancel(false);
    }
    if (ownScheduler != null) {
      ownScheduler.shutdown();
    }
  }
}
