package dev.dynakit.engine.internal.http.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.error.ErrorType;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The signature check against AWS's published Signature Version 4 test suite (get-vanilla,
 * get-vanilla-query-order-key-case, post-vanilla: key AKIDEXAMPLE, 2015-08-30T12:36:00Z), and its
 * refusals in DynamoDB's words.
 */
class SignatureCheckTest {
  private static final String KEY = "AKIDEXAMPLE";
  private static final String SECRET = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
  private static final Instant SIGNED_AT = Instant.parse("2015-08-30T12:36:00Z");
  private static final byte[] EMPTY = new byte[0];

  private static SignatureCheck checkAt(Instant now) {
    return new SignatureCheck(Map.of(KEY, SECRET), Clock.fixed(now, ZoneOffset.UTC));
  }

  private static HttpRequest request(HttpMethod method, String uri, String key, String signature) {
    HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, uri);
    r.headers().add("Host", "example.amazonaws.com");
    r.headers().add("X-Amz-Date", "20150830T123600Z");
    r.headers()
        .add(
            "Authorization",
            "AWS4-HMAC-SHA256 Credential="
                + key
                + "/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date,"
                + " Signature="
                + signature);
    return r;
  }

  private static final String GET_VANILLA =
      "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31";

  @Test
  void awsTestSuiteRequests_areAccepted() {
    SignatureCheck check = checkAt(SIGNED_AT);
    assertThat(check.check(request(HttpMethod.GET, "/", KEY, GET_VANILLA), EMPTY)).isNull();
    assertThat(
            check.check(
                request(
                    HttpMethod.GET,
                    "/?Param2=value2&Param1=value1",
                    KEY,
                    "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
                EMPTY))
        .isNull();
    assertThat(
            check.check(
                request(
                    HttpMethod.POST,
                    "/",
                    KEY,
                    "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"),
                EMPTY))
        .isNull();
  }

  @Test
  void anotherSecret_oraChangedRequest_isASignatureMismatch() {
    String mismatch =
        "The request signature we calculated does not match the signature you provided. Check"
            + " your AWS Secret Access Key and signing method. Consult the service documentation"
            + " for details.";
    SignatureCheck otherSecret =
        new SignatureCheck(Map.of(KEY, SECRET + "x"), Clock.fixed(SIGNED_AT, ZoneOffset.UTC));
    assertThat(otherSecret.check(request(HttpMethod.GET, "/", KEY, GET_VANILLA), EMPTY))
        .isEqualTo(new AuthRefusal(ErrorType.INVALID_SIGNATURE, mismatch));
    SignatureCheck check = checkAt(SIGNED_AT);
    // the body is hashed as received: a body changed after signing fails
    assertThat(
            check.check(
                request(HttpMethod.GET, "/", KEY, GET_VANILLA),
                "{}".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo(new AuthRefusal(ErrorType.INVALID_SIGNATURE, mismatch));
    assertThat(check.check(request(HttpMethod.GET, "/?a=b", KEY, GET_VANILLA), EMPTY))
        .isEqualTo(new AuthRefusal(ErrorType.INVALID_SIGNATURE, mismatch));
  }

  @Test
  void anUnknownKey_isUnrecognized() {
    assertThat(
            checkAt(SIGNED_AT).check(request(HttpMethod.GET, "/", "AKIDOTHER", GET_VANILLA), EMPTY))
        .isEqualTo(
            new AuthRefusal(
                ErrorType.UNRECOGNIZED_CLIENT,
                "The security token included in the request is invalid."));
  }

  @Test
  void noAuthorization_isAMissingToken() {
    HttpRequest unsigned = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/");
    unsigned.headers().add("Host", "localhost");
    assertThat(checkAt(SIGNED_AT).check(unsigned, EMPTY))
        .isEqualTo(
            new AuthRefusal(
                ErrorType.MISSING_AUTHENTICATION_TOKEN, "Request is missing Authentication Token"));
  }

  @Test
  void aRequestTwentyMinutesOff_isExpiredOrNotYetCurrent() {
    assertThat(
            checkAt(SIGNED_AT.plusSeconds(20 * 60))
                .check(request(HttpMethod.GET, "/", KEY, GET_VANILLA), EMPTY))
        .isEqualTo(
            new AuthRefusal(
                ErrorType.INVALID_SIGNATURE,
                "Signature expired: 20150830T123600Z is now earlier than 20150830T124100Z"
                    + " (20150830T125600Z - 15 min.)"));
    assertThat(
            checkAt(SIGNED_AT.minusSeconds(20 * 60))
                .check(request(HttpMethod.GET, "/", KEY, GET_VANILLA), EMPTY))
        .isEqualTo(
            new AuthRefusal(
                ErrorType.INVALID_SIGNATURE,
                "Signature not yet current: 20150830T123600Z is still later than"
                    + " 20150830T123100Z (20150830T121600Z + 15 min.)"));
    // within 15 minutes either way, the time is fine
    assertThat(
            checkAt(SIGNED_AT.plusSeconds(14 * 60))
                .check(request(HttpMethod.GET, "/", KEY, GET_VANILLA), EMPTY))
        .isNull();
  }

  @Test
  void anIncompleteAuthorization_namesWhatItLacks() {
    HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/");
    r.headers().add("X-Amz-Date", "20150830T123600Z");
    r.headers()
        .add(
            "Authorization",
            "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request");
    AuthRefusal refusal = checkAt(SIGNED_AT).check(r, EMPTY);
    assertThat(refusal.type()).isEqualTo(ErrorType.INCOMPLETE_SIGNATURE);
    assertThat(refusal.message())
        .startsWith(
            "Authorization header requires 'Signature' parameter. Authorization header requires"
                + " 'SignedHeaders' parameter.");
  }
}
