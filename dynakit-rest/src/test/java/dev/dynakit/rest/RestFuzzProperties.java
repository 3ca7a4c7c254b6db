package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.rest.netty.RestServer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Mutated REST requests (bodies with dropped, duplicated and retyped fields, hostile numbers and
 * strings, deep nesting, broken bytes; query strings with repeats, malformed percent-encoding, huge
 * values and unknown operators; hostile keys, other methods and content types) sent over HTTP to a
 * {@link RestServer} on the in-process engine: every answer is a 2xx or a 4xx, and every error body
 * is JSON with a code and a message. Never a 5xx.
 *
 * <p>The build runs the default number of tries; a longer campaign passes {@code
 * -Djqwik.tries.default=N} (docs/hardening-rest.md).
 */
class RestFuzzProperties {
  private static DynakitEngine engine;
  private static DynamoDbClient client;
  private static RestServer planetServer;
  private static RestServer rentalServer;
  private static RawHttp planets;
  private static RawHttp rentals;

  @BeforeContainer
  static void start() {
    engine = DynakitEngine.inMemory();
    client = DynakitClients.inProcess(engine);
    TableRoutes planetRoutes = TableRoutes.builder(Planets.load(client)).build();
    TableRoutes rentalRoutes = TableRoutes.builder(Rentals.load(client)).build();
    planetServer = RestServer.builder(planetRoutes).policy(planetRoutes.policy()).start();
    rentalServer = RestServer.builder(rentalRoutes).policy(rentalRoutes.policy()).start();
    planets = new RawHttp(planetServer.port());
    rentals = new RawHttp(rentalServer.port());
  }

  @AfterContainer
  static void stop() {
    planets.close();
    rentals.close();
    planetServer.close();
    rentalServer.close();
    client.close();
    engine.close();
  }

  @Provide
  Arbitrary<FuzzRequests.Base> bases() {
    return Arbitraries.of(FuzzRequests.BASES);
  }

  @Property(shrinking = ShrinkingMode.OFF)
  void everyAnswerIsA2xxOrA4xxWithAJsonErrorBody(
      @ForAll("bases") FuzzRequests.Base base,
      @ForAll @Size(max = 3) List<FuzzBodies.Mutation> bodyMutations,
      @ForAll @Size(max = 3) List<FuzzRequests.QueryMutation> queryMutations,
      @ForAll FuzzRequests.TargetMutation targetMutation,
      @ForAll long seed) {
    Random random = new Random(seed);
    FuzzRequests.Target target = FuzzRequests.target(base, targetMutation, random);
    String query = FuzzRequests.query(base.query(), queryMutations, random);
    byte[] body = body(base, bodyMutations, random);
    RawHttp http = base.table() == FuzzRequests.Table.PLANETS ? planets : rentals;
    RawHttp.Answer answer =
        http.send(target.method(), target.path() + query, target.contentType(), body);
    String request =
        target.method()
            + " "
            + shorten(target.path() + query)
            + " "
            + target.contentType()
            + " "
            + shorten(new String(body, StandardCharsets.UTF_8));
    Statistics.label("status").collect(answer.status());
    assertThat(answer.status()).as(request + " -> " + answer.text()).isBetween(200, 499);
    if (answer.body().length > 0) {
      assertThat(answer.contentType()).as(request).startsWith("application/json");
      Object json = JsonText.parse(answer.body());
      if (answer.status() >= 400) {
        assertThat(json).as(request).isInstanceOf(Map.class);
        assertThat(((Map<?, ?>) json).get("code")).as(request).isInstanceOf(String.class);
        assertThat(((Map<?, ?>) json).get("message")).as(request).isInstanceOf(String.class);
      }
    } else if (answer.status() >= 400 && !target.method().equals("HEAD")) {
      // only a missing item is answered without a body (the reference's contract)
      assertThat(answer.status()).as(request).isEqualTo(404);
    }
  }

  private static byte[] body(
      FuzzRequests.Base base, List<FuzzBodies.Mutation> mutations, Random random) {
    if (base.body() == null) {
      return new byte[0];
    }
    byte[] body = base.body().getBytes(StandardCharsets.UTF_8);
    for (FuzzBodies.Mutation mutation : mutations) {
      Object tree;
      try {
        tree = FuzzBodies.tree(new String(body, StandardCharsets.UTF_8));
      } catch (RestException e) {
        break; // an earlier mutation broke the JSON: send it broken
      }
      body = FuzzBodies.mutate(tree, mutation, random);
    }
    return body;
  }

  private static String shorten(String text) {
    return text.length() <= 300 ? text : text.substring(0, 300) + "… (" + text.length() + ")";
  }
}
