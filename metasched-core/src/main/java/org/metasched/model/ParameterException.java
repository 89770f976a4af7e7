package org.metasched.model;

import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Bad input in named parameters, worded in the vocabulary of the surface that read them (issue 21): a parameter is
 * {@code --cores} on the command line and {@code cores} in a sweep file. The message is a function of how names are
 * written; {@link #getMessage()} writes them as they are (the configuration's own names, which the files use), and a
 * surface asks for its own wording with {@link #message(UnaryOperator)}, e.g. {@link #COMMAND_LINE}.
 */
public final class ParameterException extends InputFormatException {
    private static final long serialVersionUID = 1L;

    /** The command line's vocabulary: {@code cores} is written {@code --cores}. */
    public static final UnaryOperator<String> COMMAND_LINE = name -> "--" + name;

    private final transient Function<UnaryOperator<String>, String> message;

    /**
     * @param message the one-line message, given how to write a parameter's name
     */
    public ParameterException(Function<UnaryOperator<String>, String> message) {
        super(message.apply(UnaryOperator.identity()));
        this.message = message;
    }

    /** The message with every parameter name written by {@code names}. */
    public String message(UnaryOperator<String> names) {
        return message == null ? getMessage() : message.apply(names);
    }

    /** The message of {@code e} in the vocabulary {@code names} when it names parameters, else as it is. */
    public static String message(RuntimeException e, UnaryOperator<String> names) {
        return e instanceof ParameterException p ? p.message(names) : e.getMessage();
    }

    /**
     * User text for a one-line message: control characters as Unicode escapes, cut after 40 characters (as the
     * readers show a file's text).
     */
    public static String shown(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (b.length() >= 40) {
                return b.append("...").toString();
            }
            char c = s.charAt(i);
            if (c >= 0x20 && c != 0x7f && !Character.isISOControl(c) && c != '\ufffd') {
                b.append(c);
            } else {
                b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            }
        }
        return b.toString();
    }
}
