/** Engine internals: protocol. */
@NullMarked
package dev.dynakit.engine.internal.protocol;

import org.jspecify.annotations.NullMarked;
