package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Analysis;
import dev.dynakit.advisor.Finding;
import dev.dynakit.advisor.Simulation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The report as JSON: the findings, then the simulation and the analysis as they are. */
public final class JsonReport {
  private JsonReport() {}

  /** The report's JSON text. */
  public static String write(
      String table,
      List<Finding> findings,
      @Nullable Simulation simulation,
      @Nullable Analysis analysis) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("table", table);
    root.put("findings", findings);
    if (simulation != null) {
      root.put("simulation", simulation);
    }
    if (analysis != null) {
      root.put("analysis", analysis);
    }
    return Json.write(root) + "\n";
  }
}
