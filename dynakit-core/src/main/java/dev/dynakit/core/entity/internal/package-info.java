/**
 * Plumbing of single-table entities shared by the Adapter's write path and the entity views: which
 * entity a stored key belongs to, the key attributes an item's fields compose (sparse ones only
 * while their condition holds), and the shard a write goes to. Not an API: it may change without
 * notice.
 */
@NullMarked
package dev.dynakit.core.entity.internal;

import org.jspecify.annotations.NullMarked;
