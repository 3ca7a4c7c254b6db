package dev.dynakit.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.DynakitEngine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;

class InProcessHttpClientTest {
  private final DynakitEngine engine = DynakitEngine.inMemory();
  private final InProcessHttpClient client = InProcessHttpClient.of(engine);

  @AfterEach
  void close() {
    client.close();
    engine.close();
  }

  @Test
  void post_unknownTarget_answersTheEngineErrorWithDynamoHeaders() throws IOException {
    HttpExecuteResponse response =
        execute(SdkHttpMethod.POST, "DynamoDB_20120810.NoSuchOperation", "{}");

    byte[] body = response.responseBody().orElseThrow().readAllBytes();
    assertThat(response.httpResponse().statusCode()).isEqualTo(400);
    assertThat(new String(body, StandardCharsets.UTF_8))
        .isEqualTo("{\"__type\":\"com.amazon.coral.service#UnknownOperationException\"}");
    assertThat(response.httpResponse().firstMatchingHeader("content-type"))
        .hasValue("application/x-amz-json-1.0");
    assertThat(response.httpResponse().firstMatchingHeader("content-length"))
        .hasValue(Integer.toString(body.length));
    CRC32 crc = new CRC32();
    crc.update(body);
    assertThat(response.httpResponse().firstMatchingHeader("x-amz-crc32"))
        .hasValue(Long.toString(crc.getValue()));
    assertThat(response.httpResponse().firstMatchingHeader("x-amzn-RequestId"))
        .hasValueSatisfying(id -> assertThat(id).matches("[0-9a-f-]{36}"));
  }

  @Test
  void post_withoutTarget_isUnknownOperation() throws IOException {
    HttpExecuteResponse response = execute(SdkHttpMethod.POST, null, "{}");

    assertThat(response.httpResponse().statusCode()).isEqualTo(400);
    assertThat(response.responseBody().orElseThrow().readAllBytes())
        .asString(StandardCharsets.UTF_8)
        .contains("UnknownOperationException");
  }

  @Test
  void get_answersTheHealthText() throws IOException {
    HttpExecuteResponse response = execute(SdkHttpMethod.GET, null, null);

    assertThat(response.httpResponse().statusCode()).isEqualTo(200);
    assertThat(response.responseBody().orElseThrow().readAllBytes())
        .asString(StandardCharsets.UTF_8)
        .isEqualTo("healthy: dynamodb.us-east-1.amazonaws.com ");
  }

  @Test
  void requestIds_differ() throws IOException {
    String first = requestId(execute(SdkHttpMethod.POST, "X", "{}"));
    String second = requestId(execute(SdkHttpMethod.POST, "X", "{}"));

    assertThat(first).isNotEqualTo(second);
  }

  @Test
  void post_withContentLength_readsThatManyBytes() throws IOException {
    String body = "{\"TableName\":\"missing\"}";
    HttpExecuteResponse response =
        execute(
            SdkHttpMethod.POST,
            "DynamoDB_20120810.DescribeTable",
            body,
            Integer.toString(body.length()));

    assertThat(response.httpResponse().statusCode()).isEqualTo(400);
    assertThat(response.responseBody().orElseThrow().readAllBytes())
        .asString(StandardCharsets.UTF_8)
        .contains("ResourceNotFoundException");
  }

  @Test
  void post_bodyLongerOrShorterThanContentLength_isRefusedBeforeTheEngineRunsIt()
      throws IOException {
    // a valid CreateTable: read whole despite a wrong length, it would create the table
    String body =
        "{\"TableName\":\"t\",\"BillingMode\":\"PAY_PER_REQUEST\","
            + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}],"
            + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}]}";
    for (int length : new int[] {body.length() - 1, body.length() + 1}) {
      assertThatThrownBy(
              () ->
                  execute(
                      SdkHttpMethod.POST,
                      "DynamoDB_20120810.CreateTable",
                      body,
                      Integer.toString(length)))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("Content-Length");
    }
    assertThat(
            execute(SdkHttpMethod.POST, "DynamoDB_20120810.ListTables", "{}")
                .responseBody()
                .orElseThrow()
                .readAllBytes())
        .asString(StandardCharsets.UTF_8)
        .isEqualTo("{\"TableNames\":[]}");
  }

  private HttpExecuteResponse execute(SdkHttpMethod method, String target, String body)
      throws IOException {
    return execute(method, target, body, null);
  }

  private HttpExecuteResponse execute(
      SdkHttpMethod method, String target, String body, String contentLength) throws IOException {
    SdkHttpRequest.Builder request =
        SdkHttpRequest.builder().method(method).uri(URI.create("http://dynakit.invalid/"));
    if (target != null) {
      request.putHeader("X-Amz-Target", target);
    }
    if (contentLength != null) {
      request.putHeader("Content-Length", contentLength);
    }
    HttpExecuteRequest.Builder execute = HttpExecuteRequest.builder().request(request.build());
    if (body != null) {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      execute.contentStreamProvider(() -> new ByteArrayInputStream(bytes));
    }
    return client.prepareRequest(execute.build()).call();
  }

  private static String requestId(HttpExecuteResponse response) {
    return response.httpResponse().firstMatchingHeader("x-amzn-RequestId").orElseThrow();
  }
}
