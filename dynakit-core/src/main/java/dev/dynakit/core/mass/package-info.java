/**
 * Bulk and mass operations that lose nothing and resume exactly. {@link
 * dev.dynakit.core.mass.MassOperations} works on an Adapter's table: writes and reads of a
 * caller-supplied set; delete, clone, move and edit of the items of a list (the same scope as the
 * list: key condition, filters, search, "as of"); subtree macros (rename, clone with overwrite) and
 * cascades (delete, clone, move everything under a key, the item itself included). Every write is
 * prepared and validated by the Adapter. A call stops on its budget with a resume token ({@link
 * dev.dynakit.core.token.TokenCodec}) that points at the exact item where work stopped, records the
 * phase of multi-phase operations and is bound to the operation, table and parameters; progress is
 * reported to a {@link dev.dynakit.core.mass.ProgressListener} with the rate, the time left and the
 * token that resumes from there, and checkpoints after every slice ({@link
 * dev.dynakit.core.mass.MassOptions#checkpoints()}) let a process that dies resume at most one
 * slice behind.
 */
@NullMarked
package dev.dynakit.core.mass;

import org.jspecify.annotations.NullMarked;
