package dev.dynakit.engine.internal.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import org.jspecify.annotations.Nullable;

/**
 * Request bodies sent compressed ({@code Content-Encoding: gzip} or {@code deflate}, which the SDKs
 * can do). The compressed body is read whole first (within the body limit, as any body), then
 * inflated into at most the limit: a small body that inflates to gigabytes costs no more than a
 * body at the limit.
 */
final class RequestBodies {
  /** Why a body could not be decoded. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;
    private final boolean tooLarge;

    Refused(String message, boolean tooLarge) {
      super(message, null, false, false);
      this.tooLarge = tooLarge;
    }

    boolean tooLarge() {
      return tooLarge;
    }
  }

  private RequestBodies() {}

  /** The body as the engine reads it: inflated when {@code encoding} says it is compressed. */
  static byte[] decode(@Nullable String encoding, byte[] body, int maxBytes) throws Refused {
    if (encoding == null) {
      return body;
    }
    String e = encoding.trim().toLowerCase(Locale.ROOT);
    switch (e) {
      case "", "identity":
        return body;
      case "gzip", "x-gzip":
        return inflate(body, maxBytes, true, false);
      case "deflate":
        try {
          return inflate(body, maxBytes, false, false); // zlib-wrapped, as HTTP says
        } catch (Refused notZlib) {
          if (notZlib.tooLarge()) {
            throw notZlib;
          }
          return inflate(body, maxBytes, false, true); // raw deflate, as some clients send
        }
      default:
        throw new Refused(
            "Content-Encoding '" + encoding + "' is not supported: send gzip, deflate or none",
            false);
    }
  }

  private static byte[] inflate(byte[] body, int maxBytes, boolean gzip, boolean raw)
      throws Refused {
    Inflater inflater = raw ? new Inflater(true) : null;
    try (InputStream in = open(body, gzip, inflater)) {
      byte[] out = new byte[Math.min(maxBytes + 1, Math.max(8192, body.length * 4))];
      int length = 0;
      while (true) {
        if (length == out.length) {
          if (length > maxBytes) {
            throw new Refused("The request body inflates beyond the limit", true);
          }
          out = Arrays.copyOf(out, (int) Math.min((long) maxBytes + 1, (long) length * 2));
        }
        int n = in.read(out, length, out.length - length);
        if (n < 0) {
          break;
        }
        length += n;
      }
      if (length > maxBytes) {
        throw new Refused("The request body inflates beyond the limit", true);
      }
      return Arrays.copyOf(out, length);
    } catch (IOException e) {
      throw new Refused("The request body could not be decompressed", false);
    } finally {
      if (inflater != null) {
        inflater.end();
      }
    }
  }

  private static InputStream open(byte[] body, boolean gzip, @Nullable Inflater raw)
      throws IOException {
    ByteArrayInputStream bytes = new ByteArrayInputStream(body);
    if (gzip) {
      return new GZIPInputStream(bytes);
    }
    return raw != null ? new InflaterInputStream(bytes, raw) : new InflaterInputStream(bytes);
  }
}
