package dev.dynakit.test;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The request trees of one direct in-process client's calls in flight, each under a ticket: {@link
 * DirectRequests} holds a call's tree here and names its ticket in a header, the transport finds
 * the tree by it (on every attempt, so a retried call sends the same request, idempotency token and
 * all), and the call's end releases it.
 */
final class PendingRequests {
  private final AtomicLong tickets = new AtomicLong();
  private final Map<String, Map<String, Object>> trees = new ConcurrentHashMap<>();

  /** Holds {@code tree} until {@link #release}; returns its ticket. */
  String hold(Map<String, Object> tree) {
    String ticket = Long.toString(tickets.incrementAndGet());
    trees.put(ticket, tree);
    return ticket;
  }

  /** The tree held under {@code ticket}, or null. */
  @Nullable Map<String, Object> tree(String ticket) {
    return trees.get(ticket);
  }

  void release(String ticket) {
    trees.remove(ticket);
  }

  /** How many trees are held: none once every call has ended. */
  int size() {
    return trees.size();
  }
}
