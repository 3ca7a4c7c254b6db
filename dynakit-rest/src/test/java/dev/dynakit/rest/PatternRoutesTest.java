package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The dispatch of single-table routes and the access-pattern routes over HTTP, with stand-in
 * patterns over a list in memory (the real ones are in {@code ShopRoutesIT}): parameters, limits,
 * cursors, counts, and the 4xx of each kind of bad input.
 */
class PatternRoutesTest {
  private static final List<Map<String, Object>> NUMBERS = new ArrayList<>();

  static {
    for (int n = 1; n <= 7; n++) {
      NUMBERS.add(Map.of("_type", "number", "n", n));
    }
  }

  /** The numbers from {@code from}; the cursor is the next index, written as {@code at<i>}. */
  private static final PatternEndpoint FROM =
      new PatternEndpoint() {
        @Override
        public List<String> parameters() {
          return List.of("from");
        }

        @Override
        public Object parameter(String name, String text) {
          try {
            return new BigDecimal(text);
          } catch (NumberFormatException e) {
            throw RestException.badRequest(
                "BadParameter", name + " is a number, got '" + text + "'");
          }
        }

        @Override
        public boolean counts() {
          return false;
        }

        @Override
        public Page read(Map<String, Object> parameters, int limit, @Nullable String cursor) {
          int from = ((BigDecimal) parameters.get("from")).intValue() - 1;
          int start = from;
          if (cursor != null) {
            if (!cursor.startsWith("at")) {
              throw RestException.badRequest("BadCursor", "not a cursor of this pattern");
            }
            start = Integer.parseInt(cursor.substring(2));
          }
          int end = Math.min(NUMBERS.size(), start + limit);
          return new Page(NUMBERS.subList(start, end), end < NUMBERS.size() ? "at" + end : null);
        }

        @Override
        public long count(Map<String, Object> parameters) {
          throw new AssertionError("not a counting pattern");
        }
      };

  private static final PatternEndpoint HOW_MANY =
      new PatternEndpoint() {
        @Override
        public List<String> parameters() {
          return List.of("kind");
        }

        @Override
        public Object parameter(String name, String text) {
          return text;
        }

        @Override
        public boolean counts() {
          return true;
        }

        @Override
        public Page read(Map<String, Object> parameters, int limit, @Nullable String cursor) {
          throw new AssertionError("a counting pattern");
        }

        @Override
        public long count(Map<String, Object> parameters) {
          return parameters.get("kind").equals("number") ? NUMBERS.size() : 0;
        }
      };

  private HttpFixture http;

  @BeforeEach
  void start() {
    RestPolicy policy = RestPolicy.defaults();
    RestHandler entity =
        request -> RestResponse.json(200, Map.of("mount", request.mount(), "path", request.path()));
    http =
        new HttpFixture(
            SingleTableRoutes.of(
                policy,
                null,
                Map.of("number", entity),
                Map.of("from", FROM, "howMany", HOW_MANY),
                Map.of("entities", List.of("number"))),
            policy);
  }

  @AfterEach
  void stop() {
    http.close();
  }

  @Test
  void entityPaths_reachTheEntityHandler_mountedUnderItsName() {
    assertThat(http.get("/number/7:x").map())
        .containsEntry("mount", "/number")
        .containsEntry("path", "/7:x");
    assertThat(http.get("/number").map()).containsEntry("path", "");
    assertThat(http.get("/").map()).containsEntry("entities", List.of("number"));
    HttpFixture.Reply unknown = http.get("/letter/a");
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.message()).contains("'letter'", "entities: number", "/-patterns/NAME");
    assertThat(http.send("POST", "/", "{}").header("Allow")).hasValue("GET, HEAD");
  }

  @Test
  void aPattern_pagesWithItsCursor() {
    HttpFixture.Reply first = http.get("/-patterns/from?from=2&limit=4");
    assertThat(first.status()).isEqualTo(200);
    assertThat(first.data()).extracting(item -> item.get("n")).containsExactly(2L, 3L, 4L, 5L);
    assertThat(first.data()).allSatisfy(item -> assertThat(item).containsEntry("_type", "number"));
    assertThat(first.map()).containsEntry("cursor", "at5");
    HttpFixture.Reply last = http.get("/-patterns/from?from=2&limit=4&cursor=at5");
    assertThat(last.data()).extracting(item -> item.get("n")).containsExactly(6L, 7L);
    assertThat(last.map()).containsEntry("cursor", null);
    assertThat(http.get("/-patterns/howMany?kind=number").map()).isEqualTo(Map.of("count", 7L));
  }

  @Test
  void badInput_isA4xxNamingTheProblem() {
    assertError("/-patterns/from", 400, "MissingParameter", "needs from; from is missing");
    assertError("/-patterns/from?from=", 400, "MissingParameter", "from is missing (empty)");
    assertError("/-patterns/from?from=two", 400, "BadParameter", "from is a number, got 'two'");
    assertError("/-patterns/from?from=1&to=3", 400, "UnknownParameter", "'to'");
    assertError("/-patterns/from?from=1&limit=lots", 400, "BadPaging", "limit must be");
    assertError("/-patterns/from?from=1&cursor=", 400, "BadCursor", "cursor is empty");
    assertError("/-patterns/from?from=1&cursor=zz", 400, "BadCursor", "not a cursor");
    assertError("/-patterns/howMany?kind=a&limit=3", 400, "UnknownParameter", "'limit'");
    assertError("/-patterns/nothing?from=1", 404, "NotFound", "the patterns are");
    assertError("/-patterns/", 404, "NotFound", "/-patterns/NAME");
    HttpFixture.Reply post = http.send("POST", "/-patterns/from?from=1", "{}");
    assertThat(post.status()).isEqualTo(405);
    assertThat(post.header("Allow")).hasValue("GET, HEAD");
  }

  private void assertError(String target, int status, String code, String message) {
    HttpFixture.Reply reply = http.get(target);
    assertThat(reply.status()).as(target + ": " + reply.body()).isEqualTo(status);
    assertThat(reply.code()).as(target).isEqualTo(code);
    assertThat(reply.message()).as(target).contains(message);
  }
}
