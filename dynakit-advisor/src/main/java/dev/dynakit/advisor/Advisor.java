package dev.dynakit.advisor;

import dev.dynakit.advisor.internal.AnalysisRules;
import dev.dynakit.advisor.internal.Design;
import dev.dynakit.advisor.internal.DesignReader;
import dev.dynakit.advisor.internal.Json;
import dev.dynakit.advisor.internal.Linter;
import dev.dynakit.advisor.internal.ReadBudget;
import dev.dynakit.advisor.internal.Simulator;
import dev.dynakit.advisor.internal.TableAnalyzer;
import dev.dynakit.advisor.internal.Traffic;
import dev.dynakit.advisor.internal.TrafficReader;
import dev.dynakit.core.DeclarationException;
import dev.dynakit.core.schema.TableSpec;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The key-design advisor for one declaration: {@link #lint()} checks it against the key-design
 * rules, {@link #simulate()} predicts a traffic model's load and cost on it. A traffic model also
 * carries the hints some rules read ({@code "hot": true} on a field or pattern), since declaration
 * files admit no options beyond the toolkit's.
 *
 * <pre>{@code
 * Report report = Advisor.of(Path.of("shop.json")).traffic(Path.of("traffic.json")).simulate();
 * System.out.print(report.text());
 * }</pre>
 */
public final class Advisor {
  private static final int SCAN_SEGMENTS = 4;
  private final Design design;
  private @Nullable Traffic traffic;
  private final Set<String> ignored = new LinkedHashSet<>();
  private final Map<String, Integer> shards = new LinkedHashMap<>();

  private Advisor(Design design) {
    this.design = design;
  }

  /** The advisor for the declaration file at {@code spec}. */
  public static Advisor of(Path spec) {
    return of(read(spec), spec.toString());
  }

  /**
   * The advisor for a declaration's JSON text; {@code source} names it in errors. The declaration
   * must be one {@code TableSpec.fromJson} accepts.
   */
  public static Advisor of(String json, String source) {
    try {
      TableSpec.fromJson(json);
    } catch (DeclarationException e) {
      throw new AdvisorException(source + ": " + e.getMessage(), e);
    }
    return new Advisor(DesignReader.read(Json.object(json, source)));
  }

  /** Every rule's stable id with what it checks, by id. */
  public static Map<String, String> rules() {
    return new java.util.TreeMap<>(Linter.RULES);
  }

  /** Reads the traffic model at {@code file}. */
  public Advisor traffic(Path file) {
    return traffic(read(file), file.toString());
  }

  /** Reads the traffic model in {@code json}; {@code source} names it in errors. */
  public Advisor traffic(String json, String source) {
    this.traffic = TrafficReader.read(json, source);
    return this;
  }

  /** Silences the rules with these ids; an unknown id is refused, naming the known ones. */
  public Advisor ignore(Collection<String> ids) {
    for (String id : ids) {
      if (!Linter.RULES.containsKey(id)) {
        throw new AdvisorException(
            "unknown rule '" + id + "'; the rules are " + new TreeSet<>(Linter.RULES.keySet()));
      }
    }
    ignored.addAll(ids);
    return this;
  }

  /** Simulates the traffic pattern {@code pattern} with its key spread {@code ways} ways. */
  public Advisor shard(String pattern, int ways) {
    if (ways < 1) {
      throw new AdvisorException("a key is sharded at least 1 way, got " + ways);
    }
    shards.put(pattern, ways);
    return this;
  }

  /** The findings of every rule; with a traffic model, its load rules' too. */
  public Report lint() {
    Traffic model = effectiveTraffic();
    Simulation simulation = model == null ? null : Simulator.run(design, model);
    return new Report(design.table(), Linter.lint(design, model, simulation, ignored), null, null);
  }

  /** The findings and the traffic model's simulation; needs a traffic model. */
  public Report simulate() {
    Traffic model = effectiveTraffic();
    if (model == null) {
      throw new AdvisorException("simulate needs a traffic model");
    }
    Simulation simulation = Simulator.run(design, model);
    return new Report(
        design.table(), Linter.lint(design, model, simulation, ignored), simulation, null);
  }

  /**
   * Reads the declared table through {@code client} at most {@code maxReadUnitsPerSecond} read
   * units per second (a parallel Scan), and the hottest keys from {@code endpoint} when it is a
   * Dynakit engine (null: none asked); the findings include the declaration's.
   */
  public Report analyze(
      DynamoDbClient client, @Nullable URI endpoint, double maxReadUnitsPerSecond) {
    if (!(maxReadUnitsPerSecond > 0)) {
      throw new AdvisorException("the read rate must be above 0 units per second");
    }
    Traffic model = effectiveTraffic();
    Simulation simulation = model == null ? null : Simulator.run(design, model);
    Analysis analysis =
        TableAnalyzer.run(
            client, design, ReadBudget.of(maxReadUnitsPerSecond), SCAN_SEGMENTS, endpoint);
    List<Finding> findings = new ArrayList<>(Linter.lint(design, model, simulation, ignored));
    AnalysisRules.check(design, analysis).stream()
        .filter(f -> !ignored.contains(f.rule()))
        .forEach(findings::add);
    return new Report(design.table(), findings, null, analysis);
  }

  private @Nullable Traffic effectiveTraffic() {
    if (traffic == null || shards.isEmpty()) {
      return traffic;
    }
    List<Traffic.TrafficPattern> patterns = new ArrayList<>();
    for (String name : shards.keySet()) {
      if (traffic.patterns().stream().noneMatch(p -> p.name().equals(name))) {
        throw new AdvisorException("no traffic pattern named " + name + " to shard");
      }
    }
    for (Traffic.TrafficPattern p : traffic.patterns()) {
      Integer ways = shards.get(p.name());
      patterns.add(ways == null ? p : p.sharded(ways));
    }
    return new Traffic(
        traffic.table(),
        traffic.fields(),
        traffic.hotFields(),
        patterns,
        traffic.retentionDays(),
        traffic.targetUtilization(),
        traffic.prices());
  }

  String table() {
    return design.table();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AdvisorException(file + ": cannot read: " + e.getMessage(), e);
    }
  }
}
