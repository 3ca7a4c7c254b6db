package dev.dynakit.advisor.internal;

import dev.dynakit.advisor.Finding.Severity;
import java.util.Map;
import java.util.Set;

/**
 * The field rules: technical fields outside the technical prefix ({@code technical-unprefixed}) and
 * a TTL field that is not epoch seconds ({@code ttl-not-epoch}).
 */
final class FieldRules {
  static final String UNPREFIXED = "technical-unprefixed";
  static final String TTL = "ttl-not-epoch";
  private static final Set<String> EPOCH_SECONDS = Set.of("number", "instantEpochSeconds");

  private FieldRules() {}

  static void check(LintContext c) {
    Design d = c.design();
    String prefix = d.technicalPrefix();
    Map<String, String> technical = d.technicalFields();
    if (prefix == null && !technical.isEmpty()) {
      c.add(
          UNPREFIXED,
          Severity.WARNING,
          "table " + d.table(),
          "it has technical fields ("
              + String.join(", ", technical.values())
              + ") but no"
              + " technical prefix, so user input can write them and reads return them",
          "declare \"technicalPrefix\": \"_\" and name the technical fields under it");
    } else if (prefix != null) {
      technical.forEach(
          (role, field) -> {
            if (!field.startsWith(prefix)) {
              c.add(
                  UNPREFIXED,
                  Severity.WARNING,
                  role + " " + field,
                  "the toolkit maintains it, yet it lies outside the technical prefix '"
                      + prefix
                      + "', so user input may overwrite it",
                  "rename it " + prefix + field);
            }
          });
    }
    String ttl = d.ttlField();
    if (ttl != null) {
      String type = d.typeOf(ttl);
      if (type != null && !EPOCH_SECONDS.contains(type)) {
        c.add(
            TTL,
            Severity.ERROR,
            "ttlField " + ttl,
            "DynamoDB expires an item only when its TTL attribute is a number of epoch seconds;"
                + " a "
                + type
                + " value never expires",
            "store it as a number of seconds since the epoch (codec instantEpochSeconds)");
      }
    }
  }
}
