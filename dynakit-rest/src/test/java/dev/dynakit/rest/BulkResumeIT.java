package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.test.DynakitTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The bulk routes run as resumable mass operations: a request stops on its item budget with a
 * resume token, and sending the token back continues exactly where it stopped until every item is
 * handled, each exactly once; nothing caps the scope's size.
 */
@DynakitTest
class BulkResumeIT {
  private static final int BUDGET = 2;

  /** Sends a bulk request until it answers without a token; every answer's counts, in order. */
  private static List<Map<String, Object>> untilDone(
      HttpFixture http, String method, String target, @Nullable String body) {
    List<Map<String, Object>> answers = new ArrayList<>();
    String token = null;
    do {
      String resumed =
          token == null
              ? target
              : target
                  + (target.contains("?") ? "&" : "?")
                  + "resume="
                  + URLEncoder.encode(token, StandardCharsets.UTF_8);
      HttpFixture.Reply reply = http.send(method, resumed, body);
      assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
      Map<String, Object> answer = reply.map();
      assertThat((Long) answer.get("processed")).isLessThanOrEqualTo(BUDGET);
      assertThat(answer).doesNotContainKeys("failed", "conflicts");
      answers.add(answer);
      token = (String) answer.get("resume");
      assertThat(answers).as("the work ends").hasSizeLessThan(50);
    } while (token != null);
    return answers;
  }

  private static long processed(List<Map<String, Object>> answers) {
    return answers.stream().mapToLong(answer -> (Long) answer.get("processed")).sum();
  }

  private static HttpFixture small(DynamoDbClient client, boolean rentals) {
    return new HttpFixture(
        TableRoutes.builder(rentals ? Rentals.load(client) : Planets.load(client))
            .policy(RestPolicy.builder().maxBulkItems(BUDGET).build())
            .build());
  }

  @Test
  void deleteOfTheWholeTable_stopsOnItsBudget_andResumesUntilEveryItemIsDeletedOnce(
      DynamoDbClient client) {
    try (HttpFixture http = small(client, false)) {
      List<Map<String, Object>> answers = untilDone(http, "DELETE", "/?confirm=yes", null);
      assertThat(answers.size()).isGreaterThanOrEqualTo(Planets.count() / BUDGET);
      assertThat(processed(answers)).isEqualTo(Planets.count());
      assertThat(RestTables.snapshot(client, Planets.SPEC)).isEmpty();
    }
  }

  @Test
  void moveOfAScope_resumesUntilEveryItemMovedExactlyOnce(DynamoDbClient client) {
    try (HttpFixture http = small(client, true)) {
      List<Map<String, AttributeValue>> before = RestTables.snapshot(client, Rentals.SPEC);
      List<Map<String, Object>> answers =
          untilDone(http, "PUT", "/-move?eq-state=TX", "{\"state\":\"OK\"}");
      assertThat(processed(answers)).isEqualTo(6);
      assertThat(answers).allSatisfy(answer -> assertThat(answer).doesNotContainKey("skipped"));
      assertThat(http.get("/TX").status()).isEqualTo(404);
      assertThat(http.get("/OK:Dallas:3").map()).containsEntry("model", "F-150");
      assertThat(http.get("/OK:Austin:7").map()).containsEntry("_v", 1L);
      assertThat(RestTables.snapshot(client, Rentals.SPEC)).hasSameSizeAs(before);
    }
  }

  @Test
  void cloneOfAScope_resumesUntilEveryItemIsCopiedOnce(DynamoDbClient client) {
    try (HttpFixture http = small(client, true)) {
      List<Map<String, Object>> answers =
          untilDone(http, "PUT", "/-clone?eq-state=TX", "{\"state\":\"NM\"}");
      assertThat(processed(answers)).isEqualTo(6);
      assertThat(http.get("/?limit=100").data()).hasSize(7 + 6);
      assertThat(http.get("/NM:Dallas:1").map()).containsEntry("model", "Civic");
      assertThat(http.get("/TX:Dallas:1").map()).containsEntry("model", "Civic");
    }
  }

  @Test
  void byNames_resumeFromThePositionTheyStoppedAt(DynamoDbClient client) {
    try (HttpFixture http = small(client, false)) {
      List<Map<String, Object>> deleted =
          untilDone(http, "DELETE", "/-by-names?names=Hoth,Endor,Naboo,Nowhere,Dagobah", null);
      assertThat(deleted).hasSize(3);
      assertThat(processed(deleted)).isEqualTo(5);
      assertThat(http.get("/-by-names?names=Hoth,Endor,Naboo,Dagobah").list()).containsOnlyNulls();
      List<Map<String, Object>> cloned =
          untilDone(
              http,
              "PUT",
              "/-clone-by-names?names=Tatooine,Alderaan,Nowhere",
              "{\"name\":\"Twin\"}");
      assertThat(processed(cloned)).isEqualTo(2);
      assertThat(cloned.get(cloned.size() - 1)).containsEntry("skipped", 1L);
    }
  }

  @Test
  void aResumeTokenOfAnotherRequest_isRefused(DynamoDbClient client) {
    try (HttpFixture http = small(client, false)) {
      String token =
          (String)
              http.send("DELETE", "/-by-names?names=Hoth,Endor,Naboo", null).map().get("resume");
      assertThat(token).isNotNull();
      String encoded = URLEncoder.encode(token, StandardCharsets.UTF_8);
      HttpFixture.Reply other =
          http.send("DELETE", "/-by-names?names=Tatooine,Naboo,Endor&resume=" + encoded, null);
      assertThat(other.status()).isEqualTo(400);
      assertThat(other.code()).isEqualTo("BadResumeToken");
      HttpFixture.Reply scoped = http.send("DELETE", "/?confirm=yes&resume=" + encoded, null);
      assertThat(scoped.status()).isEqualTo(400);
      assertThat(scoped.code()).isEqualTo("BadResumeToken");
      assertThat(http.get("/Naboo").status()).isEqualTo(200);
    }
  }
}
