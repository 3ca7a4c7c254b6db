package dev.dynakit.rest.netty;

import dev.dynakit.rest.ErrorMapping;
import dev.dynakit.rest.RestRequest;
import dev.dynakit.rest.RestResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import org.jspecify.annotations.Nullable;

/**
 * The exchanges of one connection, on its event loop. The head is screened by the {@link Gate}; the
 * body is copied as it arrives into an array that grows with it (never sized by {@code
 * Content-Length} alone) and refused with 413 once it passes the limit; the complete request goes
 * to the worker pool, and reading stops until its answer is written. Requests that arrive meanwhile
 * (pipelining) wait, decoded, in a queue that one socket read bounds.
 */
final class ExchangeHandler extends ChannelInboundHandlerAdapter {
  /** The most bytes of a refused body read and dropped so that its sender can read the answer. */
  static final long DISCARD_LIMIT = 16L * 1024 * 1024;

  private static final System.Logger LOG = System.getLogger(ExchangeHandler.class.getName());
  private static final byte[] NO_BYTES = new byte[0];
  private static final int FIRST_CAPACITY = 8192;

  private final Shared shared;
  private final Deadlines deadlines;
  private final ArrayDeque<Object> pending = new ArrayDeque<>();
  private @Nullable ChannelHandlerContext ctx;
  private @Nullable HttpRequest head;
  private Gate.@Nullable Answer refusal;
  private byte[] body = NO_BYTES;
  private int length;
  private long discarded;
  private boolean busy;
  private boolean closing;

  /** A refusal is written; the rest of its body is read and dropped, then the connection closes. */
  private boolean draining;

  private @Nullable ChannelFuture drainAnswer;

