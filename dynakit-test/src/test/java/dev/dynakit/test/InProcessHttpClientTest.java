package dev.dynakit.test;

import static org.assertj.core.api.Assertions.assertThat;

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

  private HttpExecuteResponse execute(SdkHttpMethod method, String target, String body)
      throws IOException {
    SdkHttpRequest.Builder request =
        SdkHttpRequest.builder().method(method).uri(URI.create("http://dynakit.invalid/"));
    if (target != null) {
      request.putHeader("X-Amz-Target", target);
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
