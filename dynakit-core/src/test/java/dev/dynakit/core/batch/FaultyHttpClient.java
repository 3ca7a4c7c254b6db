package dev.dynakit.core.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dynakit.embedded.InProcessHttpClient;
import dev.dynakit.engine.DynakitEngine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An in-process transport that misbehaves the way DynamoDB may: it withholds part of each
 * BatchWriteItem / BatchGetItem (the withheld writes are not applied, the withheld keys not read,
 * and both come back as unprocessed), and it answers some requests with throttling or 500 errors —
 * before the request reaches the engine, or after (the answer is lost though the work was done). It
 * counts how often each put or delete reached the engine, so tests can assert that every write was
 * applied exactly once.
 */
public final class FaultyHttpClient implements SdkHttpClient {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PREFIX = "DynamoDB_20120810.";

  private final SdkHttpClient engine;
  private final Random random;
  private volatile double withhold;
  private volatile double errorRate;
  private volatile boolean errorAfterApplying;
  private volatile int errorStatus = 400;
  private volatile String errorType = "ProvisionedThroughputExceededException";
  private volatile Set<String> faultyOperations = Set.of("BatchWriteItem", "BatchGetItem");
  private final Map<String, AtomicInteger> applied = new ConcurrentHashMap<>();
  private final AtomicInteger injectedErrors = new AtomicInteger();
  private final AtomicInteger withheldCount = new AtomicInteger();
  private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
  private final AtomicInteger scriptedLeft = new AtomicInteger();
  private volatile int scriptedStatus;
  private volatile String scriptedBody = "";
  private volatile boolean scriptedAfterApplying;

  private FaultyHttpClient(DynakitEngine engine, long seed) {
    this.engine = InProcessHttpClient.of(engine);
    this.random = new Random(seed);
  }

  public static FaultyHttpClient of(DynakitEngine engine, long seed) {
    return new FaultyHttpClient(engine, seed);
  }

