package dev.dynakit.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

class AdapterOverheadMainTest {
  private static Result<?> score(double value) {
    return new ScalarResult("score", value, "us/op", AggregationPolicy.AVG);
  }

  @Test
  void table_givesEachPairItsRatio_andTheVerdictOnTheMean() {
    String table =
        AdapterOverheadMain.table(
            Map.of(
                "adapterGetByKey", score(26.0),
                "sdkGetItem", score(25.0),
                "adapterPut", score(30.0),
                "sdkPutItem", score(25.0)),
            Map.of(
                "adapterGetByKey", 25.5,
                "sdkGetItem", 25.0,
                "adapterPut", 27.0,
                "sdkPutItem", 25.0),
            Map.of());
    List<String> rows = table.lines().toList();
    assertThat(rows).hasSize(4);
    assertThat(rows.get(2))
        .startsWith(
            "| getByKey / GetItem | 26.00 | 25.00 | 1.040x | met | 25.50 / 25.00 | 1.020x |");
    assertThat(rows.get(3)).contains("| 1.200x | **missed** |", "| 1.080x |");
  }

  @Test
  void table_withAllocation_addsItsColumns() {
    String table =
        AdapterOverheadMain.table(
            Map.of("adapterGetByKey", score(2), "sdkGetItem", score(1)),
            Map.of(),
            Map.of("adapterGetByKey", score(66920), "sdkGetItem", score(63752)));
    assertThat(table.lines().toList().get(2)).endsWith("| 66,920 | 63,752 |");
    assertThat(table.lines().toList().get(3)).startsWith("| put / PutItem | not measured");
  }
}
