/**
 * The engine's errors: {@link dev.dynakit.engine.error.EngineException}, the one exception of the
 * engine, and {@link dev.dynakit.engine.error.ErrorType}, the DynamoDB error it stands for (wire
 * {@code __type}, HTTP status, retryability). Every layer of the engine depends on this package and
 * it depends on none of them.
 */
@NullMarked
package dev.dynakit.engine.error;

import org.jspecify.annotations.NullMarked;