  /** A client over this transport, with the SDK's own retries off so the toolkit's are tested. */
  public DynamoDbClient client() {
    return DynamoDbClient.builder()
        .httpClient(this)
        .endpointOverride(URI.create("http://dynakit.invalid"))
        .region(Region.US_EAST_1)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("dynakit", "dynakit")))
        .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry()))
        .build();
  }

  /** Withholds each write or key of a batch with this probability. */
  public FaultyHttpClient withhold(double fraction) {
    this.withhold = fraction;
    return this;
  }

  /** Fails requests of the faulty operations with this probability, with an HTTP error. */
  public FaultyHttpClient errors(double rate, int status, String type, boolean afterApplying) {
    this.errorRate = rate;
    this.errorStatus = status;
    this.errorType = type;
    this.errorAfterApplying = afterApplying;
    return this;
  }

  /**
   * Answers the next {@code count} requests of the faulty operations with this status and body —
   * before they reach the engine, or after (the work is done but the answer lost).
   */
  public FaultyHttpClient failNext(int count, int status, String body, boolean afterApplying) {
    this.scriptedStatus = status;
    this.scriptedBody = body;
    this.scriptedAfterApplying = afterApplying;
    this.scriptedLeft.set(count);
    return this;
  }

  /** How many requests of an operation arrived (faulty or not). */
  public int requests(String operation) {
    AtomicInteger count = requests.get(operation);
    return count == null ? 0 : count.get();
  }

  /** The operations faults apply to (BatchWriteItem and BatchGetItem by default). */
  public FaultyHttpClient operations(String... names) {
    this.faultyOperations = Set.of(names);
    return this;
  }

  /** Stops misbehaving. */
  public FaultyHttpClient heal() {
    this.withhold = 0;
    this.errorRate = 0;
    return this;
  }

  /** How often each write (by its JSON) reached the engine in a request that succeeded. */
  public Map<String, AtomicInteger> applied() {
    return applied;
  }

  public int injectedErrors() {
    return injectedErrors.get();
  }

  public int withheld() {
    return withheldCount.get();
  }

  @Override
  public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
    return new ExecutableHttpRequest() {
      @Override
      public HttpExecuteResponse call() throws IOException {
        return exchange(request);
      }

      @Override
      public void abort() {}
    };
  }

  private HttpExecuteResponse exchange(HttpExecuteRequest request) throws IOException {
    String target = request.httpRequest().firstMatchingHeader("X-Amz-Target").orElse("");
    String operation = target.startsWith(PREFIX) ? target.substring(PREFIX.length()) : target;
    byte[] body = body(request);
    requests.computeIfAbsent(operation, k -> new AtomicInteger()).incrementAndGet();
    if (!faultyOperations.contains(operation)) {
      return engine.prepareRequest(request).call();
    }
    if (!scriptedAfterApplying && scriptedLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      return respond(scriptedStatus, scriptedBody.getBytes(StandardCharsets.UTF_8));
    }
    if (!operation.startsWith("Batch")) {
      if (!errorAfterApplying && roll(errorRate)) {
        return error();
      }
      HttpExecuteResponse response = forward(request, body);
      byte[] answer = response.responseBody().get().readAllBytes();
      if (scriptedAfterApplying && scriptedLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        return respond(scriptedStatus, scriptedBody.getBytes(StandardCharsets.UTF_8));
      }
      if (errorAfterApplying && roll(errorRate)) {
        return error();
      }
      return respond(response.httpResponse().statusCode(), answer);
    }
    if (!errorAfterApplying && roll(errorRate)) {
      return error();
    }
    ObjectNode sent = (ObjectNode) JSON.readTree(body);
    ObjectNode left = withholdPart(operation, sent);
    HttpExecuteResponse response = forward(request, JSON.writeValueAsBytes(sent));
    byte[] answer = response.responseBody().get().readAllBytes();
    if (response.httpResponse().statusCode() != 200) {
      return respond(response.httpResponse().statusCode(), answer);
    }
    if ("BatchWriteItem".equals(operation)) {
      count(sent);
    }
    if (errorAfterApplying && roll(errorRate)) {
      return error();
    }
    if (left.isEmpty()) {
      return respond(200, answer);
    }
    ObjectNode reply = (ObjectNode) JSON.readTree(answer);
    String field = "BatchWriteItem".equals(operation) ? "UnprocessedItems" : "UnprocessedKeys";
    reply.set(field, merge(reply.path(field), left, operation));
    return respond(200, JSON.writeValueAsBytes(reply));
  }

  /** Removes a random part of the request's writes or keys; returns it in the request's shape. */
  private ObjectNode withholdPart(String operation, ObjectNode sent) {
    ObjectNode left = JSON.createObjectNode();
    double fraction = withhold;
    if (fraction <= 0) {
      return left;
    }
    ObjectNode tables = (ObjectNode) sent.get("RequestItems");
    Iterator<Map.Entry<String, JsonNode>> entries = tables.fields();
    while (entries.hasNext()) {
      Map.Entry<String, JsonNode> table = entries.next();
      ArrayNode all =
          "BatchWriteItem".equals(operation)
              ? (ArrayNode) table.getValue()
              : (ArrayNode) table.getValue().get("Keys");
      ArrayNode kept = JSON.createArrayNode();
      ArrayNode withheld = JSON.createArrayNode();
      for (JsonNode entry : all) {
        if (roll(fraction)) {
          withheld.add(entry);
          withheldCount.incrementAndGet();
        } else {
          kept.add(entry);
        }
      }
      if (withheld.isEmpty()) {
        continue;
      }
      if ("BatchWriteItem".equals(operation)) {
        left.set(table.getKey(), withheld);
        if (kept.isEmpty()) {
          entries.remove();
        } else {
          table.setValue(kept);
        }
      } else {
        ObjectNode keys = ((ObjectNode) table.getValue()).deepCopy();
        keys.set("Keys", withheld);
        left.set(table.getKey(), keys);
        if (kept.isEmpty()) {
          entries.remove();
        } else {
          ((ObjectNode) table.getValue()).set("Keys", kept);
        }
      }
    }
    return left;
  }

  private static JsonNode merge(JsonNode existing, ObjectNode left, String operation) {
    ObjectNode merged = existing.isObject() ? (ObjectNode) existing : JSON.createObjectNode();
    left.fields()
        .forEachRemaining(
            e -> {
              if ("BatchWriteItem".equals(operation) && merged.has(e.getKey())) {
                ((ArrayNode) merged.get(e.getKey())).addAll((ArrayNode) e.getValue());
              } else if (merged.has(e.getKey())) {
                ((ArrayNode) merged.get(e.getKey()).get("Keys"))
                    .addAll((ArrayNode) e.getValue().get("Keys"));
              } else {
                merged.set(e.getKey(), e.getValue());
              }
            });
    return merged;
  }

  private void count(ObjectNode sent) {
    sent.get("RequestItems")
        .fields()
        .forEachRemaining(
            table -> {
              for (JsonNode write : table.getValue()) {
                String id = table.getKey() + ":" + write;
                applied.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
              }
            });
  }

  private HttpExecuteResponse forward(HttpExecuteRequest original, byte[] body) throws IOException {
    JsonNode tree = JSON.readTree(body);
    if (tree.has("RequestItems") && tree.path("RequestItems").isEmpty()) {
      // everything was withheld: DynamoDB would not apply anything; answer without the engine
      return respond(200, "{}".getBytes(StandardCharsets.UTF_8));
    }
    SdkHttpRequest http =
        original.httpRequest().toBuilder()
            .putHeader("Content-Length", Integer.toString(body.length))
            .build();
    HttpExecuteRequest rewritten =
        HttpExecuteRequest.builder()
            .request(http)
            .contentStreamProvider(() -> new ByteArrayInputStream(body))
            .build();
    return engine.prepareRequest(rewritten).call();
  }

  private HttpExecuteResponse error() {
    injectedErrors.incrementAndGet();
    String body =
        "{\"__type\":\"com.amazonaws.dynamodb.v20120810#"
            + errorType
            + "\",\"message\":\"injected by the test\"}";
    return respond(errorStatus, body.getBytes(StandardCharsets.UTF_8));
  }

  private static HttpExecuteResponse respond(int status, byte[] body) {
    CRC32 crc = new CRC32();
    crc.update(body, 0, body.length);
    SdkHttpResponse head =
        SdkHttpResponse.builder()
            .statusCode(status)
            .putHeader("x-amzn-RequestId", "faulty")
            .putHeader("x-amz-crc32", Long.toString(crc.getValue()))
            .putHeader("Content-Length", Integer.toString(body.length))
            .putHeader("Content-Type", "application/x-amz-json-1.0")
            .build();
    return HttpExecuteResponse.builder()
        .response(head)
        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body)))
        .build();
  }

  private synchronized boolean roll(double probability) {
    return probability > 0 && random.nextDouble() < probability;
  }

  private static byte[] body(HttpExecuteRequest request) {
    return request
        .contentStreamProvider()
        .map(
            p -> {
              try (InputStream in = p.newStream()) {
                return in.readAllBytes();
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            })
        .orElse(new byte[0]);
  }

  @Override
  public String clientName() {
    return "DynakitFaulty";
  }

  @Override
  public void close() {}
}
