/**
 * Query and Scan: reading key ranges of a table or a secondary index page by page, with DynamoDB's
 * request validation, Limit and 1 MB pages, filters, projections, Select, LastEvaluatedKey,
 * parallel-scan segments and consumed capacity.
 *
 * <p>Each operation parses its request into a {@link dev.dynakit.engine.internal.query.ReadTarget}
 * (what is read), a {@link dev.dynakit.engine.internal.query.Selection} (what is returned) and a
 * key range; {@link dev.dynakit.engine.internal.query.PageReader} walks the range and {@link
 * dev.dynakit.engine.internal.query.PageResponse} builds the reply.
 */
@NullMarked
package dev.dynakit.engine.internal.query;

import org.jspecify.annotations.NullMarked;
