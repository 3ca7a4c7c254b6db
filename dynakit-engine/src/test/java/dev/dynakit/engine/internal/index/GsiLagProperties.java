package dev.dynakit.engine.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.DynakitEngine;
import dev.dynakit.engine.JsonCalls;
import dev.dynakit.engine.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * Random puts, updates and deletes of a few items, random clock moves and random GSI queries, with
 * GSI lag on, against a model of each item's writes: the index shows, for each item, the item as of
 * one of its writes whose delay may have passed, at least as of every write whose longest delay has
 * passed, and never an older write than it showed before. With a fixed delay that is exactly the
 * latest write whose delay has passed. Every write's value is unique, so a shown entry names the
 * write it comes from.
 */
class GsiLagProperties {
  private static final List<String> ITEMS = List.of("a", "b", "c");
  private static final List<String> GS = List.of("x", "y");

  /** One step: a write ({@code kind} put, update or delete), a clock move, or a query. */
  record Step(String kind, String pk, String g, int millis) {}

  /** The item after one write (null g: not in the index; deleted: no item). */
  record State(boolean deleted, String g, int v, long at) {}

  @Provide
  Arbitrary<List<Step>> steps() {
    Arbitrary<Step> write =
        Combinators.combine(
                Arbitraries.of("put", "update", "delete"),
                Arbitraries.of(ITEMS),
                Arbitraries.of("x", "y", "-"))
            .as((kind, pk, g) -> new Step(kind, pk, g, 0));
    Arbitrary<Step> advance =
        Arbitraries.integers().between(0, 900).map(ms -> new Step("advance", "", "", ms));
    Arbitrary<Step> query = Arbitraries.of(GS).map(g -> new Step("query", "", g, 0));
    return Arbitraries.frequencyOf(Tuple.of(4, write), Tuple.of(3, advance), Tuple.of(3, query))
        .list()
        .ofMaxSize(80);
  }

  @Property(tries = 150)
  void theIndexShowsEachItemAsOfAVisibleWrite_neverOutOfOrder(
      @ForAll("steps") List<Step> steps,
      @ForAll @IntRange(min = 1, max = 500) int minLag,
      @ForAll @IntRange(min = 0, max = 500) int spread,
      @ForAll boolean fixed) {
    int maxLag = fixed ? minLag : minLag + spread;
    ManualClock clock = new ManualClock(Instant.parse("2026-01-01T00:00:00Z"));
    try (DynakitEngine engine =
        DynakitEngine.builder()
            .clock(clock)
            .gsiLag(Duration.ofMillis(minLag), Duration.ofMillis(maxLag))
            .build()) {
      new Run(new JsonCalls(engine), clock, minLag, maxLag).steps(steps);
    }
  }

  /** One run: the engine, the clock and the model of every item's writes. */
  private static final class Run {
    private final JsonCalls calls;
    private final ManualClock clock;
    private final long minLag;
    private final long maxLag;
    private final long start;
    private final Map<String, List<State>> writes = new HashMap<>();
    private final Map<String, Integer> lastShown = new HashMap<>();
    private int nextV;

    Run(JsonCalls calls, ManualClock clock, long minLag, long maxLag) {
      this.calls = calls;
      this.clock = clock;
      this.minLag = minLag;
      this.maxLag = maxLag;
      this.start = clock.millis();
      calls.createTableWithIndex("tab");
      for (String pk : ITEMS) {
        writes.put(pk, new ArrayList<>());
        lastShown.put(pk, -1);
      }
    }

    void steps(List<Step> steps) {
      for (Step s : steps) {
        switch (s.kind()) {
          case "advance" -> clock.advance(Duration.ofMillis(s.millis()));
          case "query" -> check(s.g());
          default -> write(s);
        }
      }
      // once the longest delay has passed, the index shows every item's latest write
      clock.advance(Duration.ofMillis(maxLag));
      for (String g : GS) {
        check(g);
      }
    }

    private long now() {
      return clock.millis() - start;
    }

