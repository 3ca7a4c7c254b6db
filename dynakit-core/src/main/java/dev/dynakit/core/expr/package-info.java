/**
 * Expression builders: update ({@link dev.dynakit.core.expr.UpdateBuilder}), projection ({@link
 * dev.dynakit.core.expr.ProjectionList}), conditions and filters ({@link
 * dev.dynakit.core.expr.Cond}), key conditions ({@link dev.dynakit.core.expr.KeyCondition}, and
 * {@link dev.dynakit.core.expr.KeyConditions} for hierarchical keys on the table and its indices),
 * text search ({@link dev.dynakit.core.expr.TextSearch}) and the allowlisted filter compiler
 * ({@link dev.dynakit.core.expr.Filters}).
 *
 * <p>Every attribute name and value goes through a placeholder ({@code #n0}, {@code :v0}); no
 * caller text is ever spliced into an expression. All expressions of one request render against one
 * {@link dev.dynakit.core.expr.Placeholders}, so placeholders never collide; each {@link
 * dev.dynakit.core.expr.Expression} carries exactly the placeholders its text uses, and {@link
 * dev.dynakit.core.expr.Expression#mergedNames} / {@link
 * dev.dynakit.core.expr.Expression#mergedValues} give the maps for the request.
 */
@NullMarked
package dev.dynakit.core.expr;

import org.jspecify.annotations.NullMarked;
