/** The {@code dynakit} command line: serve an engine over HTTP, run the demo. */
@NullMarked
package dev.dynakit.cli;

import org.jspecify.annotations.NullMarked;
