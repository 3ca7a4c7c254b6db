package dev.dynakit.engine.internal.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Closes a connection whose client stalls: one that takes longer than the header timeout to send a
 * request's line and headers, longer than the body timeout to send its body, or that waits longer
 * than the idle timeout for its next request. Sits before the HTTP decoder, where it sees the first
 * bytes of a request; the request handler reports the end of its head and of its body.
 *
 * <p>The timer is moved only when it fires, or when a deadline comes before it (a timeout shorter
 * than the previous phase's): a phase change usually just writes a deadline, so a request costs no
 * scheduling. A stalled client thus holds one connection (and the decoder's few kilobytes) for a
 * bounded time, never a thread: a request runs only once it has wholly arrived.
 */
final class ConnectionDeadlines extends ChannelInboundHandlerAdapter {
  private enum Phase {
    /** Between requests: the idle timeout runs (the header timeout for the first request). */
    WAITING,
    /** Some bytes of a request's head have come: the header timeout runs. */
    HEAD,
    /** The head has come, not all of the body: the body timeout runs. */
    BODY
  }

  private final long headerNanos;
  private final long bodyNanos;
  private final long idleNanos;

  private Phase phase = Phase.WAITING;
  private boolean paused;
  private long deadline;
  private long timerAt;
  private @Nullable ChannelHandlerContext ctx;
  private @Nullable ScheduledFuture<?> timer;

  ConnectionDeadlines(ServerSettings settings) {
    this.headerNanos = settings.headerTimeout().toNanos();
    this.bodyNanos = settings.bodyTimeout().toNanos();
    this.idleNanos = settings.idleTimeout().toNanos();
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
    // a client that connects and sends nothing gets no more time than one sending slowly
    move(Phase.WAITING, headerNanos);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (phase == Phase.WAITING && msg instanceof ByteBuf bytes && bytes.isReadable()) {
      move(Phase.HEAD, headerNanos);
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    cancel();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    cancel();
  }

  /** The request's line and headers have been read: its body must follow in time. */
  void headRead() {
    move(Phase.BODY, bodyNanos);
  }

  /**
   * The whole request has been read. Bytes of a next request that came with it (pipelining) wait in
   * the decoder under the idle timeout until more bytes come; the time is bounded all the same.
   */
  void requestRead() {
    move(Phase.WAITING, idleNanos);
  }

  /**
   * A request is being answered off the event loop and the connection reads nothing meanwhile: the
   * client is not the one late, so no deadline closes the connection until {@link #resume}.
   */
  void pause() {
    paused = true;
  }

  /** Reading goes on: the current phase's timeout runs again, in full. */
  void resume() {
    paused = false;
    move(phase, phase == Phase.HEAD ? headerNanos : phase == Phase.BODY ? bodyNanos : idleNanos);
  }

  private void move(Phase next, long timeoutNanos) {
    phase = next;
    deadline = System.nanoTime() + timeoutNanos;
    ScheduledFuture<?> t = timer;
    if (t == null || deadline - timerAt < 0) {
      if (t != null) {
        t.cancel(false);
      }
      schedule(timeoutNanos);
    }
  }

  private void schedule(long delayNanos) {
    ChannelHandlerContext c = ctx;
    if (c != null) {
      timerAt = System.nanoTime() + delayNanos;
      timer = c.executor().schedule(this::check, delayNanos, TimeUnit.NANOSECONDS);
    } else {
      timer = null;
    }
  }

  private void check() {
    timer = null;
    ChannelHandlerContext c = ctx;
    if (c == null || !c.channel().isOpen() || paused) {
      return; // resume() schedules again
    }
    long left = deadline - System.nanoTime();
    if (left <= 0) {
      c.close();
    } else {
      schedule(left);
    }
  }

  private void cancel() {
    ScheduledFuture<?> t = timer;
    if (t != null) {
      t.cancel(false);
      timer = null;
    }
    ctx = null;
  }
}
