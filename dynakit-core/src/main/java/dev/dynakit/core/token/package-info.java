/**
 * Opaque, tamper-evident tokens that let work continue where it stopped: the Adapter's paging
 * cursors and the resume tokens of mass operations. A {@link dev.dynakit.core.token.TokenCodec}
 * signs a {@link dev.dynakit.core.token.ResumePoint} (phase, position, notes) with HMAC-SHA256 and
 * binds it to a {@link dev.dynakit.core.token.TokenScope} (operation, table, parameters): a token
 * changed in any character, made with another key, or presented to another operation, table or
 * parameter set is refused with a {@link dev.dynakit.core.InvalidTokenException} that says which.
 */
@NullMarked
package dev.dynakit.core.token;

import org.jspecify.annotations.NullMarked;
