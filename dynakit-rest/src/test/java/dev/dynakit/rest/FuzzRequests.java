package dev.dynakit.rest;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jspecify.annotations.Nullable;

/** Valid REST requests for the fuzz property, and mutations of their targets and headers. */
final class FuzzRequests {
  /** Which table a request goes to. */
  enum Table {
    PLANETS,
    RENTALS
  }

  /**
   * A valid request.
   *
   * @param query the raw query, or null
   * @param body the JSON body, or null
   */
  record Base(
      Table table, String method, String path, @Nullable String query, @Nullable String body) {}

  /** What a query mutation does. */
  enum QueryMutation {
    REPEAT,
    BAD_PERCENT,
    HUGE_VALUE,
    UNKNOWN_OPERATOR,
    HOSTILE_NUMBER,
    JUNK_VALUE,
    EMPTY_PAIRS
  }

  /** What a path or header mutation does. */
  enum TargetMutation {
    NONE,
    HOSTILE_KEY,
    UNKNOWN_METHOD,
    EXTRA_SEGMENTS,
    OTHER_METHOD,
    OTHER_CONTENT_TYPE
  }

  static final String PLANET =
      "{\"name\":\"Fuzz\",\"kind\":\"planet\",\"climate\":\"arid\",\"diameter\":5,"
          + "\"tags\":[\"a\",\"b\"],\"rings\":{\"count\":2,\"names\":[\"x\"]}}";
  static final String RENTAL =
      "{\"state\":\"TX\",\"city\":\"Waco\",\"car\":7,\"status\":\"free\",\"price\":10,"
          + "\"make\":\"Ford\"}";

  static final List<Base> BASES =
      List.of(
          new Base(
              Table.PLANETS, "GET", "/", "limit=5&offset=0&sort=name&fields=name,climate", null),
          new Base(Table.PLANETS, "GET", "/", "eq-climate=temperate&search=o&fields=*keys", null),
          new Base(Table.PLANETS, "GET", "/", "btw-diameter=1000,20000&in-name=Hoth,Endor", null),
          new Base(Table.PLANETS, "HEAD", "/", "limit=1", null),
          new Base(Table.PLANETS, "GET", "/Hoth", "fields=name,climate&consistent=yes", null),
          new Base(Table.PLANETS, "GET", "/-by-names", "names=Hoth,Endor&fields=name", null),
          new Base(Table.PLANETS, "POST", "/", null, PLANET),
          new Base(Table.PLANETS, "PUT", "/Fuzz", "force=yes", PLANET),
          new Base(
              Table.PLANETS, "PUT", "/Hoth", null, "{\"climate\":\"frozen\",\"tags\":[\"ice\"]}"),
          new Base(
              Table.PLANETS,
              "PATCH",
              "/Hoth",
              null,
              "{\"climate\":\"cold\",\"rings.count\":3,\"_delete\":[\"gravity\"]}"),
          new Base(
              Table.PLANETS,
              "PATCH",
              "/Hoth",
              null,
              "{\"_arrayOps\":[{\"op\":\"push\",\"path\":\"tags\",\"values\":[\"x\"]}]}"),
          new Base(Table.PLANETS, "DELETE", "/Fuzz", null, null),
          new Base(Table.PLANETS, "DELETE", "/-by-names", null, "[\"Fuzz\",\"Nope\"]"),
          new Base(Table.PLANETS, "PUT", "/-load", null, "[" + PLANET + "]"),
          new Base(Table.PLANETS, "PUT", "/-clone", "eq-name=Hoth", "{\"climate\":\"copy\"}"),
          new Base(Table.PLANETS, "PUT", "/Hoth/-clone", null, "{\"name\":\"Hoth2\"}"),
          new Base(Table.PLANETS, "PUT", "/-clone-by-names", "names=Hoth", "{\"tags\":[\"c\"]}"),
          new Base(Table.PLANETS, "DELETE", "/", "eq-name=Hoth2", null),
          new Base(Table.RENTALS, "GET", "/TX:Dallas:1", null, null),
          new Base(Table.RENTALS, "GET", "/", "eq-status=free&lt-price=50&limit=3", null),
          new Base(Table.RENTALS, "POST", "/", null, RENTAL),
          new Base(Table.RENTALS, "PUT", "/TX:Waco:7", "force=yes", RENTAL),
          new Base(Table.RENTALS, "PATCH", "/TX:Waco:7", null, "{\"price\":11,\"_v\":1}"),
          new Base(Table.RENTALS, "PUT", "/TX:Waco:7/-move", null, "{\"car\":8}"),
          new Base(Table.RENTALS, "PUT", "/-move-by-names", "names=TX:Waco:8", "{\"car\":7}"));

