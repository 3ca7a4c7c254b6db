package dev.dynakit.embedded;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Map;

/**
 * The body of a direct answer: carries the engine's response object to {@link DirectResponses},
 * and, should anything read it as a stream instead, the JSON the engine would have sent (written on
 * the first read).
 */
final class ResultStream extends InputStream {
  private final EngineExchange.Answer answer;
  private ByteArrayInputStream bytes;

  ResultStream(EngineExchange.Answer answer) {
    this.answer = answer;
  }

  /** The engine's response object. */
  Map<String, Object> result() {
    return answer.result();
  }

  private ByteArrayInputStream bytes() {
    if (bytes == null) {
      bytes = new ByteArrayInputStream(answer.body());
    }
    return bytes;
  }

  @Override
  public int read() {
    return bytes().read();
  }

  @Override
  public int read(byte[] b, int off, int len) {
    return bytes().read(b, off, len);
  }

  @Override
  public int available() {
    return bytes().available();
  }
}
