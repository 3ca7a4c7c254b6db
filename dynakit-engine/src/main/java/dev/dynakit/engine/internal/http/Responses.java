package dev.dynakit.engine.internal.http;

import dev.dynakit.engine.error.ErrorType;
import dev.dynakit.engine.internal.protocol.Json;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.GZIPOutputStream;
import org.jspecify.annotations.Nullable;

/**
 * Builds the responses of one connection, each with DynamoDB's headers: {@code x-amzn-RequestId},
 * {@code x-amz-crc32} (CRC32 of the body bytes, which the SDKs verify) and {@code Content-Length}.
 * One instance per connection, so the CRC32 can be reused without locking.
 */
final class Responses {
  static final AsciiString AMZ_JSON = AsciiString.cached("application/x-amz-json-1.0");
  static final AsciiString JSON = AsciiString.cached("application/json");
  static final AsciiString REQUEST_ID_HEADER = AsciiString.cached("x-amzn-RequestId");
  static final AsciiString CRC32_HEADER = AsciiString.cached("x-amz-crc32");

  /** What DynamoDB answers to a method or content type it does not serve. */
  private static final byte[] UNKNOWN_OPERATION_XML =
      "<UnknownOperationException/>\n".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] NO_BYTES = new byte[0];

  /** Smaller answers are sent as they are: compressing them saves less than it costs. */
  static final int GZIP_FROM_BYTES = 16 * 1024;

  private static final AsciiString EXPOSED = AsciiString.cached("x-amzn-RequestId, x-amz-crc32");
  private static final AsciiString PREFLIGHT_MAX_AGE = AsciiString.cached("172800");

  // our own header names and values are known to be valid; skip Netty's per-header validation
  private static final HttpHeadersFactory HEADERS =
      DefaultHttpHeadersFactory.headersFactory().withValidation(false);
  private static final HttpHeadersFactory TRAILERS =
      DefaultHttpHeadersFactory.trailersFactory().withValidation(false);

  private final CRC32 crc = new CRC32();
  private final byte[] healthBody;
  private long dateSecond = Long.MIN_VALUE;
  private String dateText = "";

  /**
   * @param healthBody what {@code GET /} answers, e.g. {@code "healthy:
   *     dynamodb.us-east-1.amazonaws.com "}
   */
  Responses(byte[] healthBody) {
    this.healthBody = healthBody;
  }

  /** An engine answer. */
  FullHttpResponse json(int status, byte[] body, AsciiString contentType) {
    return json(status, body, contentType, false);
  }

  /**
   * An engine answer, gzipped when the client accepts it and the body is large enough to gain;
   * {@code x-amz-crc32} is then the CRC32 of the compressed bytes, as DynamoDB sends it and the
   * SDKs check it.
   */
  FullHttpResponse json(int status, byte[] body, AsciiString contentType, boolean gzipAccepted) {
    boolean gzip = gzipAccepted && body.length >= GZIP_FROM_BYTES;
    FullHttpResponse response = of(HttpResponseStatus.valueOf(status), gzip ? gzip(body) : body);
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
    if (gzip) {
      response.headers().set(HttpHeaderNames.CONTENT_ENCODING, HttpHeaderValues.GZIP);
    }
    return response;
  }

  /** Whether an {@code Accept-Encoding} value accepts gzip (named without {@code q=0}). */
  static boolean acceptsGzip(@Nullable String acceptEncoding) {
    if (acceptEncoding == null) {
      return false;
    }
    for (String part : acceptEncoding.split(",")) {
      String[] params = part.split(";");
      if (params[0].trim().equalsIgnoreCase("gzip")) {
        for (int i = 1; i < params.length; i++) {
          String p = params[i].replace(" ", "");
          if (p.equals("q=0") || p.matches("q=0\\.0*")) {
            return false;
          }
        }
        return true;
      }
    }
    return false;
  }

  private static byte[] gzip(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(body.length / 4 + 64);
    try (GZIPOutputStream gz = new GZIPOutputStream(out, 8192)) {
      gz.write(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a stream in memory does not fail
    }
    return out.toByteArray();
  }

  /** The answer to {@code GET /}: DynamoDB's health text. */
  FullHttpResponse health() {
    return of(HttpResponseStatus.OK, healthBody);
  }

  /** The answer to a method other than POST and GET, or a body that is not JSON. */
  FullHttpResponse notFound() {
    return of(HttpResponseStatus.NOT_FOUND, UNKNOWN_OPERATION_XML);
  }

  /** The answer to a body over the limit; DynamoDB sends no body with it. */
  FullHttpResponse tooLarge() {
    return of(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, NO_BYTES);
  }

  /** The answer to bytes that are not HTTP/1.1. */
  FullHttpResponse badRequest() {
    return of(HttpResponseStatus.BAD_REQUEST, NO_BYTES);
  }

  /** The answer to a request line over the decoder's limit (HTTP's own status for it). */
  FullHttpResponse lineTooLong() {
    return of(HttpResponseStatus.REQUEST_URI_TOO_LONG, NO_BYTES);
  }

  /** The answer to request headers over the decoder's limit (HTTP's own status for it). */
  FullHttpResponse headersTooLarge() {
    return of(HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, NO_BYTES);
  }

  /**
   * The answer to a request from a {@code Host} or web page origin the server does not serve:
   * DynamoDB's AccessDeniedException, with 403 as HTTP says for a request understood and refused
   * (DynamoDB itself sends 400 for it, but only for a signature, which no retry can fix either).
   */
  FullHttpResponse forbidden(String message) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("__type", ErrorType.ACCESS_DENIED.wireName());
    error.put("message", message);
    FullHttpResponse response = of(HttpResponseStatus.FORBIDDEN, Json.write(error));
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, AMZ_JSON);
    return response;
  }

  /**
   * The answer to a body that cannot be decoded (an unknown or corrupt {@code Content-Encoding}):
   * DynamoDB's SerializationException, its word for a body it cannot read.
   */
  FullHttpResponse undecodable(String message, AsciiString contentType) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("__type", ErrorType.SERIALIZATION.wireName());
    error.put("message", message);
    return json(ErrorType.SERIALIZATION.httpStatus(), Json.write(error), contentType);
  }

  /** The answer to a browser's CORS preflight ({@code OPTIONS} with an {@code Origin}). */
  FullHttpResponse preflight(HttpHeaders request) {
    FullHttpResponse response = of(HttpResponseStatus.OK, NO_BYTES);
    HttpHeaders headers = response.headers();
    String allowHeaders = request.get(HttpHeaderNames.ACCESS_CONTROL_REQUEST_HEADERS);
    if (allowHeaders != null) {
      headers.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_HEADERS, allowHeaders);
    }
    String allowMethod = request.get(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD);
    if (allowMethod != null) {
      headers.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_METHODS, allowMethod);
    }
    headers.set(HttpHeaderNames.ACCESS_CONTROL_MAX_AGE, PREFLIGHT_MAX_AGE);
    return response;
  }

  /**
   * Lets a page of {@code origin} (already checked) read the response, DynamoDB's headers included.
   * The origin is named rather than {@code *}: the answer differs by origin, hence {@code Vary}.
   */
  static void allowOrigin(FullHttpResponse response, @Nullable String origin) {
    if (origin != null) {
      HttpHeaders headers = response.headers();
      headers.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
      headers.set(HttpHeaderNames.VARY, HttpHeaderNames.ORIGIN);
      headers.set(HttpHeaderNames.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED);
    }
  }

  private FullHttpResponse of(HttpResponseStatus status, byte[] body) {
    FullHttpResponse response =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body), HEADERS, TRAILERS);
    crc.reset();
    crc.update(body, 0, body.length);
    HttpHeaders headers = response.headers();
    headers.set(REQUEST_ID_HEADER, RequestIds.next());
    headers.set(CRC32_HEADER, Long.toString(crc.getValue()));
    headers.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
    headers.set(HttpHeaderNames.DATE, date());
    return response;
  }

  /** The {@code Date} of an answer, formatted once a second per connection. */
  private String date() {
    long second = System.currentTimeMillis() / 1000;
    if (second != dateSecond) {
      dateSecond = second;
      dateText = DateFormatter.format(new Date(second * 1000));
    }
    return dateText;
  }
}
