package dev.dynakit.engine.internal.http;

import io.netty.channel.ChannelHandlerContext;
import java.lang.System.Logger.Level;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * One engine call run on a worker thread, its answer handed back to the connection's event loop
 * (which alone writes to the connection and touches its handler's state).
 */
final class WorkerCall implements Runnable {
  private static final System.Logger LOG = System.getLogger(WorkerCall.class.getName());

  private final ChannelHandlerContext ctx;
  private final WireCall engine;
  private final String target;
  private final byte[] body;
  private final Consumer<WireCall.Answer> onEventLoop;

  WorkerCall(
      ChannelHandlerContext ctx,
      WireCall engine,
      String target,
      byte[] body,
      Consumer<WireCall.Answer> onEventLoop) {
    this.ctx = ctx;
    this.engine = engine;
    this.target = target;
    this.body = body;
    this.onEventLoop = onEventLoop;
  }

  /** Whether its connection is closed: nobody would read the answer. */
  boolean abandoned() {
    return !ctx.channel().isActive();
  }

  @Override
  public void run() {
    if (abandoned()) {
      return; // nobody would read the answer: a request never answered need not run
    }
    try {
      // the answer may come later, from the thread that syncs the store's log: this worker takes
      // the next request meanwhile
      engine.call(target, body, this::answer);
    } catch (RuntimeException | Error e) {
      // the engine answers its own failures; this is one it could not, as on the event loop
      LOG.log(Level.WARNING, "Closing a connection after an unexpected error", e);
      ctx.close();
      throw e;
    }
  }

  private void answer(WireCall.Answer answer) {
    try {
      ctx.executor().execute(() -> onEventLoop.accept(answer));
    } catch (RejectedExecutionException e) {
      // the server is closing: its event loops have ended, and the connection with them
    }
  }
}
