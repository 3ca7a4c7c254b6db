package dev.dynakit.core.adapter;

/**
 * Told of every request an {@link Adapter} sends to DynamoDB, once the request has an answer (or
 * failed). Called on the calling thread; keep it quick and do not throw (an exception is ignored so
 * that observation never changes behaviour).
 */
@FunctionalInterface
public interface RequestListener {
  void onRequest(RequestEvent event);
}
