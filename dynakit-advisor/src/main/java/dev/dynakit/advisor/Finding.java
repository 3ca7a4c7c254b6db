package dev.dynakit.advisor;

import java.util.Objects;

/**
 * One thing the advisor found about a design.
 *
 * @param rule the rule's stable id ({@code pk-low-cardinality}), which {@code --ignore} silences
 * @param severity how much it matters
 * @param subject what it is about: a key attribute, an index, an access pattern, a field
 * @param reason why it matters, in one sentence
 * @param fix what to change
 */
public record Finding(String rule, Severity severity, String subject, String reason, String fix) {
  /** How much a finding matters; the command's exit code follows the highest. */
  public enum Severity {
    /** Worth knowing; no change needed. */
    INFO,
    /** Likely to cost money or fail under some load. */
    WARNING,
    /** Fails on DynamoDB's ceilings or needs a Scan. */
    ERROR
  }

  /** Checks that every part is present. */
  public Finding {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(fix, "fix");
  }
}
