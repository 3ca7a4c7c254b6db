package dev.dynakit.embedded;

/**
 * The same cases for a synchronous client's interceptor, which holds each call's tree for the
 * caller's thread: no ticket, and nothing left held after a call, whatever its end.
 */
class DirectRequestsOnCallerThreadTest extends DirectRequestsTest {
  @Override
  DirectRequests interceptor(PendingRequests held) {
    return DirectRequests.onCallerThread(held);
  }

  @Override
  boolean usesTickets() {
    return false;
  }
}
