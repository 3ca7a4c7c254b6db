package dev.dynakit.rest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A bare HTTP/1.1 client on one kept-alive connection that sends targets and bodies exactly as
 * given (malformed percent-encoding included, which {@link java.net.URI} refuses), reconnecting
 * when the server closes.
 */
final class RawHttp implements AutoCloseable {
  private final int port;
  private @Nullable Socket socket;

  RawHttp(int port) {
    this.port = port;
  }

  /** An answer: the status and the body. */
  record Answer(int status, String contentType, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  Answer send(String method, String target, @Nullable String contentType, byte[] body) {
    StringBuilder head = new StringBuilder();
    head.append(method).append(' ').append(target).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    if (contentType != null) {
      head.append("Content-Type: ").append(contentType).append("\r\n");
    }
    head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
    try {
      Socket connection = connection();
      OutputStream out = connection.getOutputStream();
      out.write(head.toString().getBytes(StandardCharsets.UTF_8));
      out.write(body);
      out.flush();
      return read(connection.getInputStream(), method.equals("HEAD"));
    } catch (IOException e) {
      close();
      throw new UncheckedIOException(method + " " + target, e);
    }
  }

  private Socket connection() throws IOException {
    if (socket == null || socket.isClosed()) {
      socket = new Socket("127.0.0.1", port);
      socket.setSoTimeout(30_000);
    }
    return socket;
  }

  private Answer read(InputStream in, boolean head) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    String statusLine = null;
    long length = 0;
    String type = "";
    boolean close = false;
    while (true) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("the server closed the connection mid-answer");
      }
      if (b != '\n') {
        line.write(b);
        continue;
      }
      String text = line.toString(StandardCharsets.ISO_8859_1).trim();
      line.reset();
      if (statusLine == null) {
        statusLine = text;
      } else if (text.isEmpty()) {
        break;
      } else {
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.startsWith("content-length:")) {
          length = Long.parseLong(text.substring(15).trim());
        } else if (lower.startsWith("content-type:")) {
          type = text.substring(13).trim();
        } else if (lower.equals("connection: close")) {
          close = true;
        }
      }
    }
    int status = Integer.parseInt(statusLine.substring(9, 12));
    byte[] body = head ? new byte[0] : in.readNBytes((int) length);
    if (close) {
      close();
    }
    return new Answer(status, type, body);
  }

  @Override
  public void close() {
    try {
      if (socket != null) {
        socket.close();
      }
    } catch (IOException e) {
      // closing anyway
    } finally {
      socket = null;
    }
  }
}
