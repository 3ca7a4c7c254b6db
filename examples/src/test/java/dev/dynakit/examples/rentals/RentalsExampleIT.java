package dev.dynakit.examples.rentals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.adapter.Adapter;
import dev.dynakit.embedded.DynakitClients;
import dev.dynakit.engine.DynakitEngine;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The whole example against an in-process engine, once; each test checks the printed result of one
 * group of patterns against what the generated data says it must be.
 */
class RentalsExampleIT {
  static DynakitEngine engine;
  static DynamoDbClient client;
  static RentalsExample example;
  static String output;
  static int patterns;

  static final RentalData DATA = RentalData.generate();
  static final ItemText TEXT = new ItemText(RentalsExample.spec());

  @BeforeAll
  static void runTheExample() {
    engine = DynakitEngine.inMemory();
    client = DynakitClients.inProcess(engine);
    StringWriter out = new StringWriter();
    example = RentalsExample.builder(client).out(new PrintWriter(out, true)).build();
    patterns = example.run();
    output = out.toString();
  }

  @AfterAll
  static void close() {
    client.close();
    engine.close();
  }

  /** The lines of pattern {@code n}: its title, calls and results. */
  static List<String> pattern(int n) {
    List<String> lines = output.lines().collect(Collectors.toList());
    int start =
        lines.indexOf(lines.stream().filter(l -> l.startsWith(n + ". ")).findFirst().orElseThrow());
    List<String> block = new ArrayList<>();
    for (int i = start; i < lines.size() && !lines.get(i).isEmpty(); i++) {
      block.add(lines.get(i));
    }
    return block;
  }

  static List<Map<String, Object>> rentals(java.util.function.Predicate<Map<String, Object>> test) {
    return DATA.rentals().stream().filter(test).collect(Collectors.toList());
  }

  static Map<String, Object> stored(Map<String, Object> rental, long version) {
    Map<String, Object> item = new LinkedHashMap<>(rental);
    item.put("kind", "rental");
    item.put("_v", version);
    return item;
  }

  static String brief(Map<String, Object> item, String... fields) {
    return "        " + TEXT.brief(item, fields);
  }

  @Test
  void provisionsThenLoads_withAProgressBar() {
    assertThat(output)
        .contains(
            "Provisioning car-rentals from its declaration:",
            "  + create table car-rentals: key state:S HASH, _sk:S RANGE",
            "GSI byStatus (status:S HASH, state:S RANGE, city:S RANGE, pickupAt:S RANGE; KEYS_ONLY)",
            "  + enable TTL on _expiresAt",
            "Loading 3 states, 8 cities and 300 rentals with rentals.post(item):",
            "  items [##############################] 311/311");
    assertThat(output).doesNotContain("\r");
    assertThat(patterns).isEqualTo(14);
    assertThat(output).contains("Done: 14 access patterns on 311 items");
  }

  @Test
  void getOne_printsTheStoredItem() {
    Map<String, Object> first = DATA.rentalsIn("TX", "Dallas").get(0);
    assertThat(pattern(1))
        .containsExactly(
            "1. Get one rental by its key",
            "   rentals.getByKey(" + TEXT.key(first) + ")",
            "   -> " + TEXT.full(stored(first, 1)));
  }

  @Test
  void subtrees_listChildren_andSelfAndChildren() {
    assertThat(pattern(2))
        .containsSubsequence(
            "   -> 3 in all, this page:",
            "        TX|Austin {airport: \"AUS\"}",
            "        TX|Dallas {airport: \"DFW\"}",
            "        TX|Houston {airport: \"IAH\"}")
        .hasSize(6);
    List<Map<String, Object>> dallas = DATA.rentalsIn("TX", "Dallas");
    List<String> expected = new ArrayList<>();
    expected.add("   -> " + dallas.size() + " in all, this page:");
    for (Map<String, Object> rental : dallas.subList(0, 5)) {
      expected.add(brief(rental, "status", "pickupAt", "model"));
    }
    assertThat(pattern(3)).endsWith(expected.toArray(String[]::new));
    List<Map<String, Object>> austin = DATA.rentalsIn("TX", "Austin");
    assertThat(pattern(4))
        .contains(
            "   -> " + (austin.size() + 1) + " in all, this page:",
            "        TX|Austin {kind: \"city\", airport: \"AUS\"}",
            "        TX|Austin|"
                + austin.get(0).get("rental")
                + " {kind: \"rental\", status: \""
                + austin.get(0).get("status")
                + "\"}");
  }

  @Test
  void typeLabels_followTheDepth() {
    assertThat(pattern(5))
        .containsSubsequence(
            "   rentals.typeOf({state: \"TX\"})",
            "   -> \"state\"",
            "   -> \"city\"",
            "   -> \"rental\"");
  }

