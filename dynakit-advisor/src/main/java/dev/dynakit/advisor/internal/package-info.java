/**
 * The advisor's workings: the declaration and traffic models it reads, its rules, the simulator,
 * the table analyser and the report writers. Not API.
 */
@NullMarked
package dev.dynakit.advisor.internal;

import org.jspecify.annotations.NullMarked;
