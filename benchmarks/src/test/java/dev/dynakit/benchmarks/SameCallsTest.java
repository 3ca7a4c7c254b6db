package dev.dynakit.benchmarks;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.provision.TableProvisioner;
import dev.dynakit.core.schema.TableSpec;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.embedded.InProcessHttpClient;
import dev.dynakit.engine.DynakitEngine;
import java.net.URI;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The benchmark's hand-written SDK requests are the ones the Adapter sends, and the check bites.
 */
class SameCallsTest {
  private static DynamoDbClient recording(DynakitEngine engine, SameCalls recorder) {
    return DynamoDbClient.builder()
        .httpClient(InProcessHttpClient.of(engine))
        .endpointOverride(URI.create("http://dynakit.invalid"))
        .region(DynakitClients.REGION)
        .credentialsProvider(
            StaticCredentialsProvider.create(
                AwsBasicCredentials.create(DynakitClients.ACCESS_KEY, DynakitClients.ACCESS_KEY)))
        .overrideConfiguration(
            ClientOverrideConfiguration.builder().addExecutionInterceptor(recorder).build())
        .build();
  }

  @Test
  void handWrittenRequests_areTheAdapters() {
    SameCalls recorder = new SameCalls();
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient client = recording(engine, recorder)) {
      TableProvisioner.of(client).ensure(OverheadTable.spec());
      assertThatCode(() -> recorder.check(client, OverheadTable.spec())).doesNotThrowAnyException();
    }
  }

  @Test
  void anotherDeclaration_sendsOtherRequests_andTheCheckSaysSo() {
    TableSpec typed =
        OverheadTable.spec().toBuilder().typeField("kind").build(); // adds an attribute to puts
    SameCalls recorder = new SameCalls();
    try (DynakitEngine engine = DynakitEngine.inMemory();
        DynamoDbClient client = recording(engine, recorder)) {
      TableProvisioner.of(client).ensure(typed);
      assertThatThrownBy(() -> recorder.check(client, typed))
          .hasMessageStartingWith("PutItem: the hand-written request differs");
    }
  }
}