  @Test
  void indices_sortAndProject() {
    List<Map<String, Object>> available =
        rentals(r -> r.get("city").equals("Dallas") && r.get("status").equals("available"));
    available.sort(Comparator.comparing(r -> (String) r.get("pickupAt")));
    List<String> gsi = pattern(6);
    assertThat(gsi).contains("   -> " + available.size() + " in all, this page:");
    assertThat(gsi.subList(gsi.size() - 5, gsi.size()))
        .containsExactly(
            available.subList(0, 5).stream()
                .map(r -> brief(r, "pickupAt", "status", "model"))
                .toArray(String[]::new));

    List<Map<String, Object>> california = rentals(r -> r.get("state").equals("CA"));
    String latest =
        california.stream()
            .map(r -> (String) r.get("pickupAt"))
            .max(String::compareTo)
            .orElseThrow();
    assertThat(pattern(7)).contains("   -> " + california.size() + " in all, this page:");
    assertThat(pattern(7).get(3)).contains("pickupAt: \"" + latest + "\"");

    Object vin = DATA.rentalsIn("TX", "Dallas").get(0).get("vin");
    List<Map<String, Object>> history = rentals(r -> r.get("vin").equals(vin));
    assertThat(pattern(8)).contains("   -> " + history.size() + " in all, this page:");
    assertThat(pattern(8).get(3))
        .matches("        TX\\|Dallas\\|r\\d{4} \\{pickupAt: .*, model: .*, status: .*}");
  }

  @Test
  void filteredPage_skipsTheOffset_andCountsEveryMatch() {
    List<Map<String, Object>> toyotas =
        rentals(
            r ->
                r.get("state").equals("CA")
                    && r.get("make").equals("Toyota")
                    && (Integer) r.get("dailyRate") < 60);
    toyotas.sort(Comparator.comparing(r -> TEXT.brief(r)));
    List<String> expected = new ArrayList<>();
    expected.add("   -> " + toyotas.size() + " in all, this page:");
    for (Map<String, Object> rental : toyotas.subList(3, 6)) {
      expected.add(brief(rental, "make", "model", "dailyRate"));
    }
    assertThat(pattern(9)).endsWith(expected.toArray(String[]::new));
  }

  @Test
  void search_countsTheMatchesInEverySearchableField() {
    long matches =
        rentals(
                r ->
                    String.valueOf(r.get("customer")).toLowerCase(Locale.ROOT).contains("garcia")
                        || String.valueOf(r.get("model"))
                            .toLowerCase(Locale.ROOT)
                            .contains("garcia"))
            .size();
    assertThat(matches).isPositive();
    assertThat(pattern(10)).contains("   -> " + matches + " in all, this page:").hasSize(6);
  }

  @Test
  void cursorPaging_visitsEveryRentalOnce() {
    List<String> pages = pattern(11).subList(2, pattern(11).size());
    List<String> seen = new ArrayList<>();
    for (String page : pages) {
      String ids =
          page.replaceFirst("^   -> page \\d+: \\d+ items? ", "").replaceAll("[;(].*$", "");
      seen.addAll(List.of(ids.trim().split(" ")));
    }
    List<String> houston =
        DATA.rentalsIn("TX", "Houston").stream()
            .map(r -> (String) r.get("rental"))
            .collect(Collectors.toList());
    assertThat(seen).isEqualTo(houston);
    assertThat(pages).hasSize((houston.size() + 9) / 10);
    assertThat(pages.get(pages.size() - 1)).endsWith("(last page)");
    assertThat(pages.get(0)).contains("; next cursor \"");
  }

  @Test
  void writes_conflictOnAStaleVersion_thenPatch_thenDelete() {
    Map<String, Object> first = DATA.rentalsIn("TX", "Dallas").get(0);
    Map<String, Object> target = DATA.firstIn("TX", "Dallas", "available", first);
    String key = "{state=TX, city=Dallas, rental=" + target.get("rental") + "}";
    assertThat(pattern(12))
        .contains(
            "   -> VersionConflictException: version conflict on "
                + key
                + ": expected version 1, found version 2")
        .last()
        .asString()
        .endsWith("{status: \"booked\", customer: \"Alice Example\", _v: 2}");

    Map<String, Object> patched = stored(target, 3);
    patched.put("status", "active");
    patched.put("odometer", 18250);
    patched.put("days", (Integer) target.get("days") + 2);
    assertThat(pattern(13)).last().isEqualTo("   -> " + TEXT.full(patched));

    assertThat(pattern(14)).last().isEqualTo("   -> Optional.empty: no item");
    Adapter adapter = example.adapter();
    assertThat(
            adapter.getByKey(
                Stage.map("state", "TX", "city", "Dallas", "rental", target.get("rental"))))
        .isEmpty();
    assertThat(adapter.getByKey(example.sampleKey()).orElseThrow())
        .containsEntry("_v", BigDecimal.ONE)
        .containsEntry("rental", first.get("rental"));
  }
}
