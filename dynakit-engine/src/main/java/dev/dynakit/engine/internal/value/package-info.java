/** Engine internals: value. */
@NullMarked
package dev.dynakit.engine.internal.value;

import org.jspecify.annotations.NullMarked;
