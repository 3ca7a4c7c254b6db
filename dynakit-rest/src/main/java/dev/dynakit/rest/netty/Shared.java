package dev.dynakit.rest.netty;

import dev.dynakit.rest.RestHandler;
import dev.dynakit.rest.RestPolicy;
import io.netty.channel.group.ChannelGroup;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/** What every connection of one server shares. */
final class Shared {
  final RestHandler handler;
  final RestPolicy policy;
  final String mount;
  final Gate gate;
  final Timeouts timeouts;
  final ExecutorService workers;
  final ChannelGroup channels;
  final int maxConnections;

  /** Open connections, against {@link #maxConnections}. */
  final AtomicInteger connections = new AtomicInteger();

  /** Requests handed to the workers and not yet answered. */
  final AtomicInteger running = new AtomicInteger();

  private volatile boolean stopping;

  Shared(
      RestHandler handler,
      RestPolicy policy,
      String mount,
      Gate gate,
      Timeouts timeouts,
      ExecutorService workers,
      ChannelGroup channels,
      int maxConnections) {
    this.handler = handler;
    this.policy = policy;
    this.mount = mount;
    this.gate = gate;
    this.timeouts = timeouts;
    this.workers = workers;
    this.channels = channels;
    this.maxConnections = maxConnections;
  }

  boolean stopping() {
    return stopping;
  }

  void stop() {
    stopping = true;
  }
}
