package dev.dynakit.engine.internal.protocol;

/**
 * One DynamoDB operation: takes the parsed request, returns the response tree (see {@link Json}) or
 * throws an {@link dev.dynakit.engine.error.EngineException}.
 */
@FunctionalInterface
public interface Operation {
  /**
   * What an operation returns to answer with no body at all, as DynamoDB answers TagResource and
   * UntagResource (not {@code {}}).
   */
  Object NO_BODY = new Object();

  Object execute(Request request);
}
