/**
 * Time to live: the background sweeper that deletes expired items of the tables that have TTL
 * enabled, through the one write path so that their index entries go with them.
 */
@NullMarked
package dev.dynakit.engine.internal.ttl;

import org.jspecify.annotations.NullMarked;
