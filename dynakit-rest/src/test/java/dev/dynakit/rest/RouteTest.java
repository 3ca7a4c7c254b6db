package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.rest.Route.Kind;
import org.junit.jupiter.api.Test;

class RouteTest {
  private static Route match(String path) {
    return Route.match(path, RestPolicy.defaults());
  }

  @Test
  void shapes() {
    assertThat(match("/")).isEqualTo(new Route(Kind.ROOT, null, null));
    assertThat(match("")).isEqualTo(new Route(Kind.ROOT, null, null));
    assertThat(match("//")).isEqualTo(new Route(Kind.ROOT, null, null));
    assertThat(match("/-by-names")).isEqualTo(new Route(Kind.COLLECTION_METHOD, null, "by-names"));
    assertThat(match("/Hoth")).isEqualTo(new Route(Kind.ITEM, "Hoth", null));
    assertThat(match("/Hoth/")).isEqualTo(new Route(Kind.ITEM, "Hoth", null));
    assertThat(match("/Hoth%20II/-clone"))
        .isEqualTo(new Route(Kind.ITEM_METHOD, "Hoth%20II", "clone"));
    assertThat(match("/a/b").kind()).isEqualTo(Kind.UNKNOWN);
    assertThat(match("/a/b/-clone").kind()).isEqualTo(Kind.UNKNOWN);
    assertThat(match("/a//-clone").kind()).isEqualTo(Kind.UNKNOWN);
  }

  @Test
  void methodPrefix_isTestedOnTheEncodedSegment() {
    assertThat(match("/%2Dfoo")).isEqualTo(new Route(Kind.ITEM, "%2Dfoo", null));
    assertThat(match("/-")).isEqualTo(new Route(Kind.ITEM, "-", null));
    assertThat(match("/a%2Fb/-clone")).isEqualTo(new Route(Kind.ITEM_METHOD, "a%2Fb", "clone"));
    Route custom = Route.match("/~load", RestPolicy.builder().methodPrefix("~").build());
    assertThat(custom).isEqualTo(new Route(Kind.COLLECTION_METHOD, null, "load"));
    assertThat(Route.match("/-load", RestPolicy.builder().methodPrefix("~").build()).kind())
        .isEqualTo(Kind.ITEM);
  }
}
