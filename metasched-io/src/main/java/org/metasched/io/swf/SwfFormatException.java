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

    /**
     * What to add to a bad value's message when {@code b[start, end)} holds a carriage return: a line ended by CR
     * alone (old Mac text) is read as part of one long line, whose error alone would not say why.
     */
    static String carriageReturn(byte[] b, int start, int end) {
        for (int i = start; i < end; i++) {
            if (b[i] == '\r') {
                return " (it holds a carriage return, \\x0d, not followed by a line feed: lines must end in LF or"
                        + " CRLF, not CR alone; convert with tr '\\r' '\\n')";
            }
        }
        return "";
    }
}
