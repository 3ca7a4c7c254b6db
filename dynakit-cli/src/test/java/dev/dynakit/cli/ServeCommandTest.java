package dev.dynakit.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.embedded.DynakitClients;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

class ServeCommandTest {
  @Test
  void serve_portZero_printsOneLineAndAnswersUntilStopped() throws Exception {
    URI endpoint;
    try (CliRun serve = new CliRun("serve", "--port", "0")) {
      endpoint = serve.endpoint();

      assertThat(endpoint.toString()).matches("http://127\\.0\\.0\\.1:[1-9][0-9]*");
      assertThat(
              HttpClient.newHttpClient()
                  .send(HttpRequest.newBuilder(endpoint).build(), BodyHandlers.ofString())
                  .body())
          .isEqualTo("healthy: dynamodb.us-east-1.amazonaws.com ");
      try (DynamoDbClient dynamo = DynakitClients.http(endpoint)) {
        assertThatThrownBy(() -> dynamo.describeKinesisStreamingDestination(b -> b.tableName("t")))
            .isInstanceOfSatisfying(
                DynamoDbException.class,
                e ->
                    assertThat(e.awsErrorDetails().errorCode())
                        .isEqualTo("UnknownOperationException"));
      }

      assertThat(serve.stop()).isZero();
      assertThat(serve.out())
          .isEqualTo(
              "Dynakit engine listening on "
                  + endpoint
                  + " (in memory: the data is lost when it stops; keep it with --data-dir DIR)"
                  + nl());
      assertThat(serve.err()).isEmpty();
    }
    assertThatThrownBy(() -> new Socket(endpoint.getHost(), endpoint.getPort()).close())
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void serve_hostOption_isWhereItListens() throws Exception {
    try (CliRun serve = new CliRun("serve", "--host", "localhost", "--port", "0")) {
      assertThat(serve.endpoint().getHost()).isEqualTo("localhost");
    }
  }

  private static String nl() {
    return System.lineSeparator();
  }
}
