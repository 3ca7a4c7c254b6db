package dev.dynakit.rest;

/**
 * Answers one request. Implementations turn every refusal into a 4xx response themselves; a binding
 * answers anything thrown with a bare 500.
 */
@FunctionalInterface
public interface RestHandler {
  /** The response to {@code request}; refusals are responses, not exceptions. */
  RestResponse handle(RestRequest request);
}
