package dev.dynakit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.dynakit.embedded.Transport;
import dev.dynakit.engine.DynakitEngine;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Runs small test classes through the JUnit engine and checks what the extension gave them. The
 * sample classes are static nested classes, which the build's test scan does not run by itself.
 */
class DynakitExtensionTest {
  /** What the sample tests saw; reset before each run. */
  static final List<Object> seen = new ArrayList<>();

  @BeforeEach
  void reset() {
    seen.clear();
  }

  @Test
  void eachTest_getsAFreshEngineSharedWithItsLifecycleMethods() {
    run(PerTest.class).assertStatistics(s -> s.succeeded(2).failed(0));

    // per test: the engine of @BeforeEach, of the test, of @AfterEach
    assertThat(seen).hasSize(6);
    assertThat(seen.get(0)).isSameAs(seen.get(1)).isSameAs(seen.get(2));
    assertThat(seen.get(3)).isSameAs(seen.get(4)).isSameAs(seen.get(5));
    assertThat(seen.get(0)).isNotSameAs(seen.get(3));
  }

  @Test
  void clients_defaultToInProcess() {
    run(Defaults.class).assertStatistics(s -> s.succeeded(1).failed(0));

    assertThat(seen).containsExactly(Transport.IN_PROCESS, "dynakit.invalid", "dynakit.invalid");
  }

  @Test
  void httpTransport_servesTheEngineOnLoopbackAndStopsAfterTheTest() throws IOException {
    run(OverHttp.class).assertStatistics(s -> s.succeeded(1).failed(0));

    assertThat(seen).hasSize(2).first().isEqualTo(Transport.HTTP);
    URI endpoint = (URI) seen.get(1);
    assertThat(endpoint.getHost()).isEqualTo("127.0.0.1");
    assertThatThrownBy(() -> new Socket(endpoint.getHost(), endpoint.getPort()).close())
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void transportTest_runsOncePerTransportWithItsOwnEngine() {
    Events tests = run(EveryTransport.class);

    tests.assertStatistics(s -> s.succeeded(3).failed(0));
    assertThat(tests.succeeded().list())
        .extracting(e -> e.getTestDescriptor().getDisplayName())
        .containsExactly("[in-process]", "[in-process-direct]", "[http]");
    // per run: the transport, the engine of the constructor, of @BeforeEach and of the test
    assertThat(seen).hasSize(12);
    assertThat(seen.get(0)).isEqualTo(Transport.IN_PROCESS);
    assertThat(seen.get(4)).isEqualTo(Transport.IN_PROCESS_DIRECT);
    assertThat(seen.get(8)).isEqualTo(Transport.HTTP);
    assertThat(seen.get(1)).isSameAs(seen.get(2)).isSameAs(seen.get(3));
    assertThat(seen.get(5)).isSameAs(seen.get(6)).isSameAs(seen.get(7));
    assertThat(seen.get(9)).isSameAs(seen.get(10)).isSameAs(seen.get(11));
    assertThat(seen.get(1)).isNotSameAs(seen.get(5)).isNotSameAs(seen.get(9));
  }

  @Test
  void beforeAllParameter_sharesOneEngineAcrossTheClass() {
    run(PerClass.class).assertStatistics(s -> s.succeeded(2).failed(0));

    assertThat(seen).hasSize(3);
    assertThat(seen.get(0)).isSameAs(seen.get(1)).isSameAs(seen.get(2));
  }

  @Test
  void unsupportedParameterType_isNotResolved() {
    run(WrongParameter.class).assertStatistics(s -> s.failed(1));
  }

  private static Events run(Class<?> testClass) {
    return EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(testClass))
        .execute()
        .testEvents();
  }

  @DynakitTest
  static class PerTest {
    @BeforeEach
    void before(DynakitEngine engine) {
      seen.add(engine);
    }

    @AfterEach
    void after(DynakitEngine engine) {
      seen.add(engine);
    }

    @Test
    void first(DynakitEngine engine) {
      seen.add(engine);
    }

    @Test
    void second(DynakitEngine engine) {
      seen.add(engine);
    }
  }

  @DynakitTest
  static class Defaults {
    @Test
    void test(Transport transport, DynamoDbClient client, DynamoDbAsyncClient async) {
      seen.add(transport);
      seen.add(client.serviceClientConfiguration().endpointOverride().orElseThrow().getHost());
      seen.add(async.serviceClientConfiguration().endpointOverride().orElseThrow().getHost());
    }
  }

  @DynakitTest(transport = Transport.HTTP)
  static class OverHttp {
    @Test
    void test(Transport transport, DynamoDbClient client) {
      seen.add(transport);
      seen.add(client.serviceClientConfiguration().endpointOverride().orElseThrow());
    }
  }

  @DynakitTest
  static class EveryTransport {
    EveryTransport(Transport transport, DynakitEngine engine) {
      seen.add(transport);
      seen.add(engine);
    }

    @BeforeEach
    void before(DynakitEngine engine) {
      seen.add(engine);
    }

    @TransportTest
    void test(DynakitEngine engine) {
      seen.add(engine);
    }
  }

  @DynakitTest
  static class PerClass {
    @BeforeAll
    static void beforeAll(DynakitEngine engine) {
      seen.add(engine);
    }

    @Test
    void first(DynakitEngine engine) {
      seen.add(engine);
    }

    @Test
    void second(DynakitEngine engine) {
      seen.add(engine);
    }
  }

  @DynakitTest
  static class WrongParameter {
    @Test
    void test(String notAnEngineThing) {}
  }
}
