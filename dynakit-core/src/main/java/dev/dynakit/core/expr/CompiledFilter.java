package dev.dynakit.core.expr;

import org.jspecify.annotations.Nullable;

/**
 * Filter clauses split by what DynamoDB can do with them: the clauses promoted to a key condition
 * (which turn a Scan into a Query) and the rest, applied after reading.
 *
 * @param keyCondition the promoted clauses, or null when nothing could be promoted
 * @param filter the remaining clauses, or null when none remain
 */
public record CompiledFilter(@Nullable KeyCondition keyCondition, @Nullable Cond filter) {}
