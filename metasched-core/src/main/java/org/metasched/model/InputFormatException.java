package org.metasched.model;

/**
 * Bad input: a malformed file, a missing or mistyped field, an impossible value. The message is one line naming
 * the file, the line or field, the bad value and what is expected; the command line prints it and exits with
 * code 2.
 */
public class InputFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InputFormatException(String message) {
        super(message);
    }

    public InputFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
