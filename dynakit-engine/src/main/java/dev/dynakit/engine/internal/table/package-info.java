/** Engine internals: table. */
@NullMarked
package dev.dynakit.engine.internal.table;

import org.jspecify.annotations.NullMarked;
