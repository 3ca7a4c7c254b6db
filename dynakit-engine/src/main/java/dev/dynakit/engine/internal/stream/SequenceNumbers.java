package dev.dynakit.engine.internal.stream;

import dev.dynakit.engine.error.EngineException;

/**
 * Sequence numbers as DynamoDB writes them: decimal strings of 21 digits that increase with every
 * record of a stream ("1" and the number zero-padded to 20 digits).
 */
final class SequenceNumbers {
  private static final int DIGITS = 20;

  private SequenceNumbers() {}

  static String format(long sequence) {
    return "1" + String.format("%0" + DIGITS + "d", sequence);
  }

  /** Reads a sequence number this engine wrote; a ValidationException names anything else. */
  static long parse(String text) {
    if (text.length() != DIGITS + 1
        || text.charAt(0) != '1'
        || !text.chars().allMatch(Character::isDigit)) {
      throw EngineException.validation("Invalid SequenceNumber: " + text);
    }
    try {
      return Long.parseLong(text.substring(1));
    } catch (NumberFormatException e) {
      throw EngineException.validation("Invalid SequenceNumber: " + text);
    }
  }
}
