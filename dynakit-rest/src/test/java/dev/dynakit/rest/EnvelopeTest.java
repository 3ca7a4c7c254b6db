package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvelopeTest {
  private static Map<String, Object> envelope(
      String target, List<?> items, Long total, RestPolicy policy) {
    RestRequest request = RestRequest.of("GET", target);
    RestQuery query = RestQuery.parse(request.query(), policy);
    return Envelope.build(items, query.paging(), total, request, query.params(), policy);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    return (Map<String, Object>) value;
  }

  @Test
  void keysInOrder_withTotal_andLinksBothWays() {
    Map<String, Object> envelope =
        envelope("/?offset=3&limit=2", List.of("a", "b"), 10L, RestPolicy.defaults());
    assertThat(envelope.keySet()).containsExactly("data", "offset", "limit", "total", "links");
    assertThat(envelope.get("offset")).isEqualTo(3);
    assertThat(envelope.get("limit")).isEqualTo(2);
    assertThat(envelope.get("total")).isEqualTo(10L);
    assertThat(map(envelope.get("links")))
        .containsEntry("prev", "/?offset=1&limit=2")
        .containsEntry("next", "/?offset=5&limit=2");
  }

  @Test
  void firstPage_hasNoPrev_lastPageNoNext_singlePageNoLinks() {
    Map<?, ?> links =
        (Map<?, ?>)
            envelope("/?sort=name&limit=10", List.of(), 61L, RestPolicy.defaults()).get("links");
    assertThat(links.get("prev")).isNull();
    assertThat(links.get("next")).isEqualTo("/?sort=name&limit=10&offset=10");
    Map<?, ?> last =
        (Map<?, ?>)
            envelope("/?offset=60&limit=10", List.of("x"), 61L, RestPolicy.defaults()).get("links");
    assertThat(last.get("prev")).isEqualTo("/?offset=50&limit=10");
    assertThat(last.get("next")).isNull();
    assertThat(envelope("/", List.of("x"), 1L, RestPolicy.defaults())).doesNotContainKey("links");
  }

  @Test
  void withoutTotal_aFullPageHasANextLink_aShortOneNot() {
    RestPolicy noTotal = RestPolicy.builder().needTotal(false).build();
    Map<String, Object> full =
        envelope("/?limit=5&x=1", Collections.nCopies(5, "i"), null, noTotal);
    assertThat(full).doesNotContainKey("total");
    assertThat(map(full.get("links")))
        .containsEntry("prev", null)
        .containsEntry("next", "/?limit=5&x=1&offset=5");
    assertThat(envelope("/?limit=5", List.of("i"), null, noTotal)).doesNotContainKey("links");
  }

  @Test
  void renamedKeys_andMountedPaths() {
    RestPolicy renamed =
        RestPolicy.builder()
            .envelope(new EnvelopeNames("items", "count", "skip", "take", "pages"))
            .build();
    RestRequest request =
        new RestRequest("GET", "/planets", "/", "offset=10&search=a+b", Map.of(), new byte[0]);
    RestQuery query = RestQuery.parse(request.query(), renamed);
    Map<String, Object> envelope =
        Envelope.build(List.of(), query.paging(), 30L, request, query.params(), renamed);
    assertThat(envelope.keySet()).containsExactly("items", "skip", "take", "count", "pages");
    assertThat(map(envelope.get("pages")))
        .containsEntry("prev", "/planets/?offset=0&search=a+b&limit=10")
        .containsEntry("next", "/planets/?offset=20&search=a+b&limit=10");
  }
}
