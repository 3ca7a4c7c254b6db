package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Finding;
import dev.dynakit.advisor.Finding.Severity;
import dev.dynakit.advisor.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the rules read: the design, and when a traffic model was given, the model and its
 * simulation; the rules add their findings here.
 */
final class LintContext {
  private final Design design;
  private final @Nullable Traffic traffic;
  private final @Nullable Simulation simulation;
  private final List<Finding> findings = new ArrayList<>();

  LintContext(Design design, @Nullable Traffic traffic, @Nullable Simulation simulation) {
    this.design = design;
    this.traffic = traffic;
    this.simulation = simulation;
  }

  Design design() {
    return design;
  }

  @Nullable Traffic traffic() {
    return traffic;
  }

  @Nullable Simulation simulation() {
    return simulation;
  }

  void add(String rule, Severity severity, String subject, String reason, String fix) {
    findings.add(new Finding(rule, severity, subject, reason, fix));
  }

  List<Finding> findings() {
    return findings;
  }

  /** The partition-key attributes of the table and of each GSI, with their owner's name. */
  List<String[]> partitionKeys() {
    List<String[]> keys = new ArrayList<>();
    keys.add(new String[] {"table", design.partitionKey()});
    for (Design.Index index : design.indices()) {
      if (index.global()) {
        for (String attribute : index.partitionKey()) {
          keys.add(new String[] {index.name(), attribute});
        }
      }
    }
    return keys;
  }

  /** The fields behind {@code attribute}, as the traffic model or the declaration names them. */
  Set<String> fieldsBehind(String attribute) {
    return design.fieldsBehind(attribute);
  }

  /** Whether every entity's template for {@code attribute} is conditional: a sparse key. */
  boolean conditional(String attribute) {
    boolean any = false;
    for (Design.Entity entity : design.entities()) {
      Design.KeyTemplate template = entity.keys().get(attribute);
      if (template != null) {
        if (!template.conditional()) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  /** The traffic's average item size, or 1 KB without a model. */
  double itemBytes() {
    return traffic == null ? 1024 : traffic.itemBytes();
  }
}
