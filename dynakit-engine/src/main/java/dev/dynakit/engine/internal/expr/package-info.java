/**
 * DynamoDB's expression language: the parser, validator and evaluator of condition, filter,
 * projection, update and key-condition expressions, and of the legacy (pre-expression) request
 * parameters, with DynamoDB's validation errors. {@link
 * dev.dynakit.engine.internal.expr.Expressions} and {@link dev.dynakit.engine.internal.expr.Legacy}
 * are the entry points.
 */
@NullMarked
package dev.dynakit.engine.internal.expr;

import org.jspecify.annotations.NullMarked;
