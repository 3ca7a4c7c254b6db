/**
 * The {@code dynakit} command line: serve an engine over HTTP, run the demo, plan, ensure and
 * verify a table from its declaration.
 */
@NullMarked
package dev.dynakit.cli;

import org.jspecify.annotations.NullMarked;
