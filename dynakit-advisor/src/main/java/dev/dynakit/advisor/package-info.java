/**
 * The key-design advisor: {@link dev.dynakit.advisor.Advisor} lints a table declaration against the
 * key-design rules, simulates a traffic model against DynamoDB's per-partition ceilings and costs,
 * and analyses a live table; every result is one {@link dev.dynakit.advisor.Report}, as text, JSON
 * or a self-contained HTML page.
 */
@NullMarked
package dev.dynakit.advisor;

import org.jspecify.annotations.NullMarked;
