/**
 * The control-plane operations ({@link dev.dynakit.engine.internal.tableops.ControlPlane}): create,
 * describe, update, tag and delete tables and their time-to-live settings, with DynamoDB's
 * validation rules and messages. They sit above the table model ({@code internal.table}) and the
 * engine's state, which they read; the model never reads them.
 */
package dev.dynakit.engine.internal.tableops;
