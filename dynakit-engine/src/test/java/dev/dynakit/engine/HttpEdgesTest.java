package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.RawHttpConnection.Response;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The HTTP edges of issue 31 (point 5): Date, paths, overlong lines and headers, compressed request
 * bodies, gzipped answers, and TagResource/UntagResource's empty answers.
 */
class HttpEdgesTest {
  private DynakitEngine engine;
  private EngineServer server;

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
    server = EngineServer.start(engine, "127.0.0.1", 0);
  }

  @AfterEach
  void stop() {
    server.close();
    engine.close();
  }

  @Test
  void everyAnswer_carriesADateHeader() throws IOException {
    List<String> requests =
        List.of(
            "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n",
            RawHttpConnection.post("DynamoDB_20120810.ListTables", "{}"),
            RawHttpConnection.post("DynamoDB_20120810.Nope", "{}"),
            "PUT / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n");
    for (String request : requests) {
      Response response = exchange(request);
      String date = response.header("date");
      assertThat(date).as(request).isNotNull();
      ZonedDateTime sent = ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME);
      assertThat(Duration.between(sent, ZonedDateTime.now()).abs())
          .isLessThan(Duration.ofMinutes(1));
    }
  }

  @Test
  void aPathOtherThanRoot_isRefusedAsUnknown() throws IOException {
    for (String path : List.of("/tables", "/index.html", "//", "/./")) {
      String request =
          RawHttpConnection.post("DynamoDB_20120810.ListTables", "{}")
              .replace("POST / ", "POST " + path + " ");
      Response response = exchange(request);
      assertThat(response.status()).as(path).isEqualTo(404);
      assertThat(response.text()).isEqualTo("<UnknownOperationException/>\n");
    }
    assertThat(exchange("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n").status()).isEqualTo(404);
  }

  @Test
  void rootWithAQuery_isServed() throws IOException {
    String request =
        RawHttpConnection.post("DynamoDB_20120810.ListTables", "{}")
            .replace("POST / ", "POST /?x=1 ");
    assertThat(exchange(request).status()).isEqualTo(200);
  }

  @Test
  void anOverlongRequestLine_isRefusedWith414AndClosed() throws IOException {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send("GET /?" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(414);
      assertThat(c.closedByServerOrReset()).isTrue();
    }
  }

  @Test
  void overlongHeaders_areRefusedWith431AndClosed() throws IOException {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + "a".repeat(20_000) + "\r\n\r\n");
      assertThat(c.read().status()).isEqualTo(431);
      assertThat(c.closedByServerOrReset()).isTrue();
    }
  }

  @Test
  void gzipAndDeflateBodies_areInflated() throws IOException {
    byte[] json = "{\"Limit\": 5}".getBytes(StandardCharsets.UTF_8);
    assertThat(compressed("gzip", gzip(json)).status()).isEqualTo(200);
    assertThat(compressed("deflate", deflate(json, false)).status()).isEqualTo(200);
    assertThat(compressed("deflate", deflate(json, true)).status()).isEqualTo(200);
    assertThat(compressed("identity", json).status()).isEqualTo(200);
  }

  @Test
  void aCompressedBodyThatInflatesBeyondTheLimit_is413() throws IOException {
    byte[] zeros = new byte[18 * 1024 * 1024];
    byte[] bomb = gzip(zeros);
    assertThat(bomb.length).isLessThan(100_000);
    assertThat(compressed("gzip", bomb).status()).isEqualTo(413);
  }

  @Test
  void aCorruptOrUnknownEncoding_isASerializationError() throws IOException {
    byte[] json = "{}".getBytes(StandardCharsets.UTF_8);
    for (Response r : List.of(compressed("gzip", json), compressed("br", json))) {
      assertThat(r.status()).isEqualTo(400);
      assertThat(r.text()).contains("com.amazon.coral.service#SerializationException");
    }
  }

  @Test
  void tagResourceAndUntagResource_answerWithAnEmptyBody() throws IOException {
    String arn = "arn:aws:dynamodb:us-east-1:000000000000:table/tagged";
    assertThat(
            exchange(
                    RawHttpConnection.post(
                        "DynamoDB_20120810.CreateTable",
                        "{\"TableName\":\"tagged\",\"BillingMode\":\"PAY_PER_REQUEST\","
                            + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\","
                            + "\"AttributeType\":\"S\"}],\"KeySchema\":[{\"AttributeName\":"
                            + "\"pk\",\"KeyType\":\"HASH\"}]}"))
                .status())
        .isEqualTo(200);
    Response tagged =
        exchange(
            RawHttpConnection.post(
                "DynamoDB_20120810.TagResource",
                "{\"ResourceArn\":\"" + arn + "\",\"Tags\":[{\"Key\":\"a\",\"Value\":\"b\"}]}"));
    Response untagged =
        exchange(
            RawHttpConnection.post(
                "DynamoDB_20120810.UntagResource",
                "{\"ResourceArn\":\"" + arn + "\",\"TagKeys\":[\"a\"]}"));
    for (Response r : List.of(tagged, untagged)) {
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.body()).isEmpty();
      assertThat(r.header("content-length")).isEqualTo("0");
      assertThat(r.header("x-amz-crc32")).isEqualTo("0");
    }
  }

  @Test
  void largeAnswers_areGzippedWhenTheClientAcceptsIt() throws IOException {
    engine.handle(
        "CreateTable",
        ("{\"TableName\":\"big\",\"BillingMode\":\"PAY_PER_REQUEST\",\"AttributeDefinitions\":"
                + "[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],\"KeySchema\":"
                + "[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}]}")
            .getBytes(StandardCharsets.UTF_8));
    String text = "abc".repeat(10_000);
    engine.handle(
        "PutItem",
        ("{\"TableName\":\"big\",\"Item\":{\"pk\":{\"S\":\"k\"},\"t\":{\"S\":\"" + text + "\"}}}")
            .getBytes(StandardCharsets.UTF_8));
    String get = "{\"TableName\":\"big\",\"Key\":{\"pk\":{\"S\":\"k\"}}}";

    Response zipped =
        exchange(RawHttpConnection.post("DynamoDB_20120810.GetItem", get, "Accept-Encoding: gzip"));
    assertThat(zipped.header("content-encoding")).isEqualTo("gzip");
    CRC32 crc = new CRC32();
    crc.update(zipped.body());
    assertThat(zipped.header("x-amz-crc32")).isEqualTo(Long.toString(crc.getValue()));
    String inflated =
        new String(
            new GZIPInputStream(new ByteArrayInputStream(zipped.body())).readAllBytes(),
            StandardCharsets.UTF_8);
    assertThat(inflated).contains(text);
    assertThat(zipped.body().length).isLessThan(inflated.length() / 10);

    Response plain = exchange(RawHttpConnection.post("DynamoDB_20120810.GetItem", get));
    assertThat(plain.header("content-encoding")).isNull();
    assertThat(plain.text()).isEqualTo(inflated);

    Response refused =
        exchange(
            RawHttpConnection.post(
                "DynamoDB_20120810.GetItem", get, "Accept-Encoding: gzip;q=0, identity"));
    assertThat(refused.header("content-encoding")).isNull();

    Response small =
        exchange(
            RawHttpConnection.post("DynamoDB_20120810.ListTables", "{}", "Accept-Encoding: gzip"));
    assertThat(small.header("content-encoding")).isNull();
  }

  private Response compressed(String encoding, byte[] body) throws IOException {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(
          "POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
              + "Content-Type: application/x-amz-json-1.0\r\nContent-Encoding: "
              + encoding
              + "\r\nContent-Length: "
              + body.length
              + "\r\n\r\n");
      c.send(body);
      return c.read();
    }
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    }
    return out.toByteArray();
  }

  private static byte[] deflate(byte[] data, boolean raw) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DeflaterOutputStream d =
        new DeflaterOutputStream(out, new Deflater(Deflater.DEFAULT_COMPRESSION, raw))) {
      d.write(data);
    }
    return out.toByteArray();
  }

  private Response exchange(String request) throws IOException {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(request);
      return c.read();
    }
  }
}