  ExchangeHandler(Shared shared, Deadlines deadlines) {
    this.shared = shared;
    this.deadlines = deadlines;
    deadlines.onExpiry(this::expired);
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (closing) {
      ReferenceCountUtil.release(msg);
    } else if (busy || !pending.isEmpty()) {
      pending.add(msg);
    } else {
      process(msg);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    closing = true;
    while (!pending.isEmpty()) {
      ReferenceCountUtil.release(pending.poll());
    }
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (!(cause instanceof IOException)) {
      LOG.log(Level.WARNING, "closing a REST connection after an unexpected error", cause);
    }
    ctx.close();
  }

  /** Handles one decoded message and releases it. */
  private void process(Object msg) {
    try {
      if (msg instanceof HttpRequest request) {
        start(request);
      }
      if (msg instanceof HttpContent content && head != null && !closing) {
        append(content);
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  private void start(HttpRequest request) {
    if (request.decoderResult().isFailure()) {
      malformed(request.decoderResult().cause());
      return;
    }
    head = request;
    body = NO_BYTES;
    length = 0;
    discarded = 0;
    deadlines.body();
    refusal = shared.gate.screen(request, shared.stopping());
    long declared;
    try {
      declared = HttpUtil.getContentLength(request, -1L);
    } catch (NumberFormatException e) {
      malformed(e);
      return;
    }
    if (declared > shared.policy.maxBodyBytes() && (refusal == null || !refusal.close())) {
      refusal = tooLarge();
    }
    boolean expectsContinue = HttpUtil.is100ContinueExpected(request);
    if (refusal != null && refusal.close()) {
      if (expectsContinue || declared > DISCARD_LIMIT) {
        // the body will not come, or is too big to drop: answer now and hang up
        answer(request, refusal.response(), false);
      } else {
        drain(request, refusal.response());
      }
      return;
    }
    if (expectsContinue && refusal == null) {
      context()
          .writeAndFlush(
              new DefaultFullHttpResponse(
                  HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE, Unpooled.EMPTY_BUFFER));
    }
  }

  private void append(HttpContent content) {
    if (content.decoderResult().isFailure()) {
      malformed(content.decoderResult().cause());
      return;
    }
    ByteBuf buf = content.content();
    int n = buf.readableBytes();
    if (refusal == null) {
      long max = shared.policy.maxBodyBytes();
      if (n > max - length) {
        refusal = tooLarge();
        discarded = length + (long) n;
        body = NO_BYTES;
        length = 0;
        drain(Objects.requireNonNull(head), refusal.response());
        if (content instanceof LastHttpContent) {
          closeAfterDrain();
        }
        return;
      } else if (n > 0) {
        if (n > body.length - length) {
          body = Arrays.copyOf(body, capacityFor(length + n, max));
        }
        buf.getBytes(buf.readerIndex(), body, length, n);
        length += n;
      }
    } else {
      discarded += n;
      if (draining && (discarded > DISCARD_LIMIT || content instanceof LastHttpContent)) {
        closeAfterDrain();
        return;
      }
      if (discarded > DISCARD_LIMIT) {
        answer(Objects.requireNonNull(head), refusal.response(), false);
        return;
      }
    }
    if (content instanceof LastHttpContent) {
      finish();
    }
  }

  /**
   * Answers a request now, while its body still arrives, and reads on to drop the rest (up to
   * {@value #DISCARD_LIMIT} bytes or the body deadline) before closing: closing a connection with
   * unread bytes resets it, and its client might never see the answer.
   */
  private void drain(HttpRequest request, RestResponse response) {
    draining = true;
    FullHttpResponse out =
        HttpResponses.toNetty(
            shared.gate.withCors(response, request.headers().get(HttpHeaderNames.ORIGIN)),
            HttpMethod.HEAD.equals(request.method()));
    out.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    drainAnswer = context().writeAndFlush(out);
  }

  private void closeAfterDrain() {
    closing = true;
    ChannelFuture written = drainAnswer;
    if (written == null) {
      context().close();
    } else {
      written.addListener(ChannelFutureListener.CLOSE);
    }
  }

  private static int capacityFor(int needed, long max) {
    return (int) Math.max(needed, Math.min(Math.max(FIRST_CAPACITY, 2L * needed), max));
  }

  private void finish() {
    HttpRequest request = Objects.requireNonNull(head);
    head = null;
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    Gate.Answer refused = refusal;
    refusal = null;
    if (refused != null) {
      answer(request, refused.response(), keepAlive && !refused.close());
      return;
    }
    byte[] received = length == body.length ? body : Arrays.copyOf(body, length);
    body = NO_BYTES;
    length = 0;
    dispatch(request, received, keepAlive);
  }

  /** Runs the handler on a worker; the answer is written back on the event loop. */
  private void dispatch(HttpRequest request, byte[] received, boolean keepAlive) {
    ChannelHandlerContext context = context();
    busy = true;
    deadlines.busy();
    context.channel().config().setAutoRead(false);
    Target target = Objects.requireNonNull(Target.parse(request.uri()));
    RestRequest rest =
        new RestRequest(
            request.method().name(),
            shared.mount,
            Objects.requireNonNull(target.below(shared.mount)),
            target.query(),
            headers(request),
            received);
    shared.running.incrementAndGet();
    try {
      shared.workers.execute(
          () -> {
            RestResponse response = run(rest);
            context.executor().execute(() -> answer(request, response, keepAlive));
          });
    } catch (RejectedExecutionException e) {
      shared.running.decrementAndGet();
      answer(
          request,
          shared
              .gate
              .error(503, "ServiceUnavailable", "the server is busy; retry shortly")
              .withHeader("Retry-After", "1"),
          keepAlive);
    }
  }

  private RestResponse run(RestRequest request) {
    try {
      return shared.handler.handle(request);
    } catch (RuntimeException | StackOverflowError e) {
      return ErrorMapping.toResponse(e, null, shared.policy);
    } finally {
      shared.running.decrementAndGet();
    }
  }

  private static Map<String, List<String>> headers(HttpRequest request) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> header : request.headers()) {
      out.computeIfAbsent(header.getKey(), name -> new ArrayList<>()).add(header.getValue());
    }
    return out;
  }

  /** Writes an answer; then reads on (keep-alive) or closes. */
  private void answer(HttpRequest request, RestResponse response, boolean keepAlive) {
    ChannelHandlerContext context = context();
    if (closing || !context.channel().isActive()) {
      return;
    }
    RestResponse withCors =
        shared.gate.withCors(response, request.headers().get(HttpHeaderNames.ORIGIN));
    FullHttpResponse out =
        HttpResponses.toNetty(withCors, HttpMethod.HEAD.equals(request.method()));
    busy = true;
    deadlines.idle(); // a client that does not read its answer is dropped like an idle one
    if (!keepAlive) {
      closing = true;
      out.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
      context.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE);
      return;
    }
    if (!request.protocolVersion().isKeepAliveDefault()) {
      out.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
    }
    context
        .writeAndFlush(out)
        .addListener(
            written -> {
              if (!written.isSuccess()) {
                context.close();
                return;
              }
              busy = false;
              context.channel().config().setAutoRead(true);
              drain();
            });
  }

  /** Handles the requests that arrived while one was being answered. */
  private void drain() {
    while (!busy && !closing && !pending.isEmpty()) {
      process(pending.poll());
    }
  }

  /**
   * Answers a request the decoder could not read, then stops sending and reads (the decoder drops
   * what it can no longer parse) until the client hangs up or the header deadline passes: closing
   * at once, with the client still sending, would reset the connection before it read the answer.
   */
  private void malformed(@Nullable Throwable cause) {
    head = null;
    draining = true;
    FullHttpResponse out = HttpResponses.toNetty(shared.gate.malformed(cause), false);
    out.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    ChannelHandlerContext context = context();
    drainAnswer = context.writeAndFlush(out);
    drainAnswer.addListener(
        written -> {
          if (context.channel() instanceof SocketChannel socket && socket.isActive()) {
            socket.shutdownOutput();
          }
        });
    deadlines.linger();
  }

  private Gate.Answer tooLarge() {
    return new Gate.Answer(shared.gate.tooLarge(), true);
  }

  /** A deadline passed: an idle connection is closed, a partial request is answered 408 first. */
  private void expired(Deadlines.Phase phase) {
    if (closing) {
      return;
    }
    if (draining) {
      closeAfterDrain();
      return;
    }
    if (phase == Deadlines.Phase.IDLE || busy) {
      closing = true;
      context().close();
      return;
    }
    answerAndClose(shared.gate.timedOut(phase == Deadlines.Phase.HEAD, shared.timeouts), head);
  }

  private void answerAndClose(RestResponse response, @Nullable HttpRequest request) {
    if (request != null) {
      answer(request, response, false);
      return;
    }
    closing = true;
    FullHttpResponse out = HttpResponses.toNetty(response, false);
    out.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    context().writeAndFlush(out).addListener(ChannelFutureListener.CLOSE);
  }

  private ChannelHandlerContext context() {
    return Objects.requireNonNull(ctx, "not added to a pipeline");
  }
}
