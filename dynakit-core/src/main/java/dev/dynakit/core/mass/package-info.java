/**
 * Resumable mass operations that are exact: tokens ({@link dev.dynakit.core.mass.TokenCodec}) that
 * point at the exact item where work stopped, record the phase of two-phase operations and are
 * bound to the operation, table and parameters that made them; progress reports ({@link
 * dev.dynakit.core.mass.ProgressListener}) with the rate and the estimated time left.
 */
@NullMarked
package dev.dynakit.core.mass;

import org.jspecify.annotations.NullMarked;
