package dev.dynakit.engine.internal.protocol;

/**
 * One DynamoDB operation: takes the parsed request, returns the response tree (see {@link Json}) or
 * throws an {@link dev.dynakit.engine.EngineException}.
 */
@FunctionalInterface
public interface Operation {
  Object execute(Request request);
}
