package dev.dynakit.it.diff;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Sends raw DynamoDB JSON requests, so both peers receive byte-identical bodies. */
final class RawClient {
  /** A status and the parsed body. */
  record Reply(int status, Map<String, Object> body) {
    String errorType() {
      Object t = body.get("__type");
      if (t == null) {
        return null;
      }
      String s = t.toString();
      return s.substring(s.indexOf('#') + 1);
    }
  }

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private final URI endpoint;

  RawClient(URI endpoint) {
    this.endpoint = endpoint;
  }

  /**
   * Sends one request. A table created successfully is waited for until it is ACTIVE (dynalite
   * switches from CREATING on a timer, and refuses item requests meanwhile), so that the next
   * scenario does not race that timer.
   */
  Reply call(String operation, String json) throws IOException, InterruptedException {
    Reply reply = send(operation, json);
    if (operation.equals("CreateTable") && reply.status() == 200) {
      awaitActive(json);
    }
    return reply;
  }

  private void awaitActive(String createJson) throws IOException, InterruptedException {
    Object name = parse(createJson.getBytes(StandardCharsets.UTF_8)).get("TableName");
    String describe = "{\"TableName\":\"" + name + "\"}";
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline) {
      Reply d = send("DescribeTable", describe);
      Object table = d.body().get("Table");
      if (table instanceof Map<?, ?> t && "ACTIVE".equals(t.get("TableStatus"))) {
        return;
      }
      Thread.sleep(5);
    }
    throw new IllegalStateException("table " + name + " not ACTIVE within 10 s at " + endpoint);
  }

  private Reply send(String operation, String json) throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(endpoint)
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/x-amz-json-1.0")
            .header("X-Amz-Target", "DynamoDB_20120810." + operation)
            .header(
                "Authorization",
                "AWS4-HMAC-SHA256 Credential=any/20260101/us-east-1/dynamodb/aws4_request,"
                    + " SignedHeaders=host, Signature=0")
            .header("X-Amz-Date", "20260101T000000Z")
            .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
            .build();
    HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    return new Reply(response.statusCode(), parse(response.body()));
  }

  /** A JSON body as a tree (numbers with a fraction as BigDecimal, exactly); empty for no body. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> parse(byte[] body) throws IOException {
    return body.length == 0 ? new LinkedHashMap<>() : JSON.readValue(body, LinkedHashMap.class);
  }
}
