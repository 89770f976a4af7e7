package org.metasched.cli;

/**
 * Bad input from the user: reported as one line on standard error with exit code 2, never a stack trace. The
 * message names the file, line or field, the bad value and what is expected.
 */
public final class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InputException(String message) {
        super(message);
    }

    public InputException(String message, Throwable cause) {
        super(message, cause);
    }
}
