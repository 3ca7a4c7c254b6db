package dev.dynakit.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.RawHttpConnection.Response;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link EngineServer.Builder#signedBy}: off by default, and with it an unsigned or wrongly signed
 * request is refused over HTTP in DynamoDB's words before it reaches the engine. (Signatures made
 * by the AWS SDK are checked in dynakit-it's SignedRequestsIT; the arithmetic against AWS's own
 * test suite in SignatureCheckTest.)
 */
class SignedRequestsTest {
  private final DynakitEngine engine = DynakitEngine.inMemory();
  private EngineServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    engine.close();
  }

  @Test
  void byDefault_anUnsignedRequestIsServed() throws IOException {
    server = EngineServer.start(engine, "127.0.0.1", 0);
    assertThat(exchange(RawHttpConnection.post("DynamoDB_20120810.ListTables", "{}")).status())
        .isEqualTo(200);
  }

  @Test
  void withKeys_anUnsignedRequestIsAMissingToken_andTheHealthCheckStillAnswers()
      throws IOException {
    server = EngineServer.builder(engine).signedBy("AKIDLOCAL", "secret").start();
    Response refused =
        exchange(
            RawHttpConnection.post("DynamoDB_20120810.CreateTable", "{\"TableName\":\"never\"}"));
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.text())
        .isEqualTo(
            "{\"__type\":\"com.amazon.coral.service#MissingAuthenticationTokenException\","
                + "\"message\":\"Request is missing Authentication Token\"}");
    Response forged =
        exchange(
            RawHttpConnection.post(
                "DynamoDB_20120810.ListTables",
                "{}",
                "X-Amz-Date: 20300101T000000Z",
                "Authorization: AWS4-HMAC-SHA256"
                    + " Credential=AKIDLOCAL/20300101/us-east-1/dynamodb/aws4_request,"
                    + " SignedHeaders=host;x-amz-date, Signature=00"));
    assertThat(forged.status()).isEqualTo(400);
    assertThat(forged.text())
        .contains("com.amazon.coral.service#InvalidSignatureException")
        .contains("Signature not yet current: 20300101T000000Z is still later than");
    assertThat(exchange("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n").status()).isEqualTo(200);
    assertThat(engine.handle(DynakitEngine.TARGET_PREFIX + "ListTables", "{}".getBytes()).body())
        .asString()
        .contains("\"TableNames\":[]");
  }

  @Test
  void aKeyWithoutASecret_orGivenTwiceWithTwoSecrets_isRefused() {
    EngineServer.Builder builder = EngineServer.builder(engine).signedBy("AKID", "one");
    assertThatThrownBy(() -> builder.signedBy("AKID", "two"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("AKID is given twice");
    assertThatThrownBy(() -> builder.signedBy("OTHER", ""))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private Response exchange(String request) throws IOException {
    try (RawHttpConnection c = new RawHttpConnection(server.port())) {
      c.send(request);
      return c.read();
    }
  }
}
