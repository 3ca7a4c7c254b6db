package dev.dynakit.rest.netty;

import dev.dynakit.rest.RestResponse;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** {@link RestResponse}s as Netty responses, and the raw answer of a refused connection. */
final class HttpResponses {
  private HttpResponses() {}

  /**
   * The response to write. A {@code HEAD} answer carries the {@code Content-Length} of the body it
   * leaves out; an answer without a body has length 0, except 204 and 304, which have none.
   */
  static FullHttpResponse toNetty(RestResponse response, boolean head) {
    byte[] body = response.body();
    ByteBuf content =
        body == null || body.length == 0 || head
            ? Unpooled.EMPTY_BUFFER
            : Unpooled.wrappedBuffer(body);
    FullHttpResponse out =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(response.status()), content);
    HttpHeaders headers = out.headers();
    for (Map.Entry<String, String> header : response.headers().entrySet()) {
      headers.set(header.getKey(), header.getValue());
    }
    int status = response.status();
    if (status != 204 && status != 304) {
      headers.set(HttpHeaderNames.CONTENT_LENGTH, body == null ? 0 : body.length);
    }
    return out;
  }

  /**
   * A whole HTTP/1.1 503 response as bytes, for a connection over the cap: it is written before any
   * request is read, and the connection closed.
   */
  static ByteBuf tooManyConnections(RestResponse response) {
    byte[] body = response.body() == null ? new byte[0] : response.body();
    StringBuilder head = new StringBuilder("HTTP/1.1 503 Service Unavailable\r\n");
    response
        .headers()
        .forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
    head.append("Retry-After: 1\r\nConnection: close\r\nContent-Length: ")
        .append(body.length)
        .append("\r\n\r\n");
    return Unpooled.wrappedBuffer(head.toString().getBytes(StandardCharsets.ISO_8859_1), body);
  }
}
