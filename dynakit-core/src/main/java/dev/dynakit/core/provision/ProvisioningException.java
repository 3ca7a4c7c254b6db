package dev.dynakit.core.provision;

import dev.dynakit.core.DynakitException;
import org.jspecify.annotations.Nullable;

/**
 * Provisioning could not bring the table to its declaration: the plan needs a change that ensure
 * never makes (a rebuild or a manual change; nothing was changed then), a table or index did not
 * become ACTIVE in time, or the declaration cannot be provisioned as written.
 */
public final class ProvisioningException extends DynakitException {
  private static final long serialVersionUID = 1L;

  private final transient @Nullable ProvisioningPlan plan;

  public ProvisioningException(String message) {
    super(message);
    this.plan = null;
  }

  public ProvisioningException(String message, @Nullable ProvisioningPlan plan) {
    super(message);
    this.plan = plan;
  }

  public ProvisioningException(String message, @Nullable Throwable cause) {
    super(message, cause);
    this.plan = null;
  }

  /** The plan that was refused, or null when the failure is not about the plan. */
  public @Nullable ProvisioningPlan plan() {
    return plan;
  }
}
