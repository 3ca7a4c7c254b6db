package dev.dynakit.cli;

/**
 * A command that cannot do its work for a reason the user can act on, worded for them: {@link Main}
 * prints the message as it is (every line of it), with no exception type, and exits with {@link
 * #exitCode()}.
 */
final class CommandFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The exit code of a failure while working: an address taken, a DynamoDB out of reach. */
  static final int FAILED = 1;

  /**
   * The exit code of wrong input: a usage error, and a declaration file that is missing or invalid
   * (the same code for both, so that a script tells input errors from failures at work).
   */
  static final int WRONG_INPUT = 2;

  private final int exitCode;

  private CommandFailure(String message, int exitCode) {
    super(message, null, false, false);
    this.exitCode = exitCode;
  }

  static CommandFailure failed(String message) {
    return new CommandFailure(message, FAILED);
  }

  static CommandFailure wrongInput(String message) {
    return new CommandFailure(message, WRONG_INPUT);
  }

  int exitCode() {
    return exitCode;
  }
}
