package dev.dynakit.engine.internal.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.engine.ManualClock;
import dev.dynakit.engine.error.EngineException;
import dev.dynakit.engine.error.ErrorType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientTokensTest {
  private final ManualClock clock = new ManualClock(Instant.parse("2026-01-01T00:00:00Z"));
  private final ClientTokens tokens =
      new ClientTokens(clock, new dev.dynakit.engine.internal.storage.memory.MemoryStore());
  private final Object request = List.of(Map.of("Put", Map.of("TableName", "t")));
  private final Object response = Map.of();

  private static ErrorType typeOf(Runnable r) {
    try {
      r.run();
      return null;
    } catch (EngineException e) {
      return e.type();
    }
  }

  @Test
  void claim_replaysTheResponseForTenMinutes() {
    assertThat(tokens.claim("t1", request)).isNull();
    tokens.complete("t1", request, response);
    clock.advance(Duration.ofMinutes(9).plusSeconds(59));
    assertThat(tokens.claim("t1", List.of(Map.of("Put", Map.of("TableName", "t")))))
        .isSameAs(response);
    clock.advance(Duration.ofSeconds(1));
    assertThat(tokens.claim("t1", request)).as("a new request after ten minutes").isNull();
  }

  @Test
  void claim_otherParametersWithinTheWindow_isAMismatch() {
    tokens.claim("t1", request);
    tokens.complete("t1", request, response);
    assertThat(typeOf(() -> tokens.claim("t1", List.of())))
        .isEqualTo(ErrorType.IDEMPOTENT_PARAMETER_MISMATCH);
    clock.advance(ClientTokens.WINDOW);
    assertThat(tokens.claim("t1", List.of())).isNull();
  }

  @Test
  void claim_whileTheFirstRequestRuns_isRefused_andAReleasedTokenIsFree() {
    tokens.claim("t1", request);
    assertThat(typeOf(() -> tokens.claim("t1", request)))
        .isEqualTo(ErrorType.TRANSACTION_IN_PROGRESS);
    assertThat(typeOf(() -> tokens.claim("t1", List.of())))
        .isEqualTo(ErrorType.IDEMPOTENT_PARAMETER_MISMATCH);
    tokens.release("t1");
    assertThat(tokens.claim("t1", List.of())).isNull();
  }

  @Test
  void release_neverForgetsACompletedRequest() {
    tokens.claim("t1", request);
    tokens.complete("t1", request, response);
    tokens.release("t1");
    assertThat(tokens.claim("t1", request)).isSameAs(response);
    assertThatThrownBy(() -> tokens.claim("t1", List.of())).isInstanceOf(EngineException.class);
  }
}
