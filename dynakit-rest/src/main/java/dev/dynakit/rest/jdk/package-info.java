/**
 * A binding of the REST layer to the JDK's own HTTP server ({@code com.sun.net.httpserver}): {@link
 * dev.dynakit.rest.jdk.JdkRestServer} starts a server for one {@link dev.dynakit.rest.RestHandler};
 * {@link dev.dynakit.rest.jdk.JdkRestHandler} mounts a handler on a server the application owns.
 * Request bodies are limited by the policy's {@code maxBodyBytes} (413 beyond it), and a failure
 * inside a handler is answered with a JSON 500 that carries an error id, never a stack trace.
 */
@NullMarked
package dev.dynakit.rest.jdk;

import org.jspecify.annotations.NullMarked;
