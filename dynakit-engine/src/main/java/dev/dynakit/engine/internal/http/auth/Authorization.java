package dev.dynakit.engine.internal.http.auth;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The parts of a SigV4 {@code Authorization} header: {@code AWS4-HMAC-SHA256
 * Credential=AKID/20150830/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date,
 * Signature=hex}.
 *
 * @param accessKeyId the key that signed
 * @param scope the credential scope after the key: date, region, service, {@code aws4_request}
 * @param signedHeaders the lower-case names of the signed headers, in the header's order
 * @param signature the hex signature
 */
record Authorization(
    String accessKeyId, String scope, List<String> signedHeaders, String signature) {
  static final String ALGORITHM = "AWS4-HMAC-SHA256";

  /** The scope's parts: date, region, service and terminator. */
  String[] scopeParts() {
    return scope.split("/", -1);
  }

  /**
   * Reads the header, or says what it lacks in the words AWS uses for an incomplete signature
   * (IncompleteSignatureException).
   */
  static Authorization parse(String header) throws Incomplete {
    String value = header.trim();
    if (!value.startsWith(ALGORITHM + " ")) {
      int space = value.indexOf(' ');
      String algorithm = space < 0 ? value : value.substring(0, space);
      throw new Incomplete("Unsupported AWS 'algorithm': '" + algorithm + "'");
    }
    @Nullable String credential = null;
    @Nullable String signedHeaders = null;
    @Nullable String signature = null;
    for (String part : value.substring(ALGORITHM.length()).split(",")) {
      String p = part.trim();
      int eq = p.indexOf('=');
      if (eq < 0) {
        continue;
      }
      String name = p.substring(0, eq).trim();
      String v = p.substring(eq + 1).trim();
      switch (name) {
        case "Credential" -> credential = v;
        case "SignedHeaders" -> signedHeaders = v;
        case "Signature" -> signature = v;
        default -> {}
      }
    }
    List<String> missing = new ArrayList<>();
    if (credential == null) {
      missing.add("Authorization header requires 'Credential' parameter.");
    }
    if (signature == null) {
      missing.add("Authorization header requires 'Signature' parameter.");
    }
    if (signedHeaders == null) {
      missing.add("Authorization header requires 'SignedHeaders' parameter.");
    }
    if (!missing.isEmpty()) {
      throw new Incomplete(String.join(" ", missing) + " Authorization=" + header);
    }
    int slash = credential.indexOf('/');
    String scope = slash < 0 ? "" : credential.substring(slash + 1);
    if (slash <= 0 || scope.split("/", -1).length != 4) {
      throw new Incomplete(
          "Credential should be scoped to a valid region, service and the terminator"
              + " 'aws4_request'. Authorization="
              + header);
    }
    return new Authorization(
        credential.substring(0, slash),
        scope,
        List.of(signedHeaders.toLowerCase(Locale.ROOT).split(";")),
        signature);
  }

  /** A header too incomplete to check, with AWS's words for what it lacks. */
  static final class Incomplete extends Exception {
    private static final long serialVersionUID = 1L;

    Incomplete(String message) {
      super(message, null, false, false);
    }
  }
}
