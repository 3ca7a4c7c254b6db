package dev.dynakit.core.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.dynakit.core.ItemExistsException;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.embedded.InProcessHttpClient;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.test.DynakitTest;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/** Every request the Adapter sends reaches the listener, with what it cost and how long it took. */
@DynakitTest
class RequestListenerIT {
  DynamoDbClient client;
  List<RequestEvent> events = new ArrayList<>();

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    TestTables.create(client, Rentals.spec());
  }

  @Test
  void everyRequest_isReported_withOperationTableIndexLatencyAndAttempt() {
    Adapter adapter = Adapter.builder(Rentals.spec(), client).listener(events::add).build();
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    adapter.getByKey(Rentals.key("TX", "Dallas", 1));
    adapter.patch(Rentals.key("TX", "Dallas", 1), Patch.of(Map.of("price", 2)));
    adapter.list(
        ListOptions.builder()
            .index("byPrice")
            .keyCondition(adapter.keyConditions("byPrice").selfAndChildren(Map.of("state", "TX")))
            .build());
    adapter.delete(Rentals.key("TX", "Dallas", 1));
    assertThat(events)
        .extracting(e -> e.operation() + ":" + e.index())
        .containsExactly(
            "PutItem:null", "GetItem:null", "UpdateItem:null", "Query:byPrice", "DeleteItem:null");
    assertThat(events)
        .allSatisfy(
            e -> {
              assertThat(e.table()).isEqualTo("rentals");
              assertThat(e.attempt()).isEqualTo(1);
              assertThat(e.retries()).isZero();
              assertThat(e.latency()).isPositive();
              assertThat(e.succeeded()).isTrue();
              assertThat(e.consumedCapacity()).isEmpty();
            });
  }

  @Test
  void consumedCapacity_isReportedWhenAsked() {
    Adapter adapter =
        Adapter.builder(Rentals.spec(), client)
            .listener(events::add)
            .consumedCapacity(ReturnConsumedCapacity.TOTAL)
            .build();
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    adapter.getByKey(Rentals.key("TX", "Dallas", 1), ReadOptions.builder().consistent().build());
    assertThat(events)
        .allSatisfy(
            e ->
                assertThat(e.consumedCapacity())
                    .singleElement()
                    .satisfies(c -> assertThat(c.capacityUnits()).isPositive()));
    assertThat(events.get(1).consumedCapacity().get(0).capacityUnits()).isEqualTo(1.0);
  }

  @Test
  void failures_areReportedToo() {
    Adapter adapter = Adapter.builder(Rentals.spec(), client).listener(events::add).build();
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThatThrownBy(() -> adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1)))
        .isInstanceOf(ItemExistsException.class);
    assertThat(events.get(1).succeeded()).isFalse();
    assertThat(events.get(1).failure()).isInstanceOf(ConditionalCheckFailedException.class);
  }

  @Test
  void sdkRetries_areCounted(DynakitEngine engine) {
    int[] failuresLeft = {2};
    SdkHttpClient flaky =
        new SdkHttpClient() {
          final SdkHttpClient engineClient = InProcessHttpClient.of(engine);

          @Override
          public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            boolean getItem =
                request
                    .httpRequest()
                    .firstMatchingHeader("X-Amz-Target")
                    .orElse("")
                    .endsWith("GetItem");
            if (!getItem || failuresLeft[0]-- <= 0) {
              return engineClient.prepareRequest(request);
            }
            return new ExecutableHttpRequest() {
              @Override
              public HttpExecuteResponse call() {
                byte[] body =
                    "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\",\"message\":\"try again\"}"
                        .getBytes(StandardCharsets.UTF_8);
                return HttpExecuteResponse.builder()
                    .response(
                        SdkHttpResponse.builder()
                            .statusCode(500)
                            .putHeader("Content-Type", "application/x-amz-json-1.0")
                            .putHeader("Content-Length", Integer.toString(body.length))
                            .build())
                    .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body)))
                    .build();
              }

              @Override
              public void abort() {}
            };
          }

          @Override
          public void close() {}
        };
    DynamoDbClient retrying =
        DynamoDbClient.builder()
            .httpClient(flaky)
            .endpointOverride(URI.create("http://dynakit.invalid"))
            .region(DynakitClients.REGION)
            .credentialsProvider(
                StaticCredentialsProvider.create(AwsBasicCredentials.create("k", "s")))
            .build();
    Adapter adapter = Adapter.builder(Rentals.spec(), retrying).listener(events::add).build();
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(adapter.getByKey(Rentals.key("TX", "Dallas", 1))).isPresent();
    assertThat(events)
        .extracting(RequestEvent::operation, RequestEvent::retries)
        .containsExactly(tuple("PutItem", 0), tuple("GetItem", 2));
  }

  @Test
  void aThrowingListener_changesNothing() {
    Adapter adapter =
        Adapter.builder(Rentals.spec(), client)
            .listener(
                e -> {
                  throw new IllegalStateException("boom");
                })
            .build();
    adapter.post(Rentals.car("TX", "Dallas", 1, "free", 1));
    assertThat(adapter.getByKey(Rentals.key("TX", "Dallas", 1))).isPresent();
  }
}
