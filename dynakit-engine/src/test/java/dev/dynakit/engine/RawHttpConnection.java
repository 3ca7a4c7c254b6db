package dev.dynakit.engine;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 connection driven by hand, for what a normal client hides: several requests on one
 * connection, pipelining, {@code Connection: close}, HTTP/1.0 and {@code Expect}.
 */
final class RawHttpConnection implements AutoCloseable {
  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;

  RawHttpConnection(int port) throws IOException {
    this(port, 10_000);
  }

  /** A connection whose reads give up after {@code readTimeoutMillis}. */
  RawHttpConnection(int port, int readTimeoutMillis) throws IOException {
    socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout(readTimeoutMillis);
    in = new BufferedInputStream(socket.getInputStream());
    out = socket.getOutputStream();
  }

  /** A response as read off the wire; header names in lower case. */
  record Response(int status, Map<String, String> headers, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  void send(String text) throws IOException {
    send(text.getBytes(StandardCharsets.UTF_8));
  }

  void send(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  /** A POST of {@code body} to {@code /} with the given extra header lines. */
  static String post(String target, String body, String... headerLines) {
    StringBuilder request = new StringBuilder("POST / HTTP/1.1\r\nHost: localhost\r\n");
    if (target != null) {
      request.append("X-Amz-Target: ").append(target).append("\r\n");
    }
    request.append("Content-Type: application/x-amz-json-1.0\r\n");
    for (String line : headerLines) {
      request.append(line).append("\r\n");
    }
    int length = body.getBytes(StandardCharsets.UTF_8).length;
    return request
        .append("Content-Length: ")
        .append(length)
        .append("\r\n\r\n")
        .append(body)
        .toString();
  }

  Response read() throws IOException {
    String statusLine = line();
    if (statusLine == null) {
      throw new IOException("connection closed before a response");
    }
    int status = Integer.parseInt(statusLine.split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (String line = line(); line != null && !line.isEmpty(); line = line()) {
      int colon = line.indexOf(':');
      headers.put(
          line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
          line.substring(colon + 1).trim());
    }
    int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
    byte[] body = in.readNBytes(length);
    return new Response(status, headers, body);
  }

  /**
   * Whether the server closes the connection within the read timeout: end of stream, or a reset
   * when it closed with bytes of ours unread.
   */
  boolean closedByServerOrReset() throws IOException {
    try {
      return in.read() == -1;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (SocketException e) {
      return true;
    }
  }

  /** Whether the server has closed the connection (reads end of stream). */
  boolean closedByServer() throws IOException {
    try {
      return in.read() == -1;
    } catch (SocketTimeoutException e) {
      return false;
    }
  }

  private String line() throws IOException {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) != -1) {
      if (c == '\n') {
        String s = buf.toString(StandardCharsets.ISO_8859_1);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
      }
      buf.write(c);
    }
    return buf.size() == 0 ? null : buf.toString(StandardCharsets.ISO_8859_1);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
