package dev.dynakit.rest.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The one running deadline of a connection, first in its pipeline so that it sees raw bytes. A
 * connection is idle (no request begun: the idle deadline), in a head (bytes arrived, the head not
 * complete: the header deadline), in a body (the body deadline), or busy (a handler runs or an
 * answer is being written: no deadline, the server's own work). The deadlines are totals, not gaps
 * between bytes, so a client that trickles one byte a second gains nothing.
 */
final class Deadlines extends ChannelInboundHandlerAdapter {
  /** Where a connection is in its current exchange. */
  enum Phase {
    IDLE,
    HEAD,
    BODY,
    BUSY
  }

  private final Timeouts timeouts;
  private @Nullable Consumer<Phase> onExpiry;
  private @Nullable ChannelHandlerContext ctx;
  private @Nullable ScheduledFuture<?> timer;
  private Phase phase = Phase.IDLE;

  Deadlines(Timeouts timeouts) {
    this.timeouts = timeouts;
  }

  /** What to do when a deadline passes; called on the event loop with the phase that expired. */
  void onExpiry(Consumer<Phase> action) {
    this.onExpiry = action;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    enter(Phase.IDLE);
    ctx.fireChannelActive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (phase == Phase.IDLE) {
      enter(Phase.HEAD);
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    cancel();
    ctx.fireChannelInactive();
  }

  /** The head is complete; the body (possibly empty) follows. */
  void body() {
    enter(Phase.BODY);
  }

  /** An answer is written and the rest of the input dropped: the header deadline ends that. */
  void linger() {
    enter(Phase.HEAD);
  }

  /** The request is complete; the server works on it. */
  void busy() {
    enter(Phase.BUSY);
  }

  /** The answer is written; the connection waits for the next request. */
  void idle() {
    enter(Phase.IDLE);
  }

  Phase phase() {
    return phase;
  }

  private void enter(Phase next) {
    cancel();
    phase = next;
    long nanos =
        switch (next) {
          case IDLE -> timeouts.idle().toNanos();
          case HEAD -> timeouts.header().toNanos();
          case BODY -> timeouts.body().toNanos();
          case BUSY -> 0;
        };
    ChannelHandlerContext context = ctx;
    if (nanos > 0 && context != null) {
      timer = context.executor().schedule(() -> expire(next), nanos, TimeUnit.NANOSECONDS);
    }
  }

  private void expire(Phase expired) {
    timer = null;
    if (phase != expired) {
      return;
    }
    Consumer<Phase> action = onExpiry;
    if (action != null) {
      action.accept(expired);
    } else if (ctx != null) {
      ctx.close();
    }
  }

  private void cancel() {
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
  }
}
