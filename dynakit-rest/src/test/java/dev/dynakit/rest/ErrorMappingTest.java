package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.core.DeclarationException;
import dev.dynakit.core.InvalidExpressionException;
import dev.dynakit.core.MalformedKeyException;
import dev.dynakit.core.MarshallingException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

class ErrorMappingTest {
  private static final RestPolicy POLICY = RestPolicy.defaults();

  private static RestError map(Throwable failure) {
    return ErrorMapping.toError(failure, null, POLICY);
  }

  private static DynamoDbException service(String code, int status) {
    return (DynamoDbException)
        DynamoDbException.builder()
            .awsErrorDetails(
                AwsErrorDetails.builder().errorCode(code).errorMessage(code + " happened").build())
            .statusCode(status)
            .build();
  }

  @Test
  void restExceptions_keepTheirStatusAndCode() {
    assertThat(map(new RestException(413, "PayloadTooLarge", "too big")))
        .isEqualTo(new RestError(413, "PayloadTooLarge", "too big"));
  }

  @Test
  void toolkitRequestProblems_are400() {
    assertThat(map(new MalformedKeyException("city", "given without 'state'")))
        .isEqualTo(new RestError(400, "BadKey", "city: given without 'state'"));
    assertThat(map(new MarshallingException("price", "not a number")).code()).isEqualTo("BadValue");
    assertThat(map(new InvalidExpressionException("a path segment must not be empty")))
        .isEqualTo(new RestError(400, "InvalidRequest", "a path segment must not be empty"));
  }

  @Test
  void databaseRefusals_keepTheReferenceStatuses() {
    assertThat(
            map(
                ConditionalCheckFailedException.builder()
                    .awsErrorDetails(
                        AwsErrorDetails.builder()
                            .errorCode("ConditionalCheckFailedException")
                            .errorMessage("The conditional request failed")
                            .build())
                    .statusCode(400)
                    .build()))
        .isEqualTo(
            new RestError(
                409, "ConditionalCheckFailedException", "The conditional request failed"));
    assertThat(map(service("TransactionCanceledException", 400)).status()).isEqualTo(409);
    assertThat(map(service("ValidationException", 400)))
        .isEqualTo(new RestError(422, "ValidationException", "ValidationException happened"));
    assertThat(
            map(ProvisionedThroughputExceededException.builder()
                    .awsErrorDetails(
                        AwsErrorDetails.builder()
                            .errorCode("ProvisionedThroughputExceededException")
                            .build())
                    .statusCode(400)
                    .build())
                .status())
        .isEqualTo(429);
    assertThat(map(service("ThrottlingException", 400)).status()).isEqualTo(429);
    assertThat(map(service("InternalServerError", 500)).status()).isEqualTo(503);
    assertThat(map(SdkClientException.create("connection refused")))
        .isEqualTo(
            new RestError(
                503, "ServiceUnavailable", "the database could not be reached; retry later"));
  }

  @Test
  void statusesFollowThePolicy() {
    RestPolicy renumbered =
        RestPolicy.builder().statusCodes(new StatusCodes(404, 400, 412, 503, 502, 500)).build();
    assertThat(ErrorMapping.toError(service("ValidationException", 400), null, renumbered).status())
        .isEqualTo(400);
    assertThat(
            ErrorMapping.toError(service("TransactionConflictException", 400), null, renumbered)
                .status())
        .isEqualTo(412);
  }

  @Test
  void bugs_are500WithAnIdAndNothingElse() {
    RestError error = map(new IllegalStateException("secret detail at com.example.Foo"));
    assertThat(error.status()).isEqualTo(500);
    assertThat(error.code()).isEqualTo("InternalError");
    assertThat(error.message())
        .matches("internal server error \\(error id [0-9a-f]{12}\\)")
        .doesNotContain("secret");
    assertThat(map(service("AccessDeniedException", 400)).status()).isEqualTo(500);
    assertThat(
            map(new DeclarationException("t", List.of(new DeclarationException.Problem("a", "b"))))
                .status())
        .isEqualTo(500);
  }

  @Test
  void errorBody_isRenderedByThePolicy() {
    RestResponse standard = ErrorMapping.toResponse(new RestException(400, "X", "y"), null, POLICY);
    assertThat(standard.status()).isEqualTo(400);
    assertThat(standard.header("content-type")).isEqualTo("application/json; charset=utf-8");
    assertThat(new String(standard.body(), StandardCharsets.UTF_8))
        .isEqualTo("{\"code\":\"X\",\"message\":\"y\"}");
    RestPolicy custom =
        RestPolicy.builder()
            .errorBody(e -> Map.of("error", Map.of("type", e.code(), "status", e.status())))
            .build();
    RestResponse rendered = ErrorMapping.toResponse(new RestException(400, "X", "y"), null, custom);
    assertThat(new String(rendered.body(), StandardCharsets.UTF_8))
        .contains("\"type\":\"X\"")
        .contains("\"status\":400");
  }
}