    private void write(Step s) {
      int v = nextV++;
      String g = s.g().equals("-") ? null : s.g();
      String key = "{'pk':{'S':'" + s.pk() + "'}}";
      State next;
      switch (s.kind()) {
        case "put" -> {
          calls
              .call(
                  "PutItem",
                  "{'TableName':'tab','Item':{'pk':{'S':'"
                      + s.pk()
                      + "'},'v':{'N':'"
                      + v
                      + "'}"
                      + (g == null ? "" : ",'g':{'S':'" + g + "'}")
                      + "}}")
              .ok();
          next = new State(false, g, v, now());
        }
        case "update" -> {
          // sets v; sets g, or removes it
          calls
              .call(
                  "UpdateItem",
                  "{'TableName':'tab','Key':"
                      + key
                      + ",'UpdateExpression':'"
                      + (g == null ? "SET v = :v REMOVE g" : "SET v = :v, g = :g")
                      + "','ExpressionAttributeValues':{':v':{'N':'"
                      + v
                      + "'}"
                      + (g == null ? "" : ",':g':{'S':'" + g + "'}")
                      + "}}")
              .ok();
          next = new State(false, g, v, now());
        }
        default -> {
          calls.call("DeleteItem", "{'TableName':'tab','Key':" + key + "}").ok();
          next = new State(true, null, v, now());
        }
      }
      writes.get(s.pk()).add(next);
    }

    /** Queries the index for {@code g} and checks every item against its writes. */
    private void check(String g) {
      Map<String, Integer> shown = query(g);
      long now = now();
      for (String pk : ITEMS) {
        List<State> w = writes.get(pk);
        // writes[0..surely] have surely become visible, writes[0..maybe] may have
        int surely = -1;
        int maybe = -1;
        for (int j = 0; j < w.size(); j++) {
          if (w.get(j).at() + maxLag <= now) {
            surely = j;
          }
          if (w.get(j).at() + minLag <= now) {
            maybe = j;
          }
        }
        int from = Math.max(surely, lastShown.get(pk));
        Integer v = shown.get(pk);
        if (v != null) {
          int k = indexOfWrite(w, v);
          assertThat(k).as("%s shows write %d of %s", g, k, w).isBetween(from, maybe);
          assertThat(w.get(k).g()).isEqualTo(g);
          lastShown.put(pk, k);
        } else {
          boolean absentSomewhere = from < 0 && isAbsent(null, g);
          for (int k = Math.max(from, 0); k <= maybe && !absentSomewhere; k++) {
            absentSomewhere = isAbsent(w.get(k), g);
          }
          assertThat(absentSomewhere)
              .as("%s misses %s although writes %d..%d of %s all hold it", g, pk, from, maybe, w)
              .isTrue();
        }
      }
    }

    private static boolean isAbsent(State s, String g) {
      return s == null || s.deleted() || !g.equals(s.g());
    }

    private static int indexOfWrite(List<State> w, int v) {
      for (int j = 0; j < w.size(); j++) {
        if (w.get(j).v() == v && !w.get(j).deleted()) {
          return j;
        }
      }
      throw new AssertionError("the index shows v=" + v + ", which no write of the item wrote");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Integer> query(String g) {
      Map<String, Object> body =
          calls
              .call(
                  "Query",
                  "{'TableName':'tab','IndexName':'byG','KeyConditionExpression':'g = :g',"
                      + "'ExpressionAttributeValues':{':g':{'S':'"
                      + g
                      + "'}}}")
              .ok()
              .body();
      Map<String, Integer> out = new HashMap<>();
      Set<String> seen = new HashSet<>();
      for (Object o : (List<Object>) body.get("Items")) {
        Map<String, Map<String, Object>> item = (Map<String, Map<String, Object>>) o;
        String pk = (String) item.get("pk").get("S");
        assertThat(seen.add(pk)).as("%s shows %s twice", g, pk).isTrue();
        out.put(pk, Integer.parseInt((String) item.get("v").get("N")));
      }
      return out;
    }
  }
}
