/**
 * Tables: their declarations ({@link dev.dynakit.engine.internal.table.TableDef}), live state
 * ({@link dev.dynakit.engine.internal.table.Table}), the catalog, and the control-plane operations
 * ({@link dev.dynakit.engine.internal.table.ControlPlane}) that create, describe, change, tag and
 * delete them with DynamoDB's validation rules and messages.
 */
package dev.dynakit.engine.internal.table;
