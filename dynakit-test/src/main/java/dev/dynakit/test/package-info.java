/**
 * Test support for code that talks to DynamoDB: run it against a {@link
 * dev.dynakit.engine.DynakitEngine} in the same JVM, without sockets ({@link
 * dev.dynakit.test.InProcessHttpClient}) or over real HTTP, with clients from {@link
 * dev.dynakit.test.DynakitClients} or injected into JUnit 5 tests by {@link
 * dev.dynakit.test.DynakitExtension}.
 */
@NullMarked
package dev.dynakit.test;

import org.jspecify.annotations.NullMarked;
