package dev.dynakit.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.dynakit.core.provision.Difference;
import dev.dynakit.core.provision.Drift;
import dev.dynakit.core.provision.PlanStep;
import dev.dynakit.core.provision.ProvisioningPlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The {@code --json} output of the provisioning commands. */
final class ProvisionJson {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ProvisionJson() {}

  /**
   * {@code {"table", "tableExists", "steps": [{"action", "target", "description", "refused"}]}},
   * plus {@code "applied"} when {@code applied} is not null (ensure).
   */
  static String plan(ProvisioningPlan plan, @Nullable Boolean applied) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("table", plan.table());
    root.put("tableExists", plan.tableExists());
    List<Object> steps = new ArrayList<>();
    for (PlanStep step : plan.steps()) {
      Map<String, Object> shape = new LinkedHashMap<>();
      shape.put("action", step.action().name());
      shape.put("target", step.target());
      shape.put("description", step.description());
      shape.put("refused", step.refused());
      steps.add(shape);
    }
    root.put("steps", steps);
    if (applied != null) {
      root.put("applied", applied);
    }
    return write(root);
  }

  /** {@code {"table", "matches", "differences": [{"path", "severity", "expected", "actual"}]}}. */
  static String drift(Drift drift) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("table", drift.table());
    root.put("matches", drift.isEmpty());
    List<Object> differences = new ArrayList<>();
    for (Difference d : drift.differences()) {
      Map<String, Object> shape = new LinkedHashMap<>();
      shape.put("path", d.path());
      shape.put("severity", d.severity().name());
      shape.put("expected", d.expected());
      shape.put("actual", d.actual());
      differences.add(shape);
    }
    root.put("differences", differences);
    return write(root);
  }

  private static String write(Object tree) {
    try {
      return MAPPER.writeValueAsString(tree);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree of strings and lists is always writable", e);
    }
  }
}
