/**
 * Batches and transactions that lose nothing. {@link dev.dynakit.core.batch.Batches} writes any
 * number of items with BatchWriteItem (25 per request) and reads any number of keys with
 * BatchGetItem (100 per request, results in the order of the keys), resending the unprocessed part
 * with exponential backoff and full jitter until everything is done or the {@link
 * dev.dynakit.core.batch.RetryBudget} runs out — then the caller gets exactly what was not
 * processed. Transactions are checked against DynamoDB's 100-action limit before they are sent,
 * carry an idempotency token through every retry, and a cancellation is explained per action
 * ({@link dev.dynakit.core.batch.ActionFailure}). Throttling and 5xx errors are retried with the
 * same backoff. Every send goes through a {@link dev.dynakit.core.batch.BatchTransport}: straight
 * to the client by default; the Adapter's reports each send, resends numbered, to its listener.
 */
@NullMarked
package dev.dynakit.core.batch;

import org.jspecify.annotations.NullMarked;
