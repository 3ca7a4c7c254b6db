package dev.dynakit.it.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.EngineServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * A server started with {@code signedBy}: the AWS SDK's own SigV4 signatures are accepted for the
 * right secret and refused, in DynamoDB's words, for a wrong secret, an unknown key, no signature
 * and a clock 20 minutes off (issue 29, point 5).
 */
class SignedRequestsIT {
  private static final String KEY = "AKIDDYNAKITLOCAL";
  private static final String SECRET = "local/secret+key";

  private DynakitEngine engine;
  private EngineServer server;

  @BeforeEach
  void start() {
    engine = DynakitEngine.inMemory();
    server = EngineServer.builder(engine).signedBy(KEY, SECRET).signedBy("AKIDOTHER", "x").start();
  }

  @AfterEach
  void stop() {
    server.close();
    engine.close();
  }

  @Test
  void theRightSecret_isServed() {
    try (DynamoDbClient client = client(StaticCredentialsProvider.create(credentials(SECRET)))) {
      client.createTable(
          b ->
              b.tableName("signed")
                  .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
                  .keySchema(k -> k.attributeName("pk").keyType("HASH"))
                  .billingMode("PAY_PER_REQUEST"));
      client.putItem(
          b ->
              b.tableName("signed")
                  .item(
                      Map.of(
                          "pk",
                          software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(
                              "a"))));
      assertThat(client.listTables().tableNames()).containsExactly("signed");
      assertThat(client.scan(b -> b.tableName("signed")).count()).isEqualTo(1);
    }
  }

  @Test
  void aWrongSecret_isASignatureMismatch() {
    DynamoDbException e = refusal(StaticCredentialsProvider.create(credentials("wrong")));
    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidSignatureException");
    assertThat(e.awsErrorDetails().errorMessage())
        .isEqualTo(
            "The request signature we calculated does not match the signature you provided. Check"
                + " your AWS Secret Access Key and signing method. Consult the service"
                + " documentation for details.");
    assertThat(engine.handle(DynakitEngine.TARGET_PREFIX + "ListTables", "{}".getBytes()).body())
        .asString()
        .contains("\"TableNames\":[]");
  }

  @Test
  void anUnknownKey_isUnrecognized() {
    DynamoDbException e =
        refusal(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDNOBODY", SECRET)));
    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("UnrecognizedClientException");
    assertThat(e.awsErrorDetails().errorMessage())
        .isEqualTo("The security token included in the request is invalid.");
  }

  @Test
  void noSignature_isAMissingToken() throws Exception {
    DynamoDbException e = refusal(AnonymousCredentialsProvider.create());
    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("MissingAuthenticationTokenException");
    assertThat(e.awsErrorDetails().errorMessage())
        .isEqualTo("Request is missing Authentication Token");
    HttpResponse<String> raw =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .send(
                HttpRequest.newBuilder(server.endpoint())
                    .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
                    .header("Content-Type", "application/x-amz-json-1.0")
                    .POST(HttpRequest.BodyPublishers.ofString("{}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(raw.statusCode()).isEqualTo(400);
    assertThat(raw.body()).contains("MissingAuthenticationTokenException");
  }

  @Test
  void aClockTwentyMinutesOff_isRefusedAsExpiredOrNotYetCurrent() throws Exception {
    HttpResponse<String> behind = sendSignedAt(Duration.ofMinutes(-20));
    assertThat(behind.statusCode()).isEqualTo(400);
    assertThat(behind.body())
        .contains("com.amazon.coral.service#InvalidSignatureException")
        .containsPattern(
            "Signature expired: \\d{8}T\\d{6}Z is now earlier than \\d{8}T\\d{6}Z"
                + " \\(\\d{8}T\\d{6}Z - 15 min\\.\\)");
    HttpResponse<String> ahead = sendSignedAt(Duration.ofMinutes(20));
    assertThat(ahead.body())
        .containsPattern(
            "Signature not yet current: \\d{8}T\\d{6}Z is still later than \\d{8}T\\d{6}Z"
                + " \\(\\d{8}T\\d{6}Z \\+ 15 min\\.\\)");
    // the same signer, on time, is served: only the clock made the difference
    assertThat(sendSignedAt(Duration.ZERO).statusCode()).isEqualTo(200);
  }

  /** ListTables signed by the SDK's own SigV4 signer with its clock moved by {@code offset}. */
  private HttpResponse<String> sendSignedAt(Duration offset) throws Exception {
    String body = "{}";
    SdkHttpRequest request =
        SdkHttpRequest.builder()
            .method(SdkHttpMethod.POST)
            .uri(server.endpoint())
            .putHeader("X-Amz-Target", "DynamoDB_20120810.ListTables")
            .putHeader("Content-Type", "application/x-amz-json-1.0")
            .build();
    SignedRequest signed =
        AwsV4HttpSigner.create()
            .sign(
                r ->
                    r.identity(AwsCredentialsIdentity.create(KEY, SECRET))
                        .request(request)
                        .payload(ContentStreamProvider.fromUtf8String(body))
                        .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
                        .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1")
                        .putProperty(
                            HttpSigner.SIGNING_CLOCK, Clock.offset(Clock.systemUTC(), offset)));
    HttpRequest.Builder http =
        HttpRequest.newBuilder(URI.create(server.endpoint().toString()))
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    for (Map.Entry<String, List<String>> h : signed.request().headers().entrySet()) {
      if (!h.getKey().equalsIgnoreCase("Host")) {
        for (String v : h.getValue()) {
          http.header(h.getKey(), v);
        }
      }
    }
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .build()
        .send(http.build(), HttpResponse.BodyHandlers.ofString());
  }

  private DynamoDbException refusal(AwsCredentialsProvider credentials) {
    try (DynamoDbClient client = client(credentials)) {
      return catchThrowableOfType(DynamoDbException.class, client::listTables);
    }
  }

  private static AwsBasicCredentials credentials(String secret) {
    return AwsBasicCredentials.create(KEY, secret);
  }

  private DynamoDbClient client(AwsCredentialsProvider credentials) {
    return DynamoDbClient.builder()
        .endpointOverride(server.endpoint())
        .region(Region.US_EAST_1)
        .credentialsProvider(credentials)
        .httpClient(UrlConnectionHttpClient.create())
        .overrideConfiguration(o -> o.retryPolicy(RetryPolicy.none()))
        .build();
  }
}
