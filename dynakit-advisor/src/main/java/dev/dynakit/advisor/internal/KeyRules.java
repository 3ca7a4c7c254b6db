package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Finding.Severity;
import dev.dynakit.advisor.Simulation;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The partition-key rules: low cardinality ({@code pk-low-cardinality}), monotonic values ({@code
 * pk-monotonic}) and the constant-key pattern outside its honest range ({@code constant-key}).
 */
final class KeyRules {
  static final String LOW_CARDINALITY = "pk-low-cardinality";
  static final String MONOTONIC = "pk-monotonic";
  static final String CONSTANT = "constant-key";

  private static final double FEW_VALUES = 100;
  private static final Pattern LOW_NAMES =
      Pattern.compile(
          "_?(status|type|kind|tier|category|level|flag|enabled|active|deleted)"
              + "|.*[a-z0-9](Status|Type|Kind|Tier|Category)|(is|has)[A-Z].*");
  private static final Pattern TIME_NAMES =
      Pattern.compile(
          ".*[a-z0-9](At|Date|Day|Time|Timestamp|Month|Hour|Seq|Sequence|Counter)"
              + "|_?(date|day|today|timestamp|time|month|hour|seq|sequence|counter)");
  private static final Set<String> TIME_TYPES =
      Set.of(
          "dateIso",
          "dateEpoch",
          "instantIso",
          "instantEpochMillis",
          "instantEpochSeconds",
          "localDateIso");

  private KeyRules() {}

  static void check(LintContext c) {
    for (String[] key : c.partitionKeys()) {
      String owner = key[0];
      String attribute = key[1];
      boolean table = owner.equals("table");
      Set<String> fields = c.fieldsBehind(attribute);
      String subject =
          table ? "partition key " + attribute : "index " + owner + " key " + attribute;
      if (constant(c, attribute, fields)) {
        constantKey(c, owner, subject, table || !c.conditional(attribute));
        continue;
      }
      if (c.conditional(attribute) || sparse(c, owner)) {
        continue; // a sparse index on a few values is a queue, the guide's own pattern
      }
      if (fields.stream().allMatch(f -> fewValues(c, f))) {
        c.add(
            LOW_CARDINALITY,
            table ? Severity.ERROR : Severity.INFO,
            subject,
            "its values ("
                + String.join(", ", fields)
                + ") are few, so each value's partition "
                + (table
                    ? "holds a large share of the table and caps it at 1000 writes/s per value"
                    : "receives every copied write of its items, 1000 writes/s per value at most"),
            table
                ? "key the table on a high-cardinality id (user, tenant, order) and list by "
                    + fields.iterator().next()
                    + " through a GSI"
                : "fine below 1000 writes/s per value; past that, shard the index key "
                    + "(STATUS#{status}#{n}) or make the index sparse");
      } else if (fields.stream().allMatch(f -> monotonic(c, f))) {
        c.add(
            MONOTONIC,
            table ? Severity.ERROR : Severity.WARNING,
            subject,
            "its value follows time ("
                + String.join(", ", fields)
                + "), so every new write lands on the same partition",
            "put time in the sort key and key the partition on an id; for time series, an id "
                + "plus a date bucket (device42#2026-04)");
      }
    }
  }

  private static boolean constant(LintContext c, String attribute, Set<String> fields) {
    if (fields.isEmpty()) {
      return true;
    }
    Traffic traffic = c.traffic();
    return traffic != null
        && fields.stream()
            .allMatch(
                f ->
                    traffic.fields().containsKey(f)
                        && traffic.distribution(f).keys() == 1
                        && !(traffic.distribution(f) instanceof KeyDistribution.TimeBucket));
  }

  private static boolean sparse(LintContext c, String owner) {
    return c.design().index(owner).map(i -> i.sparse() != Design.Sparseness.NONE).orElse(false);
  }

  /** A constant key is honest below the ceilings; outside them it fails with nothing to shard. */
  private static void constantKey(LintContext c, String owner, String subject, boolean wide) {
    Simulation simulation = c.simulation();
    String honest = "below 10 GB, 1000 writes/s and 3000 strongly consistent reads/s";
    if (simulation == null) {
      c.add(
          CONSTANT,
          Severity.INFO,
          subject,
          "every item "
              + (wide ? "" : "listed ")
              + "shares one partition-key value, which is"
              + " honest only "
              + honest,
          "give a traffic model (lint --traffic) to check its load; past the ceilings, put the"
              + " global order on a GSI keyed by a few shard values");
      return;
    }
    double worst = 0;
    for (Simulation.Load load : simulation.loads()) {
      if (load.target().equals(owner) && load.distribution().contains("constant")) {
        worst = Math.max(worst, load.ceilingShare());
      }
    }
    double largest = simulation.storage().get(simulation.storage().size() - 1).bytes();
    boolean tooBig = owner.equals("table") && largest > 10.0 * (1L << 30);
    if (worst > 1 || tooBig) {
      c.add(
          CONSTANT,
          Severity.ERROR,
          subject,
          "the constant key takes "
              + String.format(Locale.ROOT, "%.0f %%", worst * 100)
              + " of its partition's ceiling"
              + (tooBig ? " and grows past 10 GB" : "")
              + ", outside the honest range ("
              + honest
              + ")",
          "put the global order on a GSI whose partition key is a small set of shard values and"
              + " whose sort key is the ordering field");
    }
  }

  static boolean fewValues(LintContext c, String field) {
    Traffic traffic = c.traffic();
    if (traffic != null && traffic.fields().containsKey(field)) {
      KeyDistribution d = traffic.distribution(field);
      return !(d instanceof KeyDistribution.TimeBucket) && d.keys() < FEW_VALUES;
    }
    String type = c.design().typeOf(field);
    return "boolean".equals(type)
        || LOW_NAMES.matcher(field).matches()
        || field.equals(c.design().technicalFields().get("typeField"));
  }

  static boolean monotonic(LintContext c, String field) {
    Traffic traffic = c.traffic();
    if (traffic != null && traffic.fields().containsKey(field)) {
      return traffic.distribution(field) instanceof KeyDistribution.TimeBucket;
    }
    String type = c.design().typeOf(field);
    return (type != null && TIME_TYPES.contains(type)) || TIME_NAMES.matcher(field).matches();
  }
}
