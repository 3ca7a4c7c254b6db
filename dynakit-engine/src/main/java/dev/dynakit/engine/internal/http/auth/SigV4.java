package dev.dynakit.engine.internal.http.auth;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * AWS Signature Version 4, computed with the JDK alone: the canonical request of what was received,
 * the string to sign, the signing key derived from the secret, and the signature.
 */
final class SigV4 {
  private static final HexFormat HEX = HexFormat.of();
  private static final HexFormat UPPER_HEX = HexFormat.of().withUpperCase();

  private SigV4() {}

  /**
   * The canonical request: method, path, query, the signed headers with their values, their names,
   * and the hash of the payload received.
   *
   * @param path the request target's path, as sent (already percent-encoded)
   * @param rawQuery the query as sent (percent-encoded), or "" for none
   * @param headers each signed header's values as received, by lower-case name
   */
  static String canonicalRequest(
      String method,
      String path,
      String rawQuery,
      List<String> signedHeaders,
      Map<String, List<String>> headers,
      byte[] payload) {
    StringBuilder out = new StringBuilder(256);
    out.append(method).append('\n');
    out.append(canonicalPath(path)).append('\n');
    out.append(canonicalQuery(rawQuery)).append('\n');
    for (String name : signedHeaders) {
      StringJoiner values = new StringJoiner(",");
      for (String value : headers.getOrDefault(name, List.of())) {
        values.add(value.trim().replaceAll(" +", " "));
      }
      out.append(name).append(':').append(values).append('\n');
    }
    out.append('\n');
    out.append(String.join(";", signedHeaders)).append('\n');
    out.append(hex(sha256(payload)));
    return out.toString();
  }

  /** The string to sign: algorithm, request date, scope and the canonical request's hash. */
  static String stringToSign(String amzDate, String scope, String canonicalRequest) {
    return Authorization.ALGORITHM
        + "\n"
        + amzDate
        + "\n"
        + scope
        + "\n"
        + hex(sha256(canonicalRequest.getBytes(StandardCharsets.UTF_8)));
  }

  /** The hex signature of {@code stringToSign} by {@code secret} for the scope's parts. */
  static String signature(String secret, String[] scope, String stringToSign) {
    byte[] key = ("AWS4" + secret).getBytes(StandardCharsets.UTF_8);
    for (String part : scope) {
      key = hmac(key, part);
    }
    return hex(hmac(key, stringToSign));
  }

  /**
   * Each segment of the path percent-encoded once more, as every AWS service but S3 signs it: the
   * SDKs encode the already-encoded path a second time.
   */
  private static String canonicalPath(String path) {
    if (path.isEmpty()) {
      return "/";
    }
    StringJoiner out = new StringJoiner("/");
    for (String segment : path.split("/", -1)) {
      out.add(encode(segment));
    }
    return out.toString();
  }

  /** The query's parameters decoded, encoded the AWS way, sorted by name and then value. */
  private static String canonicalQuery(String rawQuery) {
    if (rawQuery.isEmpty()) {
      return "";
    }
    List<String[]> params = new ArrayList<>();
    for (String pair : rawQuery.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      String value = eq < 0 ? "" : pair.substring(eq + 1);
      params.add(new String[] {encode(decode(name)), encode(decode(value))});
    }
    params.sort((a, b) -> a[0].equals(b[0]) ? a[1].compareTo(b[1]) : a[0].compareTo(b[0]));
    StringJoiner out = new StringJoiner("&");
    for (String[] p : params) {
      out.add(p[0] + "=" + p[1]);
    }
    return out.toString();
  }

  /** RFC 3986 encoding: everything but unreserved characters as upper-case %XX of UTF-8. */
  static String encode(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if ((c >= 'A' && c <= 'Z')
          || (c >= 'a' && c <= 'z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '_'
          || c == '.'
          || c == '~') {
        out.append(c);
      } else {
        out.append('%').append(UPPER_HEX.toHexDigits(b));
      }
    }
    return out.toString();
  }

  /** Percent-decoding that leaves a malformed escape as it is (it then fails the signature). */
  private static String decode(String s) {
    if (s.indexOf('%') < 0 && s.indexOf('+') < 0) {
      return s;
    }
    try {
      return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return s;
    }
  }

  static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK lacks SHA-256", e);
    }
  }

  private static byte[] hmac(byte[] key, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK lacks HmacSHA256", e);
    }
  }

  static String hex(byte[] bytes) {
    return HEX.formatHex(bytes);
  }
}
