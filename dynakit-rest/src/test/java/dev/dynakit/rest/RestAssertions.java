package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Assertions on refusals: a {@link RestException} with a status and a code. */
final class RestAssertions {
  private RestAssertions() {}

  static AbstractThrowableAssert<?, ? extends Throwable> refused(
      ThrowingCallable call, int status, String code) {
    return assertThatThrownBy(call)
        .isInstanceOf(RestException.class)
        .satisfies(
            e -> {
              RestException rest = (RestException) e;
              org.assertj.core.api.Assertions.assertThat(rest.status()).isEqualTo(status);
              org.assertj.core.api.Assertions.assertThat(rest.code()).isEqualTo(code);
            });
  }

  static AbstractThrowableAssert<?, ? extends Throwable> badRequest(
      ThrowingCallable call, String code) {
    return refused(call, 400, code);
  }
}
