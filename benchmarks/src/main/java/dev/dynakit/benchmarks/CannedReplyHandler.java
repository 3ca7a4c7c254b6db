package dev.dynakit.benchmarks;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32;

/**
 * Answers every request of one connection with a canned reply and does nothing else: the body is
 * read and dropped, nothing is parsed. The reply has what the engine's server sends (status 200,
 * {@code Content-Type: application/x-amz-json-1.0}, a fresh {@code x-amzn-RequestId}, {@code
 * x-amz-crc32}, {@code Content-Length}), and replies are flushed once per socket read, as the
 * engine's server does, so the difference between the two is the engine's own work.
 */
final class CannedReplyHandler extends ChannelInboundHandlerAdapter {
  /** What GetItem answers: one seeded item of {@link Workload}. */
  static final byte[] GET_ITEM_REPLY =
      ("{\"Item\":{\"pk\":{\"S\":\"item-42\"},\"name\":{\"S\":\"benchmark item 42\"},"
              + "\"count\":{\"N\":\"42\"},\"active\":{\"BOOL\":true}}}")
          .getBytes(StandardCharsets.UTF_8);

  /** What every other operation answers: PutItem's reply, an empty object. */
  static final byte[] EMPTY_REPLY = "{}".getBytes(StandardCharsets.UTF_8);

  private static final AsciiString TARGET = AsciiString.cached("x-amz-target");
  private static final AsciiString AMZ_JSON = AsciiString.cached("application/x-amz-json-1.0");
  private static final AsciiString REQUEST_ID = AsciiString.cached("x-amzn-RequestId");
  private static final AsciiString CRC32_HEADER = AsciiString.cached("x-amz-crc32");
  private static final String GET_ITEM_CRC = crc32(GET_ITEM_REPLY);
  private static final String EMPTY_CRC = crc32(EMPTY_REPLY);
  private static final byte[] ID_DIGITS =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".getBytes(StandardCharsets.US_ASCII);
  private static final HttpHeadersFactory HEADERS =
      DefaultHttpHeadersFactory.headersFactory().withValidation(false);
  private static final HttpHeadersFactory TRAILERS =
      DefaultHttpHeadersFactory.trailersFactory().withValidation(false);

  private boolean getItem;
  private boolean keepAlive = true;
  private boolean flushPending;

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof HttpRequest request) {
        CharSequence target = request.headers().get(TARGET);
        getItem = target != null && target.toString().endsWith(".GetItem");
        keepAlive = HttpUtil.isKeepAlive(request);
      }
      if (msg instanceof LastHttpContent) {
        reply(ctx);
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
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }

  private void reply(ChannelHandlerContext ctx) {
    byte[] body = getItem ? GET_ITEM_REPLY : EMPTY_REPLY;
    FullHttpResponse response =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.OK,
            Unpooled.wrappedBuffer(body),
            HEADERS,
            TRAILERS);
    HttpHeaders headers = response.headers();
    headers.set(HttpHeaderNames.CONTENT_TYPE, AMZ_JSON);
    headers.set(REQUEST_ID, requestId());
    headers.set(CRC32_HEADER, getItem ? GET_ITEM_CRC : EMPTY_CRC);
    headers.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
    if (keepAlive) {
      ctx.write(response, ctx.voidPromise());
    } else {
      headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
      ctx.write(response).addListener(ChannelFutureListener.CLOSE);
    }
    flushPending = true;
  }

  /**
   * 52 characters of {@code [0-9A-Z]}, like DynamoDB's request ids, made the way the engine's
   * server makes them (twelve base-36 digits per random long), so both pay the same for them.
   */
  private static AsciiString requestId() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    byte[] id = new byte[52];
    int i = 0;
    while (i < id.length) {
      long bits = random.nextLong() >>> 1;
      for (int d = 0; d < 12 && i < id.length; d++, i++) {
        id[i] = ID_DIGITS[(int) (bits % 36)];
        bits /= 36;
      }
    }
    return new AsciiString(id, false);
  }

  private static String crc32(byte[] body) {
    CRC32 crc = new CRC32();
    crc.update(body, 0, body.length);
    return Long.toString(crc.getValue());
  }
}
