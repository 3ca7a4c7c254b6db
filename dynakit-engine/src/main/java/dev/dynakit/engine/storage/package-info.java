/** The storage SPI: an ordered byte-key store with atomic batches, behind every engine table. */
@NullMarked
package dev.dynakit.engine.storage;

import org.jspecify.annotations.NullMarked;
