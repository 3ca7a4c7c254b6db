package dev.dynakit.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RestPolicyTest {
  @Test
  void defaults_matchTheReference() {
    RestPolicy policy = RestPolicy.defaults();
    assertThat(policy.metaPrefix()).isEqualTo("_");
    assertThat(policy.methodPrefix()).isEqualTo("-");
    assertThat(policy.envelope())
        .isEqualTo(new EnvelopeNames("data", "total", "offset", "limit", "links"));
    assertThat(policy.statusCodes()).isEqualTo(new StatusCodes(404, 422, 409, 429, 503, 500));
    assertThat(policy.needTotal()).isTrue();
    assertThat(policy.defaultLimit()).isEqualTo(10);
    assertThat(policy.maxLimit()).isEqualTo(100);
    assertThat(policy.maxOffset()).isEqualTo(100_000);
    assertThat(policy.maxFields()).isEqualTo(1000);
    assertThat(policy.maxNames()).isEqualTo(1000);
    assertThat(policy.maxSearchLength()).isEqualTo(1024);
    assertThat(policy.maxBodyBytes()).isEqualTo(1_048_576);
    assertThat(policy.keySeparator()).isEqualTo(":");
    assertThat(policy.strictParameters()).isTrue();
  }

  @Test
  void toBuilder_keepsEverything() {
    RestPolicy policy =
        RestPolicy.builder().metaPrefix("$").maxLimit(50).extraParameters("tenant").build();
    RestPolicy copy = policy.toBuilder().build();
    assertThat(copy.metaPrefix()).isEqualTo("$");
    assertThat(copy.maxLimit()).isEqualTo(50);
    assertThat(copy.extraParameters()).containsExactly("tenant");
  }

  @Test
  void build_refusesValuesOutOfRange() {
    assertThatThrownBy(() -> RestPolicy.builder().metaPrefix("").build())
        .hasMessageContaining("metaPrefix");
    assertThatThrownBy(() -> RestPolicy.builder().methodPrefix("/").build())
        .hasMessageContaining("methodPrefix");
    assertThatThrownBy(() -> RestPolicy.builder().keySeparator(",").build())
        .hasMessageContaining("keySeparator");
    assertThatThrownBy(() -> RestPolicy.builder().keySeparator("ab").build())
        .hasMessageContaining("keySeparator");
    assertThatThrownBy(() -> RestPolicy.builder().keySeparator("x").build())
        .hasMessageContaining("letter");
    assertThatThrownBy(() -> RestPolicy.builder().defaultLimit(200).build())
        .hasMessageContaining("defaultLimit");
    assertThatThrownBy(() -> RestPolicy.builder().maxFields(0).build())
        .hasMessageContaining("maxFields");
    assertThatThrownBy(() -> RestPolicy.builder().maxBodyBytes(0).build())
        .hasMessageContaining("maxBodyBytes");
    assertThatThrownBy(() -> new EnvelopeNames("a", "a", "b", "c", "d"))
        .hasMessageContaining("differ");
    assertThatThrownBy(() -> new StatusCodes(200, 422, 409, 429, 503, 500))
        .hasMessageContaining("400..599");
  }
}
