package dev.dynakit.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynakit.core.MalformedKeyException;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class ScalarTypeTest {

  @Test
  void coerce_textToANumberKey_isTheNumber() {
    assertThat(ScalarType.NUMBER.coerce("car", " 42.50 ")).isEqualTo(new BigDecimal("42.50"));
    assertThat(ScalarType.NUMBER.coerce("car", 7)).isEqualTo(7);
  }

  @Test
  void coerce_textThatIsNoNumber_namesTheField() {
    assertThatThrownBy(() -> ScalarType.NUMBER.coerce("car", "forty"))
        .isInstanceOf(MalformedKeyException.class)
        .hasMessageContaining("car")
        .hasMessageContaining("'forty' is not a number");
  }

  @Test
  void coerce_scalarsToAStringKey_areTheirText() {
    assertThat(ScalarType.STRING.coerce("city", 12)).isEqualTo("12");
    assertThat(ScalarType.STRING.coerce("city", true)).isEqualTo("true");
    assertThat(ScalarType.STRING.coerce("city", 'x')).isEqualTo("x");
    assertThat(ScalarType.BINARY.coerce("blob", "text")).isEqualTo("text");
  }
}
