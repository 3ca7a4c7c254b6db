package dev.dynakit.embedded;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * The request trees of one direct in-process client's calls in flight. An asynchronous client's
 * calls hold theirs under a ticket: {@link DirectRequests} names the ticket in a header, the
 * transport finds the tree by it (on every attempt, so a retried call sends the same request,
 * idempotency token and all), and the call's end releases it. A synchronous client's call runs on
 * its caller's thread from start to end, attempts and transport included, so it holds its tree for
 * that thread instead: no ticket, no header, nothing shared between threads.
 */
final class PendingRequests {
  private final AtomicLong tickets = new AtomicLong();
  private final Map<String, Map<String, Object>> trees = new ConcurrentHashMap<>();
  private final ThreadLocal<@Nullable Map<String, Object>> onThread = new ThreadLocal<>();

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

  /**
   * Holds {@code tree} as the request of the call running on this thread, or, with null, holds
   * none: a call that goes as JSON says so, so that no earlier call's tree is ever taken for it.
   */
  void holdOnThisThread(@Nullable Map<String, Object> tree) {
    onThread.set(tree);
  }

  /** The tree of the call running on this thread, or null. */
  @Nullable Map<String, Object> onThisThread() {
    return onThread.get();
  }

  /** How many trees are held under tickets and for this thread: none once every call has ended. */
  int size() {
    return trees.size() + (onThread.get() == null ? 0 : 1);
  }
}
