/**
 * Provisioning from the declaration: {@link dev.dynakit.core.provision.TableProvisioner} plans
 * (read-only), ensures (applies the plan, waiting for ACTIVE after each step) and verifies (a
 * structured {@link dev.dynakit.core.provision.Drift}) a table against its {@link
 * dev.dynakit.core.schema.TableSpec}. Ensure only adds: changes that need a rebuild or would drop
 * something are refusals in the {@link dev.dynakit.core.provision.ProvisioningPlan}. When the
 * declaration names a descriptor key, a snapshot of the declaration is stored in the table so that
 * changes DescribeTable cannot see (searchable fields, type labels, …) are detected.
 */
@NullMarked
package dev.dynakit.core.provision;

import org.jspecify.annotations.NullMarked;
