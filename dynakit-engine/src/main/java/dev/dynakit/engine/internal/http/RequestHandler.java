package dev.dynakit.engine.internal.http;

import dev.dynakit.engine.internal.http.auth.AuthRefusal;
import dev.dynakit.engine.internal.http.auth.SignatureCheck;
import dev.dynakit.engine.internal.protocol.Json;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.jspecify.annotations.Nullable;

/**
 * Reads the requests of one connection and answers each, in the order they came: on the event-loop
 * thread, or, given workers (for a store that waits for the disk), on a worker thread.
 *
 * <p>With workers, a connection has at most one request running: while it runs, the connection
 * stops reading, and requests already read (pipelined behind it) are held until it is answered and
 * then answered in turn. So answers go out in request order, a pipelined read sees the write before
 * it, the workers' queue holds at most one request per connection, and a client that sends faster
 * than the engine answers fills its own socket buffers, not the server's memory.
 *
 * <p>The body is copied straight from the decoder's buffers into one array sized by {@code
 * Content-Length}, so a request costs one copy and no aggregation buffers. Responses are written as
 * they are produced and flushed once per socket read, so pipelined requests share a flush.
 */
final class RequestHandler extends ChannelInboundHandlerAdapter {
  private static final System.Logger LOG = System.getLogger(RequestHandler.class.getName());
  private static final byte[] NO_BYTES = new byte[0];
  private static final int FIRST_CHUNKED_CAPACITY = 8192;

  /**
   * The most allocated for a body before its bytes come: a client could announce 17 MiB and send
   * nothing. Larger bodies grow (doubling) as they arrive, so a body costs at most twice what was
   * received.
   */
  private static final int FIRST_FIXED_CAPACITY = 64 * 1024;

  private static final AsciiString TARGET = AsciiString.cached("x-amz-target");
  private static final String DESCRIBE_ENDPOINTS = "DescribeEndpoints";

  /** What a request turns out to be, decided by its head and revised while its body arrives. */
  private enum Kind {
    ENGINE,
    HEALTH,
    PREFLIGHT,
    NOT_FOUND,
    TOO_LARGE,
    FORBIDDEN
  }

  private final WireCall engine;
  private final Responses responses;
  private final int maxBodyBytes;
  private final LocalAccess access;
  private final ConnectionDeadlines deadlines;
  private final @Nullable SignatureCheck signatures;
  private final @Nullable Executor workers;

  private @Nullable HttpRequest head;
  private Kind kind = Kind.NOT_FOUND;
  private byte[] body = NO_BYTES;
  private int length;
  private long expected; // the Content-Length, or -1 for a chunked body
  private String refusal = "";
  private boolean closing;
  private boolean flushPending;
  // a request is on a worker; what the decoder gives meanwhile is held, in order
  private boolean busy;
  private final ArrayDeque<Object> held = new ArrayDeque<>();

  RequestHandler(
      WireCall engine,
      Responses responses,
      ServerSettings settings,
      ConnectionDeadlines deadlines,
      @Nullable Executor workers) {
    this.engine = engine;
    this.responses = responses;
    this.maxBodyBytes = settings.maxBodyBytes();
    this.access = settings.access();
    this.deadlines = deadlines;
    this.signatures = settings.signatures();
    this.workers = workers;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (busy) {
      held.add(msg); // released once read, or when the connection goes
      return;
    }
    read(ctx, msg);
  }