  private static final String[] OPERATORS = {"zz", "eq", "btw", "in", "lt", "bw", "ex", "nex"};
  private static final String[] FIELDS = {"name", "diameter", "climate", "tags", "nope", "car"};
  private static final String[] NAMES = {
    "limit", "offset", "fields", "sort", "names", "search", "consistent", "force", "confirm"
  };
  private static final String[] KEYS = {
    "%00",
    "%2F",
    "%ED%A0%80",
    "%C3",
    "%zz",
    "%",
    "-",
    "TX:Dallas:abc",
    "TX::",
    ":::",
    "TX:Dallas:1e-2147483649",
    "TX:Dallas:1e999999999",
    "TX:Dallas:-0",
    "__descriptor__",
    "%5F%5Fdescriptor%5F%5F",
  };
  private static final String[] METHODS = {
    "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"
  };
  private static final String[] TYPES = {
    null, "text/plain", "application/json; charset=latin1", "application/x-www-form-urlencoded"
  };

  private FuzzRequests() {}

  static String query(@Nullable String query, List<QueryMutation> mutations, Random random) {
    List<String> pairs = new ArrayList<>();
    if (query != null) {
      pairs.addAll(List.of(query.split("&")));
    }
    for (QueryMutation mutation : mutations) {
      switch (mutation) {
        case REPEAT ->
            pairs.add(pairs.isEmpty() ? "limit=1" : pairs.get(random.nextInt(pairs.size())));
        case BAD_PERCENT ->
            pairs.add(
                pick(NAMES, random)
                    + "="
                    + pick(new String[] {"%", "%z", "%G0", "%C3", "%ED%A0%80", "a%"}, random));
        case HUGE_VALUE ->
            pairs.add(pick(NAMES, random) + "=" + "v".repeat(1000 + random.nextInt(80_000)));
        case UNKNOWN_OPERATOR ->
            pairs.add(pick(OPERATORS, random) + "-" + pick(FIELDS, random) + "=x");
        case HOSTILE_NUMBER ->
            pairs.add(
                pick(
                        new String[] {"limit", "offset", "eq-diameter", "lt-price", "btw-diameter"},
                        random)
                    + "="
                    + FuzzBodies.NUMBERS[random.nextInt(FuzzBodies.NUMBERS.length)]);
        case JUNK_VALUE ->
            pairs.add(
                pick(NAMES, random)
                    + "="
                    + pick(
                        new String[] {"", "-", ",,,", "*keys", "yes", "-1", "x,y,z", "%2C"},
                        random));
        case EMPTY_PAIRS -> pairs.add(pick(new String[] {"", "=", "==", "&", "=x"}, random));
      }
    }
    return pairs.isEmpty() ? "" : "?" + String.join("&", pairs);
  }

  /** The method, path and content type after a target mutation. */
  record Target(String method, String path, @Nullable String contentType) {}

  static Target target(Base base, TargetMutation mutation, Random random) {
    String type = base.body() == null ? null : "application/json";
    return switch (mutation) {
      case NONE -> new Target(base.method(), base.path(), type);
      case HOSTILE_KEY ->
          new Target(
              base.method(),
              "/" + pick(KEYS, random) + (random.nextBoolean() ? "" : "/-clone"),
              type);
      case UNKNOWN_METHOD ->
          new Target(
              base.method(),
              pick(new String[] {"/-zzz", "/Hoth/-zzz", "/-", "/Hoth/-"}, random),
              type);
      case EXTRA_SEGMENTS -> new Target(base.method(), base.path() + "/a/b", type);
      case OTHER_METHOD -> new Target(pick(METHODS, random), base.path(), "application/json");
      case OTHER_CONTENT_TYPE -> new Target(base.method(), base.path(), pick(TYPES, random));
    };
  }

  private static String pick(String[] values, Random random) {
    return values[random.nextInt(values.length)];
  }
}
