package dev.dynakit.engine.internal.http.auth;

import dev.dynakit.engine.error.ErrorType;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Checks the SigV4 signature of each request against the secrets of known access keys, in
 * DynamoDB's order and words: no {@code Authorization} header is
 * MissingAuthenticationTokenException; a header without its parts IncompleteSignatureException; a
 * request time more than 15 minutes from the server's clock InvalidSignatureException ("Signature
 * expired" or "not yet current"); an unknown key UnrecognizedClientException; and a signature that
 * is not the one the key's secret makes InvalidSignatureException.
 *
 * <p>The signature is computed over what was received: the method, path, query, signed headers and
 * the hash of the body as it arrived (compressed, if it was), never a hash the client claims in
 * {@code x-amz-content-sha256}. The scope's region and service are not compared with the server's:
 * a local engine answers whatever region its client was configured for.
 */
public final class SignatureCheck {
  /** DynamoDB's (and SigV4's) allowed difference between a request's time and the server's. */
  static final Duration MAX_SKEW = Duration.ofMinutes(15);

  private static final DateTimeFormatter AMZ_DATE =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private static final String MISSING = "Request is missing Authentication Token";
  private static final String UNKNOWN_KEY =
      "The security token included in the request is invalid.";
  private static final String MISMATCH =
      "The request signature we calculated does not match the signature you provided. Check your"
          + " AWS Secret Access Key and signing method. Consult the service documentation for"
          + " details.";

  private final Map<String, String> secrets;
  private final Clock clock;

  /**
   * @param secrets each access key's secret, by access key id
   * @param clock the server's clock, which a request's time is compared with
   */
  public SignatureCheck(Map<String, String> secrets, Clock clock) {
    this.secrets = Map.copyOf(secrets);
    this.clock = clock;
  }

  /** The refusal of {@code request}, whose body arrived as {@code body}; null when it is signed. */
  public @Nullable AuthRefusal check(HttpRequest request, byte[] body) {
    HttpHeaders headers = request.headers();
    String header = headers.get("Authorization");
    if (header == null) {
      return new AuthRefusal(ErrorType.MISSING_AUTHENTICATION_TOKEN, MISSING);
    }
    Authorization auth;
    try {
      auth = Authorization.parse(header);
    } catch (Authorization.Incomplete e) {
      return new AuthRefusal(ErrorType.INCOMPLETE_SIGNATURE, e.getMessage());
    }
    String amzDate = headers.get("X-Amz-Date");
    Instant sent = amzDate == null ? httpDate(headers.get("Date")) : amzDate(amzDate);
    if (sent == null) {
      return new AuthRefusal(
          ErrorType.INCOMPLETE_SIGNATURE,
          "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header."
              + " Authorization="
              + header);
    }
    AuthRefusal skew = skew(sent);
    if (skew != null) {
      return skew;
    }
    String secret = secrets.get(auth.accessKeyId());
    if (secret == null) {
      return new AuthRefusal(ErrorType.UNRECOGNIZED_CLIENT, UNKNOWN_KEY);
    }
    String uri = request.uri();
    int q = uri.indexOf('?');
    String canonical =
        SigV4.canonicalRequest(
            request.method().name(),
            q < 0 ? uri : uri.substring(0, q),
            q < 0 ? "" : uri.substring(q + 1),
            auth.signedHeaders(),
            signedValues(headers, auth.signedHeaders()),
            body);
    String expected =
        SigV4.signature(
            secret,
            auth.scopeParts(),
            SigV4.stringToSign(
                amzDate == null ? AMZ_DATE.format(sent) : amzDate, auth.scope(), canonical));
    boolean same =
        MessageDigest.isEqual(
            expected.getBytes(StandardCharsets.US_ASCII),
            auth.signature().toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
    return same ? null : new AuthRefusal(ErrorType.INVALID_SIGNATURE, MISMATCH);
  }

  /**
   * DynamoDB's words for a request time outside 15 minutes of the server's: {@code Signature
   * expired: 20260101T000000Z is now earlier than 20260101T004500Z (20260101T010000Z - 15 min.)},
   * and "not yet current ... is still later than" for one ahead.
   */
  private @Nullable AuthRefusal skew(Instant sent) {
    Instant now = clock.instant();
    if (sent.isBefore(now.minus(MAX_SKEW))) {
      return new AuthRefusal(
          ErrorType.INVALID_SIGNATURE,
          "Signature expired: "
              + AMZ_DATE.format(sent)
              + " is now earlier than "
              + AMZ_DATE.format(now.minus(MAX_SKEW))
              + " ("
              + AMZ_DATE.format(now)
              + " - 15 min.)");
    }
    if (sent.isAfter(now.plus(MAX_SKEW))) {
      return new AuthRefusal(
          ErrorType.INVALID_SIGNATURE,
          "Signature not yet current: "
              + AMZ_DATE.format(sent)
              + " is still later than "
              + AMZ_DATE.format(now.plus(MAX_SKEW))
              + " ("
              + AMZ_DATE.format(now)
              + " + 15 min.)");
    }
    return null;
  }

  private static Map<String, List<String>> signedValues(HttpHeaders headers, List<String> names) {
    Map<String, List<String>> values = new HashMap<>();
    for (String name : names) {
      values.put(name, headers.getAll(name));
    }
    return values;
  }

  private static @Nullable Instant amzDate(String value) {
    try {
      return LocalDateTime.parse(value.trim(), AMZ_DATE).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static @Nullable Instant httpDate(@Nullable String value) {
    if (value == null) {
      return null;
    }
    try {
      return ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
