/**
 * JUnit 5 support for code that talks to DynamoDB: {@link dev.dynakit.test.DynakitTest} gives each
 * test a fresh {@link dev.dynakit.engine.DynakitEngine} and SDK clients for it (from {@code
 * dev.dynakit.embedded.DynakitClients}), in process or over HTTP; {@link
 * dev.dynakit.test.TransportTest} runs a test once per transport.
 */
@NullMarked
package dev.dynakit.test;

import org.jspecify.annotations.NullMarked;
