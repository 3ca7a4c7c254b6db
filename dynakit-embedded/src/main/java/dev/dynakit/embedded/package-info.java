/**
 * AWS SDK clients for a {@link dev.dynakit.engine.DynakitEngine} in the same JVM, without sockets
 * ({@link dev.dynakit.embedded.InProcessHttpClient}, {@link
 * dev.dynakit.embedded.InProcessAsyncHttpClient}), or for an engine served over HTTP: all from
 * {@link dev.dynakit.embedded.DynakitClients}. No test framework needed: the command line and
 * applications that embed the engine use it as tests do.
 */
@NullMarked
package dev.dynakit.embedded;

import org.jspecify.annotations.NullMarked;
