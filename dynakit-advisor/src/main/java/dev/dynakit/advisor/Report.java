package dev.dynakit.advisor;

import dev.dynakit.advisor.Finding.Severity;
import dev.dynakit.advisor.internal.HtmlReport;
import dev.dynakit.advisor.internal.JsonReport;
import dev.dynakit.advisor.internal.TextReport;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The advisor's one report: the findings, and the simulation or the analysis when one was run;
 * written as terminal text, JSON or a self-contained HTML page with SVG charts.
 */
public final class Report {
  private final String table;
  private final List<Finding> findings;
  private final @Nullable Simulation simulation;
  private final @Nullable Analysis analysis;

  Report(
      String table,
      List<Finding> findings,
      @Nullable Simulation simulation,
      @Nullable Analysis analysis) {
    this.table = table;
    this.findings =
        findings.stream().sorted(Comparator.comparing(Finding::severity).reversed()).toList();
    this.simulation = simulation;
    this.analysis = analysis;
  }

  /** The table the report is about. */
  public String table() {
    return table;
  }

  /** The findings, the most severe first. */
  public List<Finding> findings() {
    return findings;
  }

  /** The findings of one rule. */
  public List<Finding> findings(String rule) {
    return findings.stream().filter(f -> f.rule().equals(rule)).toList();
  }

  /** The simulation, when the report has one. */
  public Optional<Simulation> simulation() {
    return Optional.ofNullable(simulation);
  }

  /** The analysis, when the report has one. */
  public Optional<Analysis> analysis() {
    return Optional.ofNullable(analysis);
  }

  /** The highest severity found, or empty when nothing was found. */
  public Optional<Severity> highest() {
    return findings.stream().map(Finding::severity).max(Comparator.naturalOrder());
  }

  /** The exit code by the highest severity: 0 nothing worse than INFO, 1 warnings, 3 errors. */
  public int exitCode() {
    Severity worst = highest().orElse(Severity.INFO);
    return switch (worst) {
      case INFO -> 0;
      case WARNING -> 1;
      case ERROR -> 3;
    };
  }

  /** The report for a terminal. */
  public String text() {
    return TextReport.write(table, findings, simulation, analysis);
  }

  /** The report as JSON, for tools. */
  public String json() {
    return JsonReport.write(table, findings, simulation, analysis);
  }

  /** The report as one self-contained HTML page (no network), with SVG charts. */
  public String html() {
    return HtmlReport.write(table, findings, simulation, analysis);
  }
}
