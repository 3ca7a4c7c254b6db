package dev.dynakit.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.DynakitEngine;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The direct client's requests as objects: held only while their call runs, the same request on
 * every attempt of a retried call, and never in place of what a caller's own interceptor must see.
 */
class DirectRequestsTest {
  private static final Map<String, AttributeValue> KEY = Map.of("id", AttributeValue.fromS("k"));

  private final DynakitEngine engine = DynakitEngine.inMemory();
  private final PendingRequests pending = new PendingRequests();
  private final List<SdkHttpRequest> sent = new ArrayList<>();
  private final AtomicInteger lostAnswers = new AtomicInteger();
  private DynamoDbClient client;

  @BeforeEach
  void createTable() {
    client = directClient();
    client.createTable(Tables.keyedById("things"));
  }

  @AfterEach
  void close() {
    client.close();
    engine.close();
  }

  @Test
  void requestIsHeld_andReleasedAfterSuccessAndAfterError() {
    client.putItem(b -> b.tableName("things").item(Map.of("id", AttributeValue.fromS("k"))));
    SdkHttpRequest put = sent.get(sent.size() - 1);
    assertThat(put.firstMatchingHeader(DirectRequests.TICKET_HEADER).isPresent())
        .as("a ticket header")
        .isEqualTo(usesTickets());
    assertThat(pending.size()).isZero();

    assertThatThrownBy(() -> client.getItem(b -> b.tableName("missing").key(KEY)))
        .isInstanceOf(ResourceNotFoundException.class);
    assertThat(pending.size()).isZero();
    assertThat(client.getItem(b -> b.tableName("things").key(KEY)).item()).isEqualTo(KEY);
  }

  @Test
  void retriedTransaction_sendsTheSameGeneratedToken_andRunsOnce() {
    // the engine runs the first attempt, whose answer is lost; the SDK retries the call
    lostAnswers.set(1);
    client.transactWriteItems(
        b -> b.transactItems(TransactWriteItem.builder().update(addOne()).build()));
    assertThat(sent).hasSize(3); // CreateTable, two attempts
    assertThat(counter()).isEqualTo("1");
    assertThat(pending.size()).isZero();
  }

  @Test
  void retriedUpdate_runsTwice_soRetriesReallyReachTheEngine() {
    lostAnswers.set(1);
    client.updateItem(
        b ->
            b.tableName("things")
                .key(KEY)
                .updateExpression("ADD n :one")
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))));
    assertThat(counter()).isEqualTo("2");
    assertThat(pending.size()).isZero();
  }

  @Test
  void callThatFailsOnEveryAttempt_releasesItsRequest() {
    lostAnswers.set(Integer.MAX_VALUE);
    assertThatThrownBy(
            () ->
                client.putItem(
                    b -> b.tableName("things").item(Map.of("id", AttributeValue.fromS("x")))))
        .isInstanceOf(SdkClientException.class);
    assertThat(pending.size()).isZero();
  }

  @Test
  void callerInterceptor_seesTheRequestItSent() {
    List<SdkRequest> seen = new ArrayList<>();
    ExecutionInterceptor watcher =
        new ExecutionInterceptor() {
          @Override
          public void beforeTransmission(
              Context.BeforeTransmission context, ExecutionAttributes attributes) {
            seen.add(context.request());
            assertThat(context.httpRequest().firstMatchingHeader(DirectRequests.TICKET_HEADER))
                .isEmpty();
          }
        };
    try (DynamoDbClient watched =
        DynakitClients.inProcessDirect(engine, o -> o.addExecutionInterceptor(watcher))) {
      PutItemRequest put = PutItemRequest.builder().tableName("things").item(KEY).build();
      watched.putItem(put);
      assertThat(seen).containsExactly(put);
      assertThat(watched.getItem(b -> b.tableName("things").key(KEY)).item()).isEqualTo(KEY);
    }
  }

  @Test
  void requestWithoutAnExactTree_goesAsJson() {
    // a timestamp member: the engine must read the SDK's own text of it
    Throwable error =
        org.assertj.core.api.Assertions.catchThrowable(
            () ->
                client.restoreTableToPointInTime(
                    b ->
                        b.sourceTableName("things")
                            .targetTableName("restored")
                            .restoreDateTime(java.time.Instant.parse("2026-01-01T00:00:00Z"))));
    assertThat(error).isNotNull();
    SdkHttpRequest restore = sent.get(sent.size() - 1);
    assertThat(restore.firstMatchingHeader(DirectRequests.TICKET_HEADER)).isEmpty();
    assertThat(pending.size()).isZero();
  }

  private static Update addOne() {
    return Update.builder()
        .tableName("things")
        .key(KEY)
        .updateExpression("ADD n :one")
        .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
        .build();
  }

  private String counter() {
    return client
        .getItem(b -> b.tableName("things").key(KEY).consistentRead(true))
        .item()
        .get("n")
        .n();
  }

  /** The interceptor under test: an asynchronous client's, which hands trees over by ticket. */
  DirectRequests interceptor(PendingRequests held) {
    return DirectRequests.withTickets(held);
  }

  boolean usesTickets() {
    return true;
  }

  /**
   * A direct client as {@link DynakitClients#inProcessDirect} builds it, over a transport that
   * records what it sends and, while {@link #lostAnswers} lasts, loses the engine's answer after
   * the engine has run the request.
   */
  private DynamoDbClient directClient() {
    SdkHttpClient engineTransport = InProcessHttpClient.direct(engine, pending);
    SdkHttpClient transport =
        new SdkHttpClient() {
          @Override
          public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            ExecutableHttpRequest call = engineTransport.prepareRequest(request);
            return new ExecutableHttpRequest() {
              @Override
              public HttpExecuteResponse call() throws IOException {
                sent.add(request.httpRequest());
                HttpExecuteResponse response = call.call();
                if (lostAnswers.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                  throw new IOException("connection reset after the request was sent");
                }
                return response;
              }

              @Override
              public void abort() {
                call.abort();
              }
            };
          }

          @Override
          public void close() {
            engineTransport.close();
          }
        };
    return DynamoDbClient.builder()
        .httpClient(transport)
        .endpointOverride(URI.create("http://dynakit.invalid"))
        .region(DynakitClients.REGION)
        .credentialsProvider(AnonymousCredentialsProvider.create())
        .overrideConfiguration(
            ClientOverrideConfiguration.builder()
                .retryStrategy(RetryMode.STANDARD)
                .addExecutionInterceptor(interceptor(pending))
                .addExecutionInterceptor(DirectResponses.INSTANCE)
                .build())
        .build();
  }
}
