package dev.dynakit.cli;

import dev.dynakit.core.token.TokenCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;

/**
 * The key of the resume tokens the commands print, so that a token works in a later run: the
 * environment variable {@code DYNAKIT_TOKEN_KEY} (at least 16 bytes of text), else a random key
 * kept in {@code token.key} under the Dynakit home ({@code -Ddynakit.home}, {@code DYNAKIT_HOME},
 * or {@code ~/.dynakit}), made on first use and readable by its owner only. Tokens are
 * tamper-evident, not secret.
 */
final class CliTokens {
  private static final int KEY_BYTES = 32;

  private CliTokens() {}

  static TokenCodec codec() {
    String fromEnvironment = System.getenv("DYNAKIT_TOKEN_KEY");
    if (fromEnvironment != null && !fromEnvironment.isEmpty()) {
      byte[] key = fromEnvironment.getBytes(StandardCharsets.UTF_8);
      if (key.length < 16) {
        throw new IllegalArgumentException("DYNAKIT_TOKEN_KEY must be at least 16 bytes long");
      }
      return TokenCodec.withKey(key);
    }
    return TokenCodec.withKey(keyFile(home().resolve("token.key")));
  }

  private static Path home() {
    String property = System.getProperty("dynakit.home");
    if (property != null && !property.isEmpty()) {
      return Path.of(property);
    }
    String environment = System.getenv("DYNAKIT_HOME");
    if (environment != null && !environment.isEmpty()) {
      return Path.of(environment);
    }
    return Path.of(System.getProperty("user.home"), ".dynakit");
  }

  /** The key in the file; a new random one written there (atomically) when there is none. */
  private static byte[] keyFile(Path file) {
    try {
      if (!Files.exists(file)) {
        Files.createDirectories(file.getParent());
        byte[] key = new byte[KEY_BYTES];
        new SecureRandom().nextBytes(key);
        Path temp = Files.createTempFile(file.getParent(), "token", ".tmp");
        try {
          Files.write(temp, key);
          restrict(temp);
          // a concurrent first use may have made one already: keep that one
          Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException e) {
          Files.deleteIfExists(temp);
        }
      }
      byte[] key = Files.readAllBytes(file);
      if (key.length < 16) {
        throw new IllegalStateException(
            "the token key " + file + " is shorter than 16 bytes; delete it to make a new one");
      }
      return key;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read or make the token key " + file, e);
    }
  }

  private static void restrict(Path file) throws IOException {
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException notPosix) {
      // a file system without POSIX permissions: the user's home protects it
    }
  }
}
