/**
 * The table model: declarations ({@link dev.dynakit.engine.internal.table.TableDef}), live state
 * ({@link dev.dynakit.engine.internal.table.Table}), key schemas, index definitions, throughput,
 * descriptions and the catalog that names them. Nothing here reads the engine's state: the
 * operations that change tables live above, in {@code internal.tableops}.
 */
package dev.dynakit.engine.internal.table;
