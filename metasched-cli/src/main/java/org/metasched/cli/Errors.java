package org.metasched.cli;

import picocli.CommandLine;

/**
 * Turns exceptions escaping a command into one line on standard error. Bad input (an {@link InputException}, or
 * an {@link IllegalArgumentException} raised while validating what the user gave) exits with code 2; anything
 * else is a bug in metasched and exits with code 1, with the stack trace only when {@code METASCHED_DEBUG} is
 * set.
 */
final class Errors implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        if (ex instanceof InputException || ex instanceof IllegalArgumentException) {
            cl.getErr().println("metasched: " + ex.getMessage());
            return Main.EXIT_BAD_INPUT;
        }
        cl.getErr().println("metasched: internal error: " + ex);
        if (System.getenv("METASCHED_DEBUG") != null) {
            ex.printStackTrace(cl.getErr());
        } else {
            cl.getErr().println("metasched: set METASCHED_DEBUG=1 to see the stack trace, and please report it");
        }
        return 1;
    }
}
