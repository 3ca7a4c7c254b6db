package dev.dynakit.engine.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynakit.engine.error.EngineException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The engine's UTF-8 check refuses exactly what the JDK's strict decoder refuses. */
class StrictUtf8Properties {

  @Property(tries = 2000)
  void check_agreesWithTheJdksStrictDecoder(@ForAll("bytes") byte[] body) {
    boolean jdkValid;
    try {
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(body));
      jdkValid = true;
    } catch (CharacterCodingException e) {
      jdkValid = false;
    }
    boolean ours;
    try {
      StrictUtf8.check(body);
      ours = true;
    } catch (EngineException e) {
      ours = false;
    }
    assertThat(ours).isEqualTo(jdkValid);
  }

  @Provide
  Arbitrary<byte[]> bytes() {
    // bytes near the boundaries of UTF-8's ranges, so that edge cases come up often
    Arbitrary<Byte> edgy =
        Arbitraries.of(
                0x00, 0x41, 0x5C, 0x75, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2,
                0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF)
            .map(Integer::byteValue);
    return Arbitraries.oneOf(edgy, Arbitraries.bytes())
        .list()
        .ofMaxSize(12)
        .map(
            list -> {
              byte[] out = new byte[list.size()];
              for (int i = 0; i < out.length; i++) {
                out[i] = list.get(i);
              }
              return out;
            });
  }
}
