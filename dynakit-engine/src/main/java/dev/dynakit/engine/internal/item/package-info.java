/** The single-item operations and the per-item locking that makes them linearizable. */
@NullMarked
package dev.dynakit.engine.internal.item;

import org.jspecify.annotations.NullMarked;
