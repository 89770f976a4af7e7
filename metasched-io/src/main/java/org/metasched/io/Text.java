package org.metasched.io;

/** Text from a user's file as it is safe to print in a one-line message: escaped and cut. */
public final class Text {
    /** Characters shown before a value is cut with "...". */
    public static final int MAX_SHOWN = 40;

    private Text() {}

    /**
     * Bytes {@code [start, end)} of a file as ASCII text: printable characters as they are, everything else
     * (control characters, bytes of binary data or non-ASCII text) as {@code \xNN}, cut after {@value #MAX_SHOWN}
     * characters.
     */
    public static String shown(byte[] b, int start, int end) {
        StringBuilder sb = new StringBuilder(Math.min(end - start, MAX_SHOWN) + 8);
        for (int i = start; i < end; i++) {
            if (sb.length() >= MAX_SHOWN) {
                return sb.append("...").toString();
            }
            int c = b[i] & 0xff;
            if (c >= 0x20 && c < 0x7f) {
                sb.append((char) c);
            } else {
                sb.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
            }
        }
        return sb.toString();
    }

    /** A string as {@link #shown(byte[], int, int)} shows bytes: control characters escaped, cut. */
    public static String shown(String s) {
        return shown(s, MAX_SHOWN);
    }

    /** {@link #shown(String)} cut after {@code max} characters. */
    public static String shown(String s, int max) {
        StringBuilder sb = new StringBuilder(Math.min(s.length(), max) + 8);
        for (int i = 0; i < s.length(); i++) {
            if (sb.length() >= max) {
                return sb.append("...").toString();
            }
            char c = s.charAt(i);
            if (c >= 0x20 && c != 0x7f && !Character.isISOControl(c) && c != '\ufffd') {
                sb.append(c);
            } else {
                sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            }
        }
        return sb.toString();
    }
}
