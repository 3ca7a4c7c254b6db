package dev.dynakit.engine.internal.metering;

import org.jspecify.annotations.Nullable;

/**
 * A table or global secondary index as the meter sees it: its identity, its ARN (named in
 * throttling reasons) and what it may consume per second.
 *
 * @param tableId the table's id: a table deleted and created again under its name starts afresh
 * @param indexName the GSI's name, null for the table itself
 * @param provisioned whether the limits are provisioned units (with burst credit) rather than an
 *     on-demand maximum
 * @param readLimit read units per second; 0 or less for none
 * @param writeLimit write units per second; 0 or less for none
 * @param createdSecond when the table or GSI was created, in epoch seconds: burst credit accrues
 *     from then
 */
public record Resource(
    String tableId,
    String tableName,
    @Nullable String indexName,
    String arn,
    boolean provisioned,
    double readLimit,
    double writeLimit,
    long createdSecond) {

  /** The limit for this access. */
  double limit(Access access) {
    return access == Access.READ ? readLimit : writeLimit;
  }

  /** The word throttling reasons name this kind of resource by. */
  String kind() {
    return indexName == null ? "Table" : "Index";
  }
}
