package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Finding.Severity;
import dev.dynakit.advisor.internal.Design.KeyCondition;
import dev.dynakit.advisor.internal.Design.Pattern;
import java.util.List;

/**
 * The sort-key rules: a sort key no access pattern uses ({@code sk-unused}) and a range condition
 * on a target without a sort key there ({@code range-without-sk}).
 */
final class SortKeyRules {
  static final String UNUSED = "sk-unused";
  static final String RANGE_WITHOUT = "range-without-sk";

  private SortKeyRules() {}

  static void check(LintContext c) {
    Design d = c.design();
    trafficRanges(c);
    String sortKey = d.sortKey();
    if (sortKey != null) {
      boolean hierarchyOfOne = !d.singleTable() && d.entities().get(0).keys().get(sortKey) == null;
      List<Pattern> onTable = d.patterns().stream().filter(p -> p.index() == null).toList();
      // a pattern naming the partition key alone reads the whole item collection in sort-key
      // order: that is a use as much as a condition on the sort key is
      boolean used =
          onTable.stream().anyMatch(p -> p.on(sortKey).map(KeyCondition::range).orElse(true));
      if (hierarchyOfOne || (!onTable.isEmpty() && !used)) {
        c.add(
            UNUSED,
            Severity.WARNING,
            "sort key " + sortKey,
            hierarchyOfOne
                ? "the hierarchy has one level, so the sort key holds nothing the partition key"
                    + " does not already say"
                : "every access pattern on the table names the full key, so nothing reads a range"
                    + " or an ordered collection",
            "drop the sort key (a pure key-value table), or add the access pattern it serves");
      }
    }
    for (Pattern p : d.patterns()) {
      List<String> sort = d.sortKeyOf(p.index());
      for (KeyCondition condition : p.key()) {
        if (condition.range() && !sort.contains(condition.attribute())) {
          c.add(
              RANGE_WITHOUT,
              Severity.ERROR,
              "access pattern " + p.name(),
              "it asks "
                  + condition.op()
                  + " on "
                  + condition.attribute()
                  + ", which is not a"
                  + " sort key of "
                  + (p.index() == null ? "the table" : p.index())
                  + ", so only a Scan with a filter can answer it",
              "make "
                  + condition.attribute()
                  + " the sort key of the table or of an index the"
                  + " pattern reads");
        }
      }
    }
  }

  /** A traffic pattern's range must fall on a field behind its target's sort key. */
  private static void trafficRanges(LintContext c) {
    Traffic traffic = c.traffic();
    if (traffic == null) {
      return;
    }
    Design d = c.design();
    for (Traffic.TrafficPattern p : traffic.patterns()) {
      if (p.range() == null) {
        continue;
      }
      java.util.Set<String> sorted = new java.util.LinkedHashSet<>();
      for (String attribute : d.sortKeyOf(p.index())) {
        sorted.add(attribute);
        sorted.addAll(d.fieldsBehind(attribute));
      }
      if (!sorted.contains(p.range())) {
        c.add(
            RANGE_WITHOUT,
            Severity.ERROR,
            "access pattern " + p.name(),
            "it selects a range of "
                + p.range()
                + ", which is not behind a sort key of "
                + (p.index() == null ? "the table" : p.index())
                + ", so only a filter over everything read can answer it",
            "make "
                + p.range()
                + " (part of) the sort key of the table or of an index the"
                + " pattern reads");
      }
    }
  }
}
