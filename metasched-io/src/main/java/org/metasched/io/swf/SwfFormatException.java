package org.metasched.io.swf;

/**
 * An SWF file that cannot be read: missing, empty, or a garbled line. The message is one line that starts with
 * {@code FILE} or {@code FILE:LINE}, names the field, the bad value and what was expected.
 */
public final class SwfFormatException extends org.metasched.model.InputFormatException {
    private static final long serialVersionUID = 1L;

    public SwfFormatException(String message) {
        super(message);
    }

    public SwfFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
