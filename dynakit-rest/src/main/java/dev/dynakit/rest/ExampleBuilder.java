package dev.dynakit.rest;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Builds the example that the Adapter's {@code prepareListInput} hook receives for the list route
 * and the bulk routes ({@code DELETE /}, {@code PUT /-clone}, {@code PUT /-move}), from the
 * request: for instance a tenant or parent key taken from an application parameter (declare such
 * parameters in {@link RestPolicy#extraParameters()}). A non-empty example counts as a scope for
 * the confirmation rule of {@code DELETE /}.
 */
@FunctionalInterface
public interface ExampleBuilder {
  /**
   * @param query the request's query parameters
   * @param body the overlay of a clone or move route, or null for the other routes
   * @return the example; empty for none
   */
  Map<String, Object> example(QueryParams query, @Nullable Map<String, @Nullable Object> body);
}
