/**
 * The HTTP binding of the REST layer: {@link dev.dynakit.rest.netty.RestServer} serves one {@link
 * dev.dynakit.rest.RestHandler} over HTTP/1.1 on Netty.
 *
 * <p>A slow or stalled client costs one connection, never a worker: connections are read by a few
 * event-loop threads, each with an idle, a header and a body deadline; a body is taken in as it
 * arrives, refused with 413 as soon as it passes the policy's {@code maxBodyBytes}; handlers run on
 * a bounded pool of their own, so a slow handler does not hold up reading and writing. The server
 * answers only {@code Host} names that are loopback names, its own address or explicitly allowed,
 * and CORS only for loopback origins unless more are allowed.
 */
@NullMarked
package dev.dynakit.rest.netty;

import org.jspecify.annotations.NullMarked;