  private void read(ChannelHandlerContext ctx, Object msg) {
    try {
      if (closing) {
        return;
      }
      if (msg instanceof HttpRequest request) {
        start(ctx, request);
      }
      if (msg instanceof HttpContent content && head != null) {
        append(ctx, content);
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    if (flushPending) {
      flushPending = false;
      ctx.flush();
    }
    ctx.fireChannelReadComplete();
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    // a client that sends without reading must not make us buffer answers without bound
    ctx.channel().config().setAutoRead(ctx.channel().isWritable() && !busy);
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    releaseHeld();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    releaseHeld();
  }

  private void releaseHeld() {
    for (Object msg = held.poll(); msg != null; msg = held.poll()) {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (!(cause instanceof IOException)) {
      LOG.log(Level.WARNING, "Closing a connection after an unexpected error", cause);
    }
    ctx.close();
  }

  private void start(ChannelHandlerContext ctx, HttpRequest request) {
    if (request.decoderResult().isFailure()) {
      Throwable cause = request.decoderResult().cause();
      if (cause instanceof TooLongHttpLineException) {
        reject(ctx, responses.lineTooLong());
      } else if (cause instanceof TooLongHttpHeaderException) {
        reject(ctx, responses.headersTooLarge());
      } else {
        reject(ctx, responses.badRequest());
      }
      return;
    }
    deadlines.headRead();
    head = request;
    body = NO_BYTES;
    length = 0;
    expected = HttpUtil.getContentLength(request, -1L);
    HttpMethod method = request.method();
    String refused =
        access.refusal(
            request.headers().get(HttpHeaderNames.HOST),
            request.headers().get(HttpHeaderNames.ORIGIN),
            ctx.channel().localAddress());
    if (refused != null) {
      refusal = refused;
      kind = Kind.FORBIDDEN;
    } else if (!isRoot(request.uri())) {
      kind = Kind.NOT_FOUND; // DynamoDB serves "/" only; other paths are unknown to it
    } else if (HttpMethod.POST.equals(method)) {
      if (expected > maxBodyBytes) {
        kind = Kind.TOO_LARGE;
      } else {
        kind = Kind.ENGINE;
        if (expected > 0) {
          body = new byte[(int) Math.min(expected, FIRST_FIXED_CAPACITY)];
        }
      }
    } else if (HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method)) {
      kind = Kind.HEALTH;
    } else if (HttpMethod.OPTIONS.equals(method)
        && request.headers().contains(HttpHeaderNames.ORIGIN)) {
      kind = Kind.PREFLIGHT;
    } else {
      kind = Kind.NOT_FOUND;
    }
    if (HttpUtil.is100ContinueExpected(request)) {
      if (kind == Kind.TOO_LARGE || kind == Kind.FORBIDDEN) {
        // the client waits for our word before sending the body: refuse it and hang up
        head = null;
        FullHttpResponse answer =
            kind == Kind.TOO_LARGE ? responses.tooLarge() : responses.forbidden(refusal);
        send(ctx, answer, false, request.protocolVersion());
        return;
      }
      ctx.writeAndFlush(
          new DefaultFullHttpResponse(
              HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE, Unpooled.EMPTY_BUFFER));
    }
  }

  private void append(ChannelHandlerContext ctx, HttpContent content) {
    if (content.decoderResult().isFailure()) {
      reject(ctx, responses.badRequest());
      return;
    }
    ByteBuf buf = content.content();
    int n = buf.readableBytes();
    if (n > 0 && kind == Kind.ENGINE) {
      if (n > maxBodyBytes - length) {
        // keep reading (and dropping) the rest, so the answer arrives on a usable connection
        kind = Kind.TOO_LARGE;
        body = NO_BYTES;
        length = 0;
      } else {
        if (n > body.length - length) {
          body = Arrays.copyOf(body, capacityFor(length + n));
        }
        buf.getBytes(buf.readerIndex(), body, length, n);
        length += n;
      }
    }
    if (content instanceof LastHttpContent) {
      finish(ctx);
    }
  }

  /** Whether a request target is {@code /}, with or without a query. */
  private static boolean isRoot(String uri) {
    return uri.equals("/") || uri.startsWith("/?");
  }

  private int capacityFor(int needed) {
    int doubled = Math.max(FIRST_CHUNKED_CAPACITY, body.length * 2);
    long limit = expected >= 0 ? Math.min(expected, maxBodyBytes) : maxBodyBytes;
    return (int) Math.max(needed, Math.min(doubled, limit));
  }

  private void finish(ChannelHandlerContext ctx) {
    HttpRequest request = head;
    head = null;
    if (request == null) {
      return;
    }
    byte[] received = length == body.length ? body : Arrays.copyOf(body, length);
    body = NO_BYTES;
    length = 0;
    HttpHeaders headers = request.headers();
    FullHttpResponse response =
        switch (kind) {
          case ENGINE -> answer(ctx, request, received);
          case HEALTH -> responses.health();
          case PREFLIGHT -> responses.preflight(headers);
          case NOT_FOUND -> responses.notFound();
          case TOO_LARGE -> responses.tooLarge();
          case FORBIDDEN -> responses.forbidden(refusal);
        };
    if (response != null) {
      reply(ctx, request, response, kind != Kind.FORBIDDEN);
    } // else a worker runs it: answered by completed()
  }

  private void reply(
      ChannelHandlerContext ctx, HttpRequest request, FullHttpResponse response, boolean cors) {
    if (cors) {
      Responses.allowOrigin(response, request.headers().get(HttpHeaderNames.ORIGIN));
    }
    send(ctx, response, HttpUtil.isKeepAlive(request), request.protocolVersion());
    deadlines.requestRead();
  }

  /** The answer to an engine request, or null when it went to a worker. */
  private @Nullable FullHttpResponse answer(
      ChannelHandlerContext ctx, HttpRequest request, byte[] received) {
    HttpHeaders headers = request.headers();
    AsciiString type = replyType(headers.get(HttpHeaderNames.CONTENT_TYPE));
    if (type == null) {
      if (received.length > 0) {
        // DynamoDB ignores a body it cannot read as JSON rather than guess
        return responses.notFound();
      }
      type = Responses.JSON;
    }
    // the signature covers the body as it arrived, before any Content-Encoding is undone
    AuthRefusal refused = signatures == null ? null : signatures.check(request, received);
    if (refused != null) {
      Map<String, Object> error = new LinkedHashMap<>();
      error.put("__type", refused.type().wireName());
      error.put("message", refused.message());
      return responses.json(refused.type().httpStatus(), Json.write(error), type);
    }
    try {
      received =
          RequestBodies.decode(
              headers.get(HttpHeaderNames.CONTENT_ENCODING), received, maxBodyBytes);
    } catch (RequestBodies.Refused e) {
      return e.tooLarge() ? responses.tooLarge() : responses.undecodable(e.getMessage(), type);
    }
    String target = headers.get(TARGET);
    String call = target == null ? "" : target;
    if (workers != null) {
      dispatch(ctx, request, call, received, type);
      return null;
    }
    return engineAnswer(ctx, request, call, type, engine.call(call, received));
  }

  private FullHttpResponse engineAnswer(
      ChannelHandlerContext ctx,
      HttpRequest request,
      String target,
      AsciiString type,
      WireCall.Answer result) {
    HttpHeaders headers = request.headers();
    byte[] body = result.body();
    if (result.status() == 200 && target.endsWith(DESCRIBE_ENDPOINTS)) {
      body = endpointsAt(body, address(headers.get(HttpHeaderNames.HOST), ctx));
    }
    return responses.json(
        result.status(),
        body,
        type,
        Responses.acceptsGzip(headers.get(HttpHeaderNames.ACCEPT_ENCODING)));
  }

  /** Hands a call to a worker; the connection reads nothing more until it is answered. */
  private void dispatch(
      ChannelHandlerContext ctx,
      HttpRequest request,
      String target,
      byte[] received,
      AsciiString type) {
    busy = true;
    deadlines.pause();
    ctx.channel().config().setAutoRead(false);
    // one read stays pending (one buffer, held like a pipelined request), so that a client that
    // closes while its request waits is noticed: its connection and queued request free their
    // places
    ctx.read();
    try {
      workers.execute(
          new WorkerCall(
              ctx, engine, target, received, answer -> completed(ctx, request, type, answer)));
    } catch (RejectedExecutionException e) {
      ctx.close(); // the server is closing
    }
  }

  /**
   * A worker's answer, on the event loop: sends it, then reads on. It runs as a task of its own,
   * outside the pipeline: a failure here would reach no exception handler and leave the connection
   * paused for good, so it goes to the one a failure of an inline request reaches.
   */
  private void completed(
      ChannelHandlerContext ctx, HttpRequest request, AsciiString type, WireCall.Answer answer) {
    try {
      answerAndReadOn(ctx, request, type, answer);
    } catch (Throwable t) {
      exceptionCaught(ctx, t);
    }
  }

  private void answerAndReadOn(
      ChannelHandlerContext ctx, HttpRequest request, AsciiString type, WireCall.Answer answer) {
    busy = false;
    if (!ctx.channel().isActive()) {
      releaseHeld();
      return;
    }
    String target = request.headers().get(TARGET);
    reply(
        ctx, request, engineAnswer(ctx, request, target == null ? "" : target, type, answer), true);
    while (!busy && !held.isEmpty()) {
      read(ctx, held.poll());
    }
    if (flushPending) {
      flushPending = false;
      ctx.flush();
    }
    if (!busy) {
      deadlines.resume();
      ctx.channel().config().setAutoRead(ctx.channel().isWritable());
    }
  }

  /** The address a request came to: its Host header, else the connection's local address. */
  private static @Nullable String address(@Nullable String host, ChannelHandlerContext ctx) {
    if (host != null && !host.isBlank()) {
      return host;
    }
    if (!(ctx.channel().localAddress() instanceof InetSocketAddress local)) {
      return null;
    }
    String ip = local.getHostString();
    return (ip.indexOf(':') >= 0 ? "[" + ip + "]" : ip) + ":" + local.getPort();
  }

  /**
   * DescribeEndpoints names the address the request came to: a client that discovers endpoints (an
   * SDK option) sends its next requests there, so the engine's default — DynamoDB's own regional
   * address — would send them to AWS.
   */
  @SuppressWarnings("unchecked")
  private static byte[] endpointsAt(byte[] answer, @Nullable String host) {
    if (host == null || host.isBlank()) {
      return answer;
    }
    Map<String, Object> tree = Json.parseObject(answer);
    for (Object endpoint : (List<Object>) tree.get("Endpoints")) {
      ((Map<String, Object>) endpoint).put("Address", host.trim());
    }
    return Json.write(tree);
  }

  /**
   * The content type of the answer: DynamoDB's own for {@code application/x-amz-json-1.0}, plain
   * JSON for {@code application/json} or none; null for anything else.
   */
  static @Nullable AsciiString replyType(@Nullable String contentType) {
    if (contentType == null) {
      return Responses.JSON;
    }
    if (Responses.AMZ_JSON.contentEqualsIgnoreCase(contentType)) {
      return Responses.AMZ_JSON; // what every SDK sends: no parsing needed
    }
    int semicolon = contentType.indexOf(';');
    String mediaType = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim();
    if (Responses.AMZ_JSON.contentEqualsIgnoreCase(mediaType)) {
      return Responses.AMZ_JSON;
    }
    if (Responses.JSON.contentEqualsIgnoreCase(mediaType)) {
      return Responses.JSON;
    }
    return null;
  }

  private void reject(ChannelHandlerContext ctx, FullHttpResponse response) {
    head = null;
    send(ctx, response, false, HttpVersion.HTTP_1_1);
  }

  private void send(
      ChannelHandlerContext ctx,
      FullHttpResponse response,
      boolean keepAlive,
      HttpVersion version) {
    if (keepAlive) {
      if (!version.isKeepAliveDefault()) {
        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
      }
      ctx.write(response, ctx.voidPromise());
    } else {
      closing = true;
      response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
      ctx.write(response).addListener(ChannelFutureListener.CLOSE);
    }
    flushPending = true;
  }
}
