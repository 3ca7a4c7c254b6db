package dev.dynakit.rest.netty;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.rest.RestPolicy;
import dev.dynakit.rest.RestRequest;
import dev.dynakit.rest.RestResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Slow and stalled clients cost a connection, never a worker: with hundreds of them open a normal
 * request is answered at once, each deadline answers or closes its connection, a body is refused as
 * soon as it passes the limit, and a slow handler does not hold up reading.
 */
class SlowClientsTest {
  private static final RestPolicy SMALL = RestPolicy.builder().maxBodyBytes(1000).build();

  private final List<Socket> sockets = new ArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch entered = new CountDownLatch(1);
  private RestServer server;

  @AfterEach
  void stop() throws IOException {
    release.countDown();
    for (Socket socket : sockets) {
      socket.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private RestResponse handle(RestRequest request) {
    if (request.path().equals("/slow")) {
      entered.countDown();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return RestResponse.json(200, Map.of("path", request.path(), "bytes", request.body().length));
  }

  private Socket open(String text) throws IOException {
    Socket socket = new Socket("127.0.0.1", server.port());
    sockets.add(socket);
    socket.setSoTimeout(10_000);
    OutputStream out = socket.getOutputStream();
    out.write(text.getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
    return socket;
  }

  /** Everything the server sends until it closes the connection (within the socket timeout). */
  private static String readToEnd(Socket socket) throws IOException {
    return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
  }

  /** One complete response on a kept-alive connection: head and Content-Length bytes of body. */
  private static String readOne(Socket socket) throws IOException {
    InputStream in = socket.getInputStream();
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("closed after " + head);
      }
      head.append((char) b);
    }
    String lower = head.toString().toLowerCase();
    int at = lower.indexOf("content-length: ");
    int length =
        at < 0 ? 0 : Integer.parseInt(lower.substring(at + 16, lower.indexOf('\r', at)).trim());
    return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }

  @Test
  void threeHundredStalledConnections_doNotDelayANormalRequest() throws Exception {
    server = RestServer.builder(this::handle).policy(SMALL).start();
    Socket warm = open("GET /warm HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assertThat(readOne(warm)).startsWith("HTTP/1.1 200"); // loads the classes a request needs
    String[] stalls = {
      "GET /partial-request-li", // a request line that never ends
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", // headers that never end
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
          + "Content-Length: 500\r\n\r\n{\"a\":", // a body shorter than its length
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"a\":\r\n",
    };
    for (int i = 0; i < 300; i++) {
      open(stalls[i % stalls.length]);
    }
    // wait until the server has taken every one in, so that the request below comes after them
    long accepted = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (server.openConnections() < 301 && System.nanoTime() < accepted) {
      Thread.onSpinWait();
    }
    assertThat(server.openConnections()).isEqualTo(301);
    // the former JDK server's pool of max(4, 2 × cores) threads sat blocked on the first few
    long start = System.nanoTime();
    Socket normal = open("GET /normal HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    normal.setSoTimeout(1000);
    String answer = readOne(normal);
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertThat(answer).startsWith("HTTP/1.1 200").contains("\"path\":\"/normal\"");
    assertThat(millis).isLessThan(1000);
  }

  @Test
  void aStalledHead_isAnswered408AtTheHeaderDeadline_andClosed() throws Exception {
    server =
        RestServer.builder(this::handle)
            .headerTimeout(Duration.ofMillis(200))
            .policy(SMALL)
            .start();
    Socket socket = open("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: tri");
    String answer = readToEnd(socket);
    assertThat(answer)
        .startsWith("HTTP/1.1 408")
        .contains("\"code\":\"RequestTimeout\"")
        .contains("request head did not arrive within 200 ms");
  }

  @Test
  void aStalledBody_isAnswered408AtTheBodyDeadline_andClosed() throws Exception {
    server =
        RestServer.builder(this::handle).bodyTimeout(Duration.ofMillis(200)).policy(SMALL).start();
    Socket socket =
        open("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"a\":");
    String answer = readToEnd(socket);
    assertThat(answer).startsWith("HTTP/1.1 408").contains("request body did not arrive");
  }

  @Test
  void anIdleConnection_isClosedAtTheIdleDeadline() throws Exception {
    server =
        RestServer.builder(this::handle).idleTimeout(Duration.ofMillis(200)).policy(SMALL).start();
    Socket socket = open("GET /a HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assertThat(readOne(socket)).startsWith("HTTP/1.1 200");
    assertThat(socket.getInputStream().read()).isEqualTo(-1); // closed, nothing more sent
  }

  @Test
  void aBodyPastTheLimit_is413AssoonAsItPassesIt_beforeItEnds() throws Exception {
    server = RestServer.builder(this::handle).policy(SMALL).start();
    Socket socket =
        open(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5dc\r\n"
                + "x".repeat(1500)
                + "\r\n");
    // the terminating chunk is never sent: the answer must not wait for it
    assertThat(readOne(socket))
        .startsWith("HTTP/1.1 413")
        .containsIgnoringCase("connection: close")
        .contains("larger than 1000 bytes");
  }

  @Test
  void aDeclaredLengthPastTheLimit_is413WithoutAllocatingIt() throws Exception {
    server = RestServer.builder(this::handle).policy(SMALL).start();
    Socket socket =
        open("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 17000000\r\n\r\n{\"a\"");
    assertThat(readOne(socket)).startsWith("HTTP/1.1 413").contains("PayloadTooLarge");
  }

  @Test
  void connectionsBeyondTheCap_areAnswered503AndClosed() throws Exception {
    server = RestServer.builder(this::handle).maxConnections(3).policy(SMALL).start();
    for (int i = 0; i < 3; i++) {
      Socket socket = open("GET /" + i + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      assertThat(readOne(socket)).startsWith("HTTP/1.1 200"); // counted: it is served
    }
    Socket fourth = open("GET /4 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assertThat(readToEnd(fourth))
        .startsWith("HTTP/1.1 503")
        .contains("\"code\":\"TooManyConnections\"");
    sockets.remove(0).close();
    // a freed place is taken again (the count drops when the close is seen)
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    String answer;
    do {
      answer = readToEnd(open("GET /5 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
    } while (!answer.startsWith("HTTP/1.1 200") && System.nanoTime() < deadline);
    assertThat(answer).startsWith("HTTP/1.1 200");
  }

  @Test
  void aSlowHandler_doesNotHoldUpReadingOrOtherConnections() throws Exception {
    server = RestServer.builder(this::handle).threads(1).policy(SMALL).start();
    Socket slow = open("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
    // the only handler thread is taken; what the I/O threads decide is still answered at once
    Socket big = open("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\n\r\n");
    assertThat(readOne(big)).startsWith("HTTP/1.1 413");
    Socket foreign = open("GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n");
    assertThat(readOne(foreign)).startsWith("HTTP/1.1 403");
    release.countDown();
    assertThat(readOne(slow)).startsWith("HTTP/1.1 200").contains("/slow");
  }
}
