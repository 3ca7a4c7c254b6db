package dev.dynakit.engine.internal.tableops;

import static dev.dynakit.engine.internal.tableops.KeyRules.INVALID;

import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.internal.EngineState;
import dev.dynakit.engine.internal.protocol.Request;
import dev.dynakit.engine.internal.table.Violations;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The SSESpecification member. The engine does not encrypt anything itself; it accepts the setting
 * with DynamoDB's validation and reports it back in SSEDescription.
 */
final class SseSpecs {
  static final List<String> SSE_TYPES = List.of("AES256", "KMS");

  /** A stand-in id for the AWS-managed DynamoDB key, stable across runs. */
  private static final String MANAGED_KEY_ID =
      UUID.nameUUIDFromBytes("aws/dynamodb".getBytes(StandardCharsets.UTF_8)).toString();

  /** An SSESpecification as sent; {@code enabled} is null when the member was absent. */
  record Spec(Boolean enabled, String sseType, String kmsMasterKeyId) {}

  private SseSpecs() {}

  static Spec read(Request req, Violations v) {
    Request s = req.object("SSESpecification");
    if (s == null) {
      return null;
    }
    String type = s.string("SSEType");
    v.oneOf("sSESpecification.sSEType", type, SSE_TYPES);
    return new Spec(s.bool("Enabled"), type, s.string("KMSMasterKeyId"));
  }

  /**
   * Applies DynamoDB's rules and returns the stored form: {@code {Enabled: true, KMSMasterKeyArn}}
   * when encryption with KMS is requested, null for the default encryption.
   */
  static Map<String, Object> resolve(Spec spec, EngineState state) {
    boolean disabled = Boolean.FALSE.equals(spec.enabled());
    if (disabled && spec.sseType() != null) {
      throw EngineException.validation(
          INVALID + "SSEType can not be specified if Enabled is false");
    }
    if (disabled && spec.kmsMasterKeyId() != null) {
      throw EngineException.validation(
          INVALID + "KMSMasterKeyId can not be specified if Enabled is false");
    }
    if ("AES256".equals(spec.sseType())) {
      throw EngineException.validation(INVALID + "SSEType AES256 is not supported");
    }
    if (spec.kmsMasterKeyId() != null && !"KMS".equals(spec.sseType())) {
      throw EngineException.validation(
          INVALID + "SSEType KMS is required if KMSMasterKeyId is specified");
    }
    boolean kms = Boolean.TRUE.equals(spec.enabled()) || "KMS".equals(spec.sseType());
    if (!kms) {
      return null;
    }
    Map<String, Object> stored = new LinkedHashMap<>();
    stored.put("Enabled", Boolean.TRUE);
    stored.put("KMSMasterKeyArn", keyArn(spec.kmsMasterKeyId(), state));
    return stored;
  }

  private static String keyArn(String keyId, EngineState state) {
    String prefix = "arn:aws:kms:" + state.region() + ":" + state.accountId() + ":";
    if (keyId == null) {
      return prefix + "key/" + MANAGED_KEY_ID;
    }
    if (keyId.startsWith("arn:")) {
      return keyId;
    }
    return keyId.startsWith("alias/") ? prefix + keyId : prefix + "key/" + keyId;
  }
}
